package bzflag

import (
	"math"
	"time"
)

// The tank and shot constants of BZFlag 1.7 that firing a shot and
// testing a hit take (include/global.h of v1.7g2 and v1.7e6; errata S1
// to S5).
const (
	// TankLength is a tank's length in meters ("TankLength",
	// include/global.h:61).
	TankLength = 6.0
	// TankHeight is a tank's height in meters ("TankHeight",
	// include/global.h:63).
	TankHeight = 2.05
	// TankRadius is the radius, in meters, of the sphere a shot must
	// enter to hit a tank ("TankRadius", 0.72 TankLength,
	// include/global.h:64).
	TankRadius = 0.72 * TankLength
	// MuzzleHeight is the muzzle's height above the tank's position, in
	// meters ("MuzzleHeight", include/global.h:65).
	MuzzleHeight = 1.57
	// MuzzleFront is the muzzle's distance ahead of the tank's position,
	// in meters ("MuzzleFront", TankRadius+0.1, include/global.h:66).
	MuzzleFront = TankRadius + 0.1
	// ShotSpeed is a shot's speed relative to the tank, in meters per
	// second ("ShotSpeed", include/global.h:95).
	ShotSpeed = 100.0
	// ShotRange is how far a shot flies, in meters ("ShotRange",
	// include/global.h:96).
	ShotRange = 350.0
	// ReloadTime is a shot's lifetime in seconds, and how long its slot
	// stays taken ("ReloadTime", ShotRange/ShotSpeed, include/global.h:97):
	// the lifetime MsgShotBegin carries.
	ReloadTime = ShotRange / ShotSpeed
	// ReloadDuration is ReloadTime as a duration.
	ReloadDuration = 3500 * time.Millisecond
	// MaxShotSalt is the largest salt of a shot id: 1.7 counts it from 1
	// to 127 and round again, one a shot (BaseLocalPlayer::getSalt,
	// src/bzflag/LocalPlayer.cxx:47-51).
	MaxShotSalt = 127
)

// Shot is a shot in flight, in a Game's table of live shots: one the
// player fired (Shoot) or one of another player (MsgShotBegin). It
// flies in a straight line from Position at Velocity; the Game knows no
// walls.
type Shot struct {
	Shooter PlayerID
	// ID is the shot id: the salt (1 to MaxShotSalt) << 8 | the slot
	// (0 to the world's MaxShots-1).
	ID       uint16
	Position Vec3 // where it was when fired
	Velocity Vec3
	Flag     FlagID    // the shooter's flag, which decides its kind
	Fired    time.Time // when it was at Position
	Lifetime time.Duration
}

// Slot returns the shot's slot, the low byte of its id.
func (s *Shot) Slot() int { return int(s.ID & 0xff) }

// At returns where the shot is at t.
func (s *Shot) At(t time.Time) Vec3 {
	dt := float32(t.Sub(s.Fired).Seconds())
	return Vec3{s.Position[0] + dt*s.Velocity[0], s.Position[1] + dt*s.Velocity[1], s.Position[2] + dt*s.Velocity[2]}
}

// Expired reports whether the shot's lifetime is over at t: its slot is
// free again (ShotPath::isReloaded, src/bzflag/ShotPath.h:121-124).
func (s *Shot) Expired(t time.Time) bool { return t.Sub(s.Fired) >= s.Lifetime }

// stoppedByHit reports whether the shot ends when it hits a tank: every
// kind but the laser and the shock wave (ShotStrategy::isStoppedByHit,
// src/bzflag/ShotStrategy.cxx:101-104, 906-909, 1392-1395).
func (s *Shot) stoppedByHit() bool { return s.Flag != LaserFlag && s.Flag != ShockWaveFlag }

// Shots returns the live shots the Game knows: the player's own and
// those of the others, until they end (MsgShotEnd) or expire. The slice
// is the Game's, valid until the next call.
func (g *Game) Shots() []Shot { return g.shots }

// reap drops the shots that expired at now.
func (g *Game) reap(now time.Time) {
	live := g.shots[:0]
	for _, s := range g.shots {
		if !s.Expired(now) {
			live = append(live, s)
		}
	}
	clear(g.shots[len(live):])
	g.shots = live
}

// endShot drops the shot of shooter with id (the salt included, as 1.7
// matches it, LocalPlayer::doEndShot, src/bzflag/LocalPlayer.cxx:786-812);
// it reports whether there was one.
func (g *Game) endShot(shooter PlayerID, id uint16) bool {
	for i := range g.shots {
		if s := &g.shots[i]; s.Shooter == shooter && s.ID == id {
			g.shots = append(g.shots[:i], g.shots[i+1:]...)
			return true
		}
	}
	return false
}

// addShot puts s in the table, in place of a shot of the same shooter
// and slot (a new shot reuses its slot).
func (g *Game) addShot(s Shot) {
	for i := range g.shots {
		if o := &g.shots[i]; o.Shooter == s.Shooter && o.Slot() == s.Slot() {
			*o = s
			return
		}
	}
	g.shots = append(g.shots, s)
}

// Shoot fires a shot as the 1.7 client does (LocalPlayer::fireShot,
// src/bzflag/LocalPlayer.cxx:737-785, and FiringInfo,
// src/bzflag/ShotPath.cxx:25-38): in the first of the world's MaxShots
// slots with no shot in flight, with the next salt; from the muzzle
// (MuzzleFront ahead, MuzzleHeight up; 2.5 and 0.4 times as far ahead
// with the Obesity and Tiny flags, Player::getMuzzle,
// src/bzflag/Player.cxx:91-100), at the tank's velocity plus ShotSpeed
// ahead, level (no vertical speed), for ReloadTime seconds; a shock wave
// starts at the tank and stays there. It queues MsgShotBegin (over UDP
// once the link is up) and puts the shot in Shots. It fails with
// ErrCannotShoot when every slot is taken or the tank is not alive or is
// paused, and with ErrSequence before the game is on.
func (g *Game) Shoot(now time.Time) (Shot, error) {
	if g.state != GamePlaying {
		return Shot{}, seqError("Shoot", g.state.String())
	}
	g.now = now
	g.reap(now)
	if g.me.Status&(StatusAlive|StatusPaused) != StatusAlive {
		return Shot{}, ErrCannotShoot
	}
	slots := max(int(g.Join.World.Style.MaxShots), 1)
	slot := -1
	for i := 0; i < slots && slot < 0; i++ {
		slot = i
		for j := range g.shots {
			if s := &g.shots[j]; s.Shooter == g.id && s.Slot() == i {
				slot = -1
				break
			}
		}
	}
	if slot < 0 {
		return Shot{}, ErrCannotShoot
	}
	az := float64(g.me.Azimuth)
	fx, fy := float32(math.Cos(az)), float32(math.Sin(az))
	front := float32(MuzzleFront)
	switch g.me.Flag {
	case ObesityFlag:
		front *= 2.5 // ObeseFactor, include/global.h:243
	case TinyFlag:
		front *= 0.4 // TinyFactor, include/global.h:235
	}
	p, v := g.me.Position, g.me.Velocity
	s := Shot{Shooter: g.id, Flag: g.me.Flag, Fired: now, Lifetime: ReloadDuration,
		Position: Vec3{p[0] + front*fx, p[1] + front*fy, p[2] + MuzzleHeight},
		Velocity: Vec3{v[0] + ShotSpeed*fx, v[1] + ShotSpeed*fy, 0}}
	if g.me.Flag == ShockWaveFlag {
		s.Position, s.Velocity = p, Vec3{}
	}
	salt := g.salt%MaxShotSalt + 1
	s.ID = uint16(salt)<<8 | uint16(slot)
	g.begin = ShotBegin{Shooter: s.Shooter, ShotID: s.ID, Position: s.Position, Velocity: s.Velocity,
		FlagType: s.Flag, Lifetime: ReloadTime}
	if err := g.send(&g.begin); err != nil {
		return Shot{}, err
	}
	g.salt = salt
	g.addShot(s)
	return s, nil
}

// Hit returns the first live shot that hit the player's tank since the
// last call (or since it came alive), as the 1.7 client tests it once a
// frame (LocalPlayer::checkHit, src/bzflag/LocalPlayer.cxx:916-960;
// SegmentedShotStrategy::checkHit, src/bzflag/ShotStrategy.cxx:449-530):
// a shot hits when it comes within 0.99 TankRadius of the tank's middle
// (its position raised by half TankHeight); a paused shooter's shots and
// the player's own shock wave do not count. The tank is taken to stand
// where it is now. Hand the shot to HitBy.
func (g *Game) Hit(now time.Time) (Shot, bool) {
	from := g.hitFrom
	g.hitFrom = now
	if g.state != GamePlaying || g.me.Status&StatusAlive == 0 {
		return Shot{}, false
	}
	c := g.me.Position
	c[2] += TankHeight / 2
	const r = 0.99 * TankRadius
	for _, s := range g.shots {
		if s.Shooter == g.id && s.Flag == ShockWaveFlag {
			continue
		}
		if p := g.Player(s.Shooter); p != nil && p.Status&StatusPaused != 0 {
			continue
		}
		a, b := from.Sub(s.Fired).Seconds(), now.Sub(s.Fired).Seconds()
		a, b = max(a, 0), min(b, s.Lifetime.Seconds())
		if from.IsZero() {
			a = b
		}
		if b < a {
			continue
		}
		var p0, v [3]float64
		for i := range 3 {
			p0[i] = float64(s.Position[i] - c[i])
			v[i] = float64(s.Velocity[i])
		}
		// the closest approach of the shot to the tank's middle in [a, b]
		t := b
		if vv := v[0]*v[0] + v[1]*v[1] + v[2]*v[2]; vv > 0 {
			t = -(p0[0]*v[0] + p0[1]*v[1] + p0[2]*v[2]) / vv
			t = min(max(t, a), b)
		}
		d2 := 0.0
		for i := range 3 {
			x := p0[i] + t*v[i]
			d2 += x * x
		}
		if d2 < r*r {
			return s, true
		}
	}
	return Shot{}, false
}

// HitBy reports that shot s hit the player, as the 1.7 client does
// (src/bzflag/playing.cxx:3943-3964): it queues MsgShotEnd for the shot
// (reason 1, an explosion) first, unless the shot goes on through tanks
// (the laser, the shock wave), and drops it from Shots; then, with the
// Shield flag, the shield is lost (the flag dropped) and the tank lives,
// and otherwise the tank blows up as Killed says, MsgKilled naming the
// shot (playing.cxx:3784-3840).
func (g *Game) HitBy(s Shot, now time.Time) error {
	if g.state != GamePlaying {
		return seqError("HitBy", g.state.String())
	}
	g.now = now
	if g.me.Status&StatusAlive == 0 {
		return nil
	}
	if s.stoppedByHit() {
		g.end = ShotEnd{Shooter: s.Shooter, ShotID: int16(s.ID), Reason: 1}
		if err := g.send(&g.end); err != nil {
			return err
		}
		g.endShot(s.Shooter, s.ID)
	}
	if g.me.Flag == ShieldFlag {
		return g.dropHeld()
	}
	return g.Killed(s.Shooter, int16(s.ID), now)
}
