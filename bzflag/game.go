package bzflag

import (
	"math"
	"net/netip"
	"time"

	"github.com/gamewire/gamewire/session"
	"github.com/gamewire/gamewire/wire"
	"github.com/gamewire/gamewire/wire/spec"
)

// Rates and times of the 1.7 client's game (docs/errata/bzflag.md, G1 to
// G8), as Go durations.
const (
	// MaxUpdateTime is the longest the 1.7 client goes without sending
	// MsgPlayerUpdate while alive ("MaxUpdateTime", src/bzflag/Player.cxx).
	MaxUpdateTime = time.Second
	// MinUpdateTime is the shortest interval between two MsgPlayerUpdate
	// the 1.7 client sends for a drift of its dead reckoning: its
	// throttle of 30 a second. A change of the Alive, Paused or Falling
	// bits is sent at once.
	MinUpdateTime = time.Second / 30
	// PositionTolerance is the drift from the dead-reckoned position, in
	// meters, past which the 1.7 client sends MsgPlayerUpdate.
	PositionTolerance = 0.01
	// AngleTolerance is the drift from the dead-reckoned azimuth, in
	// radians, past which the 1.7 client sends MsgPlayerUpdate.
	AngleTolerance = 0.01
	// RelayTimeout is how long the 1.7 client waits for the answer to its
	// MsgNetworkRelay.
	RelayTimeout = time.Second
	// GrabInterval is the 1.7 client's shortest interval between two
	// MsgGrabFlag.
	GrabInterval = 200 * time.Millisecond
	// ExplodeDuration is ExplodeTime as a duration: how long a killed
	// tank explodes before it is dead and may send MsgAlive again.
	ExplodeDuration = 5 * time.Second
)

// ClientInternalVersion is the number the 1.7g2 client sends in
// MsgClientVersion ("INTERNALVERSION", src/bzflag/ServerLink.cxx).
const ClientInternalVersion = 0x17a0

// GameState is where a Game is.
type GameState uint8

// The states of a Game.
const (
	// GameIdle: Start not called yet.
	GameIdle GameState = iota
	// GameJoining: the join sequence (Game.Join) is under way.
	GameJoining
	// GameRelaying: joined; MsgNetworkRelay is out and its answer due.
	GameRelaying
	// GamePlaying: the game is on.
	GamePlaying
	// GameLeft: MsgExit is out, or the server sent MsgSuperKill, or the
	// relay was refused: close the connections.
	GameLeft
)

var gameStateNames = []string{"idle", "joining", "relaying", "playing", "left"}

// String returns the state's name.
func (s GameState) String() string { return session.NameOr(gameStateNames, s, "invalid") }

// Player is what a Game knows of a player: the MsgAddPlayer that
// announced it, then what MsgAlive, MsgPlayerUpdate, MsgKilled,
// MsgGrabFlag, MsgDropFlag, MsgCaptureFlag, MsgScore and MsgTeleport said.
type Player struct {
	ID       PlayerID
	Type     PlayerType
	Team     TeamColor
	CallSign CallSign
	Email    Email
	Wins     uint16
	Losses   uint16

	Status          PlayerStatus
	Position        Vec3
	Velocity        Vec3
	Azimuth         float32
	AngularVelocity float32
	// Flag is the flag the player holds (NullFlag for none).
	Flag FlagID
	// Teleported is when the last MsgTeleport arrived, From and To its
	// teleporters.
	Teleported   time.Duration
	TeleportFrom uint16
	TeleportTo   uint16
	Exploded     time.Duration // when the player was killed
	Updated      time.Duration // when its last MsgAlive or MsgPlayerUpdate arrived
}

// Team is a team's counts from MsgTeamUpdate.
type Team struct {
	Players, Active, Wins, Losses uint16
}

// Game is a client's whole session, as a state machine that one game
// loop drives: the join (Join, a Client), then the game as the 1.7 client
// plays it. It writes what it sends itself, to TCP and UDP, and reads
// nothing: the loop reads TCP (and UDP, when it has a link) and hands
// every message to Handle, and calls Tick often (the 1.7 client does
// once a frame). Time is what the loop says it is: every call takes now,
// a duration from any fixed origin. Game starts no goroutine and reads no
// clock; in steady state (messages in, updates out) it allocates nothing.
//
// What it does, after the 1.7 client (docs/errata/bzflag.md, G1 to G8):
//
//   - joined, it asks the server to relay (MsgNetworkRelay) and waits up
//     to RelayTimeout for the answer; MsgReject ends the game with
//     ErrRelayRefused. Then, if UDP is set, it sends MsgClientVersion and
//     MsgUDPLinkRequest with its UDP port, and, in any case, MsgSetTTL.
//   - the server's MsgUDPLinkRequest (its UDP port) is answered with
//     MsgUDPLinkEstablished over TCP and brings the UDP link up: from then
//     on MsgPlayerUpdate, MsgShotBegin, MsgShotEnd and MsgGMUpdate go over
//     UDP (OverUDP). Without an answer (bzfs -noudp), everything stays on
//     TCP.
//   - MsgLagPing is echoed unchanged, over TCP.
//   - Tick sends MsgPlayerUpdate when the 1.7 client would: at once when
//     the Alive, Paused or Falling bit changes; never when dead
//     otherwise; at least every MaxUpdateTime; when the dead-reckoned
//     position would touch the ground; else at most every MinUpdateTime,
//     when the position or azimuth drifts from the dead reckoning by more
//     than PositionTolerance or AngleTolerance.
//   - the tables of players (Players), flags (Flags) and teams (Teams)
//     follow MsgAddPlayer, MsgRemovePlayer, MsgTeamUpdate, MsgFlagUpdate,
//     MsgAlive, MsgPlayerUpdate, MsgKilled, MsgGrabFlag, MsgDropFlag,
//     MsgCaptureFlag, MsgScore and MsgTeleport.
//   - kills: when the player is hit (Killed) or the server says it was
//     killed, it drops its flag (MsgDropFlag) first, counts a loss
//     (MsgScore), and, when hit, sends MsgKilled; its tank explodes for
//     ExplodeDuration, then Alive may send MsgAlive. A kill by the player
//     counts a win, or a loss for a teammate (MsgScore). The capture of
//     the player's team flag, MsgScoreOver and the end of time blow the
//     tank up without a loss.
//   - Exit sends MsgExit.
//
// Messages Handle does not act on (MsgShotBegin, MsgMessage, ...) are
// for the caller, who sees every message first.
type Game struct {
	// Join is the join sequence; fill Join.Enter before Start.
	Join Client
	// TCP is the game connection.
	TCP *wire.Conn
	// UDP, if set, is the client's UDP link: the Game asks for it after
	// the relay, and uses it once the server answers. Nil: TCP only.
	UDP *UDPLink
	// Server is the server's address, where the UDP link's datagrams go
	// (at the port the server names).
	Server netip.Addr
	// TTL is sent in MsgSetTTL after the relay; 0 means DefaultTTL.
	TTL uint16

	state    GameState
	id       PlayerID
	players  []Player
	flags    []FlagStatus
	teams    [NumTeams]Team
	me       Player
	timeLeft int
	over     bool

	relaySent time.Duration
	lastGrab  time.Duration
	grabbed   bool

	// the dead reckoning of the last MsgPlayerUpdate sent
	sent       PlayerUpdate
	sentAt     time.Duration
	sentSpeed  float64 // signed planar speed
	sentCourse float64 // azimuth of the velocity

	// messages the Game sends, reused
	update  PlayerUpdate
	echo    LagPing
	relay   NetworkRelay
	version ClientVersion
	link    UDPLinkRequest
	linked  UDPLinkEstablished
	ttl     SetTTL
	alive   AliveFromClient
	killed  KilledFromClient
	drop    DropFlagFromClient
	grab    GrabFlagFromClient
	capture CaptureFlagFromClient
	score   ScoreFromClient
	tele    TeleportFromClient
	exit    Exit
}

// State returns the game's state.
func (g *Game) State() GameState { return g.state }

// ID returns the player's id (the one the server assigned, once joined).
func (g *Game) ID() PlayerID { return g.id }

// Me returns the player's own state: its status, motion, flag and score.
func (g *Game) Me() *Player { return &g.me }

// Players returns the other players in the game, in their slots; a free
// slot has the zero ID. The slice is the Game's.
func (g *Game) Players() []Player { return g.players }

// Player returns the player with id, or nil.
func (g *Game) Player(id PlayerID) *Player {
	for i := range g.players {
		if g.players[i].ID == id && !id.IsZero() {
			return &g.players[i]
		}
	}
	return nil
}

// Flags returns the flags, by index, as the last MsgFlagUpdate,
// MsgGrabFlag or MsgDropFlag left them. The slice is the Game's.
func (g *Game) Flags() []FlagStatus { return g.flags }

// Teams returns the teams, RogueTeam to PurpleTeam.
func (g *Game) Teams() *[NumTeams]Team { return &g.teams }

// TimeLeft returns the seconds left from the last MsgTimeLeft, or -1.
func (g *Game) TimeLeft() int { return g.timeLeft }

// Over reports whether the game is over (MsgScoreOver, or no time left).
func (g *Game) Over() bool { return g.over }

// UDPUp reports whether updates travel over the UDP link.
func (g *Game) UDPUp() bool { return g.UDP != nil && g.UDP.Up() }

// Start begins the session: it sends the join's first MsgGetWorld.
func (g *Game) Start(now time.Duration) error {
	g.state = GameJoining
	g.timeLeft = -1
	g.over = false
	g.players, g.flags = g.players[:0], g.flags[:0]
	g.teams = [NumTeams]Team{}
	g.me = Player{Team: g.Join.Enter.Team, Type: g.Join.Enter.Type, CallSign: g.Join.Enter.CallSign,
		Email: g.Join.Enter.Email}
	return g.TCP.WriteMessage(g.Join.Start())
}

// write sends m over TCP.
func (g *Game) write(m Message) error { return g.TCP.WriteMessage(m) }

// Send sends m as the 1.7 client does: over the UDP link when it is up
// and m's code is one the client sends over UDP (OverUDP), else over TCP.
func (g *Game) Send(m Message) error {
	if g.UDPUp() && OverUDP(CodeOf(m)) {
		return g.UDP.WriteMessage(m)
	}
	return g.TCP.WriteMessage(m)
}

// Handle takes one message from the server, from TCP or UDP, at now, and
// sends what the 1.7 client sends in answer. An *UnexpectedError during
// the join, like Client's, changes nothing.
func (g *Game) Handle(m Message, now time.Duration) error {
	switch g.state {
	case GameJoining:
		return g.joining(m, now)
	case GameRelaying:
		switch r := m.(type) {
		case *Reject:
			g.state = GameLeft
			return ErrRelayRefused
		case *Accept:
			return g.relayed()
		default:
			// The 1.7 client takes any other answer as a yes, and
			// drops it; this Game acts on it too.
			if err := g.relayed(); err != nil {
				return err
			}
			return g.play(r, now)
		}
	case GamePlaying:
		return g.play(m, now)
	}
	if _, ok := m.(*SuperKill); ok {
		g.state = GameLeft
		return ErrSuperKill
	}
	return nil
}

// joining feeds the join, and keeps the tables from the updates that
// precede the player's own MsgAddPlayer.
func (g *Game) joining(m Message, now time.Duration) error {
	before := g.Join.State()
	reply, err := g.Join.Handle(m)
	if err != nil {
		if g.Join.State() == ClientKilled {
			g.state = GameLeft
		}
		return err
	}
	if before == ClientDownloading && g.Join.State() == ClientEntering {
		g.size()
	}
	if before == ClientUpdating {
		if err := g.play(m, now); err != nil {
			return err
		}
	}
	if reply != nil {
		if err := g.write(reply); err != nil {
			return err
		}
	}
	if g.Join.State() != ClientJoined {
		return nil
	}
	// Joined: the player's id, the flags already on tanks, then the relay.
	g.id = g.Join.ID()
	g.me.ID = g.id
	for i := range g.flags {
		f := &g.flags[i]
		if f.Status == FlagOnTank {
			if p := g.Player(f.Owner); p != nil {
				p.Flag = f.ID
			}
		}
	}
	g.state = GameRelaying
	g.relaySent = now
	return g.write(&g.relay)
}

// Retry sends MsgEnter again after a MsgReject (Handle returned
// ErrRejected), as the spec allows; the 1.7 client gives up instead
// (errata J4). It does nothing in any other state.
func (g *Game) Retry() error {
	if g.state != GameJoining {
		return nil
	}
	if m := g.Join.Retry(); m != nil {
		return g.write(m)
	}
	return nil
}

// size makes the tables for the world's limits, once it has arrived.
func (g *Game) size() {
	st := &g.Join.World.Style
	if n := int(st.MaxPlayers); cap(g.players) < n {
		g.players = make([]Player, 0, n)
	}
	g.players = g.players[:0]
	if n := int(st.MaxFlags); cap(g.flags) < n {
		g.flags = make([]FlagStatus, n)
	}
	g.flags = g.flags[:st.MaxFlags]
	clear(g.flags)
}

// relayed goes on once the server relays: the UDP link request and the
// TTL, in the 1.7 client's order.
func (g *Game) relayed() error {
	g.state = GamePlaying
	if g.UDP != nil {
		g.version.Version = ClientInternalVersion
		if err := g.write(&g.version); err != nil {
			return err
		}
		g.link.Port = g.UDP.Port()
		if err := g.write(&g.link); err != nil {
			return err
		}
	}
	g.ttl.TTL = g.TTL
	if g.ttl.TTL == 0 {
		g.ttl.TTL = DefaultTTL
	}
	return g.write(&g.ttl)
}

// play acts on a message of the game.
func (g *Game) play(m Message, now time.Duration) error {
	switch r := m.(type) {
	case *LagPing:
		g.echo = *r
		return g.write(&g.echo)
	case *UDPLinkRequest:
		if g.UDP == nil || g.state != GamePlaying {
			return nil
		}
		if err := g.write(&g.linked); err != nil {
			return err
		}
		g.UDP.Establish(netip.AddrPortFrom(g.Server, r.Port))
	case *SetTTL:
		if r.TTL > g.TTL {
			g.TTL = r.TTL
		}
	case *AddPlayer:
		if r.ID == g.id || r.ID == g.Join.Enter.ID {
			return nil
		}
		return g.addPlayer(r)
	case *RemovePlayer:
		if p := g.Player(r.ID); p != nil {
			*p = Player{}
		}
	case *TeamUpdate:
		if !r.Team.IsTeam() {
			return r.Form().Err("team", wire.ErrInvalid)
		}
		g.teams[r.Team] = Team{Players: r.Players, Active: r.Active, Wins: r.Wins, Losses: r.Losses}
	case *FlagUpdate:
		return g.setFlag(r.Form(), r.Index, &r.Flag)
	case *AliveFromServer:
		if p := g.Player(r.ID); p != nil {
			p.Status = StatusAlive
			p.Position = r.Position
			p.Azimuth = float32(math.Atan2(float64(r.Forward[1]), float64(r.Forward[0])))
			p.Velocity, p.AngularVelocity = Vec3{}, 0
			p.Updated = now
		}
	case *PlayerUpdate:
		if p := g.Player(r.ID); p != nil {
			p.Status, p.Position, p.Velocity = r.Status, r.Position, r.Velocity
			p.Azimuth, p.AngularVelocity, p.Updated = r.Azimuth, r.AngularVelocity, now
		}
	case *KilledFromServer:
		return g.killedMsg(r, now)
	case *GrabFlagFromServer:
		if err := g.setFlag(r.Form(), r.Index, &r.Flag); err != nil {
			return err
		}
		if r.Grabber == g.id {
			g.me.Flag = r.Flag.ID
		} else if p := g.Player(r.Grabber); p != nil {
			p.Flag = r.Flag.ID
		}
	case *DropFlagFromServer:
		if err := g.setFlag(r.Form(), r.Index, &r.Flag); err != nil {
			return err
		}
		if r.Dropper == g.id {
			g.me.Flag = NullFlag
		} else if p := g.Player(r.Dropper); p != nil {
			p.Flag = NullFlag
		}
	case *CaptureFlagFromServer:
		if r.Capturer == g.id {
			g.me.Flag = NullFlag
		} else if p := g.Player(r.Capturer); p != nil {
			p.Flag = NullFlag
		}
		if int(r.Index) < len(g.flags) && int(g.flags[r.Index].ID) == int(g.me.Team) && g.me.Team != RogueTeam {
			return g.blowUp(now, false)
		}
	case *ScoreFromServer:
		if p := g.Player(r.ID); p != nil {
			p.Wins, p.Losses = r.Wins, r.Losses
		}
	case *TeleportFromServer:
		if p := g.Player(r.ID); p != nil {
			p.Teleported, p.TeleportFrom, p.TeleportTo = now, r.From, r.To
		}
	case *TimeLeft:
		g.timeLeft = int(r.Seconds)
		if r.Seconds == 0 {
			g.over = true
			g.explode(now)
		}
	case *ScoreOver:
		g.over = true
		g.explode(now)
	case *SuperKill:
		g.state = GameLeft
		return ErrSuperKill
	}
	return nil
}

// addPlayer puts a player in the first free slot.
func (g *Game) addPlayer(r *AddPlayer) error {
	p := g.Player(r.ID)
	if p == nil {
		for i := range g.players {
			if g.players[i].ID.IsZero() {
				p = &g.players[i]
				break
			}
		}
	}
	if p == nil {
		if len(g.players) == cap(g.players) {
			return ErrTableFull
		}
		g.players = g.players[:len(g.players)+1]
		p = &g.players[len(g.players)-1]
	}
	*p = Player{ID: r.ID, Type: r.Type, Team: r.Team, CallSign: r.CallSign, Email: r.Email,
		Wins: r.Wins, Losses: r.Losses}
	return nil
}

// setFlag records flag i, which must be within the world's flags.
func (g *Game) setFlag(f *spec.Form, i uint16, s *FlagStatus) error {
	if int(i) >= len(g.flags) {
		return f.Err("flagNum", wire.ErrInvalid)
	}
	g.flags[i] = *s
	return nil
}

// killedMsg acts on the server's MsgKilled.
func (g *Game) killedMsg(r *KilledFromServer, now time.Duration) error {
	if r.Victim == g.id {
		if g.me.Status&StatusAlive != 0 {
			if err := g.blowUp(now, true); err != nil {
				return err
			}
		}
	} else if p := g.Player(r.Victim); p != nil {
		p.Status = (p.Status | StatusExploding) &^ StatusAlive
		p.Exploded = now
	}
	if r.Killer != g.id || r.Victim == g.id {
		return nil
	}
	// The player killed someone it knows: a win, or a loss for a
	// teammate.
	v := g.Player(r.Victim)
	if v == nil {
		return nil
	}
	if v.Team == g.me.Team && g.me.Team != RogueTeam {
		return g.changeScore(0, 1)
	}
	return g.changeScore(1, 0)
}

// blowUp is the 1.7 client's gotBlowedUp for a kill the server reported
// (loss true) or a capture of the team flag: the flag is dropped, the
// tank explodes, and a kill counts a loss.
func (g *Game) blowUp(now time.Duration, loss bool) error {
	if g.me.Status&StatusAlive == 0 {
		return nil
	}
	if err := g.dropHeld(); err != nil {
		return err
	}
	g.explode(now)
	if loss {
		return g.changeScore(0, 1)
	}
	return nil
}

// dropHeld sends MsgDropFlag if the player holds a flag, and forgets it.
func (g *Game) dropHeld() error {
	if g.me.Flag == NullFlag {
		return nil
	}
	g.me.Flag = NullFlag
	g.drop.Position = g.me.Position
	return g.write(&g.drop)
}

// explode starts the tank's explosion.
func (g *Game) explode(now time.Duration) {
	if g.me.Status&StatusAlive == 0 {
		return
	}
	g.me.Status = (g.me.Status | StatusExploding) &^ StatusAlive
	g.me.Exploded = now
}

// changeScore counts wins and losses and sends MsgScore, as the 1.7
// client does on every change of its score.
func (g *Game) changeScore(wins, losses uint16) error {
	g.me.Wins += wins
	g.me.Losses += losses
	g.score.Wins, g.score.Losses = g.me.Wins, g.me.Losses
	return g.write(&g.score)
}

// Tick advances the game to now: the end of an explosion, the relay's
// timeout, and MsgPlayerUpdate when it is due.
func (g *Game) Tick(now time.Duration) error {
	switch g.state {
	case GameRelaying:
		if now-g.relaySent > RelayTimeout {
			g.state = GameLeft
			return ErrRelayTimeout
		}
		return nil
	case GamePlaying:
	default:
		return nil
	}
	if g.me.Status&StatusExploding != 0 && now-g.me.Exploded >= ExplodeDuration {
		g.me.Status = StatusDead
	}
	if !g.updateDue(now) {
		return nil
	}
	g.update = PlayerUpdate{ID: g.id, Status: g.me.Status, Position: g.me.Position, Velocity: g.me.Velocity,
		Azimuth: g.me.Azimuth, AngularVelocity: g.me.AngularVelocity}
	g.reckonFrom(&g.update, now)
	return g.Send(&g.update)
}

// reckonFrom makes u the base of the dead reckoning.
func (g *Game) reckonFrom(u *PlayerUpdate, now time.Duration) {
	g.sent, g.sentAt = *u, now
	vx, vy := float64(u.Velocity[0]), float64(u.Velocity[1])
	g.sentSpeed = math.Hypot(vx, vy)
	az := float64(u.Azimuth)
	if math.Cos(az)*vx+math.Sin(az)*vy < 0 {
		g.sentSpeed = -g.sentSpeed
	}
	g.sentCourse = 0
	if g.sentSpeed != 0 {
		g.sentCourse = math.Atan2(vy, vx)
	}
}

// updateDue is the 1.7 client's isDeadReckoningWrong.
func (g *Game) updateDue(now time.Duration) bool {
	const bits = StatusAlive | StatusPaused | StatusFalling
	if g.me.Status&bits != g.sent.Status&bits {
		return true
	}
	if g.me.Status&StatusAlive == 0 {
		return false
	}
	dt := now - g.sentAt
	if dt >= MaxUpdateTime {
		return true
	}
	pos, az := g.Reckon(now)
	if pos[2] < 0 {
		return true
	}
	if dt < MinUpdateTime {
		return false
	}
	return math.Abs(float64(g.me.Position[0])-pos[0]) > PositionTolerance ||
		math.Abs(float64(g.me.Position[1])-pos[1]) > PositionTolerance ||
		math.Abs(float64(g.me.Position[2])-pos[2]) > PositionTolerance ||
		math.Abs(float64(g.me.Azimuth)-az) > AngleTolerance
}

// Reckon returns where the other players believe the player is at now:
// the dead reckoning of the last MsgPlayerUpdate sent, as the 1.7 client
// computes it (straight ahead, on a circle when turning, on a parabola
// when falling; a paused tank stays put).
func (g *Game) Reckon(now time.Duration) (pos [3]float64, azimuth float64) {
	u := &g.sent
	dt := (now - g.sentAt).Seconds()
	p0 := [3]float64{float64(u.Position[0]), float64(u.Position[1]), float64(u.Position[2])}
	a0, w := float64(u.Azimuth), float64(u.AngularVelocity)
	speed, course := g.sentSpeed, g.sentCourse
	switch {
	case u.Status&StatusPaused != 0:
		return p0, a0
	case u.Status&StatusFalling != 0:
		s := math.Abs(speed)
		pos[0] = p0[0] + dt*s*math.Cos(course)
		pos[1] = p0[1] + dt*s*math.Sin(course)
		pos[2] = p0[2] + dt*float64(u.Velocity[2]) + 0.5*Gravity*dt*dt
		azimuth = a0
		if u.Status&StatusAlive != 0 {
			azimuth = a0 + dt*w
		}
		return pos, azimuth
	case w == 0:
		s := math.Abs(speed)
		pos[0] = p0[0] + dt*s*math.Cos(course)
		pos[1] = p0[1] + dt*s*math.Sin(course)
	default:
		r := speed / w
		off := a0 - 0.5*math.Pi
		a := off + dt*w
		pos[0] = p0[0] + r*(math.Cos(a)-math.Cos(off))
		pos[1] = p0[1] + r*(math.Sin(a)-math.Sin(off))
	}
	pos[2] = p0[2]
	return pos, a0 + dt*w
}

// Move sets the player's motion for the next Tick: its position,
// velocity, azimuth and angular velocity, and the status bits the game
// controls (Paused, Falling, FlagActive, Teleporting, CrossingWall); the
// Game keeps Alive and Exploding.
func (g *Game) Move(status PlayerStatus, pos, vel Vec3, azimuth, angVel float32) {
	const kept = StatusAlive | StatusExploding
	g.me.Status = g.me.Status&kept | status&^kept
	g.me.Position, g.me.Velocity = pos, vel
	g.me.Azimuth, g.me.AngularVelocity = azimuth, angVel
}

// Alive puts the tank in the game at pos, facing forward, and sends
// MsgAlive: on the first life, and after each death once the explosion is
// over (ErrExploding before).
func (g *Game) Alive(pos, forward Vec3, now time.Duration) error {
	if g.state != GamePlaying {
		return ErrNotPlaying
	}
	if g.me.Status&StatusExploding != 0 {
		if now-g.me.Exploded < ExplodeDuration {
			return ErrExploding
		}
	}
	g.me.Status = StatusAlive
	g.me.Position, g.me.Velocity = pos, Vec3{}
	g.me.Azimuth = float32(math.Atan2(float64(forward[1]), float64(forward[0])))
	g.me.AngularVelocity = 0
	g.alive = AliveFromClient{Position: pos, Forward: forward}
	return g.write(&g.alive)
}

// Killed reports that a shot (shotID, -1 for none) of killer hit the
// player, as the 1.7 client does: MsgDropFlag if it holds a flag, a loss
// (MsgScore), then MsgKilled; the tank explodes. Nothing is sent if it is
// not alive.
func (g *Game) Killed(killer PlayerID, shotID int16, now time.Duration) error {
	if g.state != GamePlaying {
		return ErrNotPlaying
	}
	if g.me.Status&StatusAlive == 0 {
		return nil
	}
	if err := g.blowUp(now, true); err != nil {
		return err
	}
	g.killed = KilledFromClient{Killer: killer, ShotID: shotID}
	return g.write(&g.killed)
}

// GrabFlag asks for flag i, as the 1.7 client does when it drives over
// a flag on the ground while alive, not paused and holding none: at most
// once per GrabInterval.
// It reports whether it sent MsgGrabFlag.
func (g *Game) GrabFlag(i uint16, now time.Duration) (bool, error) {
	if g.state != GamePlaying {
		return false, ErrNotPlaying
	}
	if g.me.Status&(StatusAlive|StatusPaused) != StatusAlive || g.me.Flag != NullFlag || int(i) >= len(g.flags) ||
		g.flags[i].Status != FlagOnGround || g.flags[i].ID == NullFlag ||
		g.grabbed && now-g.lastGrab <= GrabInterval {
		return false, nil
	}
	g.grabbed, g.lastGrab = true, now
	g.grab.Index = i
	return true, g.write(&g.grab)
}

// DropFlag drops the flag the player holds, where it is (MsgDropFlag);
// nothing if it holds none. The flag is the player's until the server's
// MsgDropFlag.
func (g *Game) DropFlag() error {
	if g.state != GamePlaying {
		return ErrNotPlaying
	}
	if g.me.Flag == NullFlag {
		return nil
	}
	g.drop.Position = g.me.Position
	return g.write(&g.drop)
}

// CaptureFlag reports that the player brought a team flag into team's
// base (MsgCaptureFlag).
func (g *Game) CaptureFlag(team TeamColor) error {
	if g.state != GamePlaying {
		return ErrNotPlaying
	}
	g.capture.Team = team
	return g.write(&g.capture)
}

// Teleport reports that the player went through teleporter face from and
// came out of face to (MsgTeleport).
func (g *Game) Teleport(from, to uint16, now time.Duration) error {
	if g.state != GamePlaying {
		return ErrNotPlaying
	}
	g.me.Teleported, g.me.TeleportFrom, g.me.TeleportTo = now, from, to
	g.tele = TeleportFromClient{From: from, To: to}
	return g.write(&g.tele)
}

// Exit leaves the game: it sends MsgExit, as the 1.7 client does when it
// leaves a game it joined. Closing the connections is the caller's.
func (g *Game) Exit() error {
	if g.state == GameLeft || g.state == GameIdle {
		return nil
	}
	g.state = GameLeft
	return g.write(&g.exit)
}
