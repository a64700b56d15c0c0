package bzflag_test

import (
	"errors"
	"net/netip"
	"slices"
	"testing"
	"time"

	"github.com/gamewire/gamewire/bzflag"
	"github.com/gamewire/gamewire/internal/codectest"
	"github.com/gamewire/gamewire/session"
	"github.com/gamewire/gamewire/wire"
)

// sink drains what a Game sends.
type sink struct {
	g    *bzflag.Game
	keep bool
}

// sent returns the codes of the frames and datagrams the Game has to
// send since the last call, which must decode strictly and re-encode to
// their bytes.
func (s *sink) sent(t *testing.T) []bzflag.Code {
	t.Helper()
	out := sentCodes(t, s.g)
	units, _ := drain(s.g.UDPLink())
	for _, u := range units {
		_, _, f, err := bzflag.ParseDatagram(u)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, sentCodes1(t, f)...)
	}
	return out
}

func sentCodes1(t *testing.T, frame []byte) []bzflag.Code {
	var out []bzflag.Code
	for _, m := range decodeAll(t, [][]byte{frame}, bzflag.FromClient) {
		out = append(out, bzflag.CodeOf(m))
	}
	return out
}

func count(codes []bzflag.Code, c bzflag.Code) int {
	n := 0
	for _, x := range codes {
		if x == c {
			n++
		}
	}
	return n
}

// joinedGame returns a Game in memory that has joined (as realID, with the
// robot otherID in the game and flag 0 on the ground) and, if relay, had
// its MsgNetworkRelay accepted.
func joinedGame(t testing.TB, s *sink, relay bool) *bzflag.Game {
	t.Helper()
	ws, err := bzflag.NewWorldServer(testWorld(t), 0)
	if err != nil {
		t.Fatal(err)
	}
	g := &bzflag.Game{}
	s.g = g
	g.Join.Enter = testEnter()
	if err := g.Start(at(0)); err != nil {
		t.Fatal(err)
	}
	in := []bzflag.Message{
		reply(ws, &bzflag.GetWorldRequest{}),
		&bzflag.Accept{},
		&bzflag.TeamUpdate{Team: bzflag.RedTeam, Players: 1},
		&bzflag.FlagUpdate{Index: 0, Flag: bzflag.FlagStatus{ID: bzflag.ShieldFlag, Status: bzflag.FlagOnGround}},
		&bzflag.FlagUpdate{Index: 1, Flag: bzflag.FlagStatus{ID: bzflag.BlueFlag, Status: bzflag.FlagOnTank, Owner: otherID}},
		&bzflag.AddPlayer{ID: otherID, Type: bzflag.TankPlayer, Team: bzflag.BlueTeam, CallSign: bzflag.NewCallSign("blue")},
		&bzflag.AddPlayer{ID: myID, Type: bzflag.TankPlayer, Team: bzflag.RedTeam, HasAssignedID: true, AssignedID: realID},
	}
	if relay {
		in = append(in, &bzflag.Accept{})
	}
	for _, m := range in {
		if err := gh(g, m, 0); err != nil {
			t.Fatalf("%v: %v", bzflag.CodeOf(m), err)
		}
	}
	return g
}

// TestGameJoinAndRelay checks the messages of the join and the relay, in
// the 1.7 client's order, and the tables the join's updates fill.
func TestGameJoinAndRelay(t *testing.T) {
	s := &sink{keep: true}
	g := joinedGame(t, s, false)
	if g.State() != bzflag.GameRelaying || g.ID() != realID {
		t.Fatalf("state %v, id %v", g.State(), g.ID())
	}
	want := []bzflag.Code{bzflag.CodeGetWorld, bzflag.CodeEnter, bzflag.CodeIDAck, bzflag.CodeNetworkRelay}
	if got := s.sent(t); !slices.Equal(got, want) {
		t.Errorf("sent %v, want %v", got, want)
	}
	if p := g.Player(otherID); p == nil || p.Flag != bzflag.BlueFlag || cstring(p.CallSign[:]) != "blue" {
		t.Errorf("the other player: %+v (holds the blue flag from the join's MsgFlagUpdate)", p)
	}
	if g.Teams()[bzflag.RedTeam].Players != 1 || len(g.Flags()) != 10 || g.Flags()[0].ID != bzflag.ShieldFlag {
		t.Errorf("teams %v, flags %v", g.Teams(), g.Flags())
	}
	if err := gh(g, &bzflag.Accept{}, 0); err != nil || g.State() != bzflag.GamePlaying {
		t.Fatalf("relay accepted: %v, %v", err, g.State())
	}
	// No UDP socket: no link request; the TTL.
	if got := s.sent(t); !slices.Equal(got, []bzflag.Code{bzflag.CodeSetTTL}) {
		t.Errorf("after the relay: %v", got)
	}
}

func TestGameRelayRefusedAndTimeout(t *testing.T) {
	g := joinedGame(t, &sink{}, false)
	events(g)
	drain(g)
	if err := gh(g, &bzflag.Reject{Bare: true}, 0); err != nil || g.State() != bzflag.GameLeft || !g.Done() {
		t.Errorf("MsgReject: %v, %v", err, g.State())
	}
	if es := events(g); len(es) != 1 || es[0].Kind != bzflag.EventLeft || !errors.Is(es[0].Err, bzflag.ErrRelayRefused) {
		t.Errorf("MsgReject: events %+v", es)
	}
	g = joinedGame(t, &sink{}, false)
	events(g)
	if d := g.Deadline(); !d.Equal(at(bzflag.RelayTimeout)) {
		t.Errorf("deadline %v, want the relay's timeout", d)
	}
	g.Tick(at(bzflag.RelayTimeout - time.Millisecond))
	if g.State() != bzflag.GameRelaying {
		t.Errorf("before the timeout: %v", g.State())
	}
	g.Tick(at(bzflag.RelayTimeout))
	if es := events(g); g.State() != bzflag.GameLeft || len(es) != 1 || !errors.Is(es[0].Err, bzflag.ErrRelayTimeout) {
		t.Errorf("at the timeout: %v, %+v", g.State(), es)
	}
	// Any other answer is a yes, as for the 1.7 client, and is acted on.
	s := &sink{keep: true}
	g = joinedGame(t, s, false)
	s.sent(t)
	if err := gh(g, &bzflag.LagPing{Seq: 9}, 0); err != nil || g.State() != bzflag.GamePlaying {
		t.Errorf("MsgLagPing as the answer: %v, %v", err, g.State())
	}
	if got := s.sent(t); !slices.Equal(got, []bzflag.Code{bzflag.CodeSetTTL, bzflag.CodeLagPing}) {
		t.Errorf("sent %v", got)
	}
}

// TestGameUpdateRate drives the player with an injected clock and counts
// the MsgPlayerUpdate the Game sends, against the 1.7 client's rules.
func TestGameUpdateRate(t *testing.T) {
	s := &sink{keep: true}
	g := joinedGame(t, s, true)
	s.sent(t)
	const frame = 10 * time.Millisecond
	now := time.Duration(0)
	run := func(d time.Duration, move func(now time.Duration)) int {
		n := 0
		for end := now + d; now < end; {
			now += frame
			if move != nil {
				move(now)
			}
			if err := tick(g, now); err != nil {
				t.Fatal(err)
			}
			n += count(s.sent(t), bzflag.CodePlayerUpdate)
		}
		return n
	}
	// Dead: nothing.
	if n := run(3*time.Second, nil); n != 0 {
		t.Errorf("%d updates while dead", n)
	}
	if err := alive(g, bzflag.Vec3{}, bzflag.Vec3{1, 0, 0}, now); err != nil {
		t.Fatal(err)
	}
	// Standing still: the status change at once, then one a second.
	if n := run(3*time.Second+frame/2, nil); n != 4 {
		t.Errorf("standing still 3 s: %d updates, want 1 + 3", n)
	}
	// Straight ahead at constant speed: dead reckoning holds; one a second.
	start, t0 := now, float32(0)
	straight := func(now time.Duration) {
		x := t0 + 10*float32((now-start).Seconds())
		g.Move(0, bzflag.Vec3{x, 0, 0}, bzflag.Vec3{10, 0, 0}, 0, 0)
	}
	n := run(2*time.Second, straight)
	if n < 2 || n > 3 {
		t.Errorf("straight ahead 2 s: %d updates, want 2 or 3 (1 for the speed change, then 1 a second)", n)
	}
	// Turning against the reckoning every frame: at most 30 a second.
	zig := func(now time.Duration) {
		az := float32(0.5)
		if (now/frame)%2 == 0 {
			az = -0.5
		}
		g.Move(0, g.Me().Position, bzflag.Vec3{}, az, 0)
	}
	if n := run(time.Second, zig); n < 20 || n > 30 {
		t.Errorf("zigzag 1 s: %d updates, want at most 30 (MinUpdateTime), at least 20", n)
	}
	// Paused: the status change goes out at once, whatever the throttle.
	g.Move(bzflag.StatusPaused, g.Me().Position, bzflag.Vec3{}, 0, 0)
	if err := tick(g, now); err != nil {
		t.Fatal(err)
	}
	if n := count(s.sent(t), bzflag.CodePlayerUpdate); n != 1 {
		t.Errorf("pause: %d updates, want 1 at once", n)
	}
}

// TestGameReckon checks the dead reckoning on a circle and a parabola.
func TestGameReckon(t *testing.T) {
	g := joinedGame(t, &sink{}, true)
	if err := alive(g, bzflag.Vec3{}, bzflag.Vec3{1, 0, 0}, 0); err != nil {
		t.Fatal(err)
	}
	// Turning at 1 rad/s at 1 m/s: a circle of radius 1 around (0, 1).
	g.Move(0, bzflag.Vec3{}, bzflag.Vec3{1, 0, 0}, 0, 1)
	if err := tick(g, 0); err != nil {
		t.Fatal(err)
	}
	pos, az := reckon(g, time.Duration(3.14159265*float64(time.Second)))
	if d := pos[0]*pos[0] + (pos[1]-2)*(pos[1]-2); d > 1e-6 || az < 3.14 || az > 3.15 {
		t.Errorf("half a circle later: %v, %v; want (0, 2), pi", pos, az)
	}
	// Falling from 10 m: z = 10 - 4.9 t^2.
	g.Move(bzflag.StatusFalling, bzflag.Vec3{0, 0, 10}, bzflag.Vec3{}, 0, 0)
	if err := tick(g, time.Second); err != nil {
		t.Fatal(err)
	}
	if pos, _ := reckon(g, 2*time.Second); pos[2] < 5.09 || pos[2] > 5.11 {
		t.Errorf("falling one second: z %v, want 5.1", pos[2])
	}
	g.Move(bzflag.StatusPaused, bzflag.Vec3{1, 1, 0}, bzflag.Vec3{5, 0, 0}, 1, 0)
	if err := tick(g, 3*time.Second); err != nil {
		t.Fatal(err)
	}
	if pos, az := reckon(g, 5*time.Second); pos != [3]float64{1, 1, 0} || az != 1 {
		t.Errorf("paused: %v, %v", pos, az)
	}
}

// TestGameKills checks kills as the 1.7 client handles them.
func TestGameKills(t *testing.T) {
	s := &sink{keep: true}
	g := joinedGame(t, s, true)
	if err := alive(g, bzflag.Vec3{}, bzflag.Vec3{1, 0, 0}, 0); err != nil {
		t.Fatal(err)
	}
	s.sent(t)
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	// Grab the shield flag; the server says we have it.
	if ok, err := grabFlag(g, 0, 0); !ok || err != nil {
		t.Fatalf("GrabFlag: %v, %v", ok, err)
	}
	if ok, _ := grabFlag(g, 0, bzflag.GrabInterval); ok {
		t.Error("a second MsgGrabFlag within GrabInterval")
	}
	must(gh(g, &bzflag.GrabFlagFromServer{Grabber: realID, Index: 0,
		Flag: bzflag.FlagStatus{ID: bzflag.ShieldFlag, Status: bzflag.FlagOnTank, Owner: realID}}, 0))
	if g.Me().Flag != bzflag.ShieldFlag || g.Flags()[0].Status != bzflag.FlagOnTank {
		t.Fatalf("after MsgGrabFlag: %v, %v", g.Me().Flag, g.Flags()[0])
	}
	// We kill the blue player: a win.
	must(gh(g, &bzflag.KilledFromServer{Victim: otherID, Killer: realID, ShotID: 0}, time.Second))
	if p := g.Player(otherID); p.Status&bzflag.StatusExploding == 0 || !p.Exploded.Equal(at(time.Second)) || g.Me().Wins != 1 {
		t.Errorf("the victim %v, our wins %d", p.Status, g.Me().Wins)
	}
	// Shot: drop the flag, a loss, then MsgKilled.
	must(killedBy(g, otherID, 2, 2*time.Second))
	want := []bzflag.Code{bzflag.CodeGrabFlag, bzflag.CodeScore, bzflag.CodeDropFlag, bzflag.CodeScore, bzflag.CodeKilled}
	if got := s.sent(t); !slices.Equal(got, want) {
		t.Errorf("sent %v, want %v", got, want)
	}
	if g.Me().Status != bzflag.StatusExploding || g.Me().Losses != 1 || g.Me().Flag != bzflag.NullFlag {
		t.Errorf("after being shot: %+v", g.Me())
	}
	// Our own MsgKilled coming back changes nothing: we are dead already.
	must(gh(g, &bzflag.KilledFromServer{Victim: realID, Killer: otherID, ShotID: 2}, 2*time.Second))
	if got := s.sent(t); len(got) != 0 || g.Me().Losses != 1 {
		t.Errorf("the echo of our kill sent %v, losses %d", got, g.Me().Losses)
	}
	if err := alive(g, bzflag.Vec3{}, bzflag.Vec3{1, 0, 0}, 2*time.Second+bzflag.ExplodeDuration-1); !errors.Is(err, bzflag.ErrExploding) {
		t.Errorf("alive too soon: %v", err)
	}
	must(tick(g, 2*time.Second+bzflag.ExplodeDuration))
	if g.Me().Status != bzflag.StatusDead {
		t.Errorf("after the explosion: %v", g.Me().Status)
	}
	must(alive(g, bzflag.Vec3{}, bzflag.Vec3{1, 0, 0}, 8*time.Second))
	// Killed by the server's word (a teammate's shot, a shock wave): a
	// loss, no MsgKilled.
	s.sent(t)
	must(gh(g, &bzflag.KilledFromServer{Victim: realID, Killer: otherID, ShotID: -1}, 9*time.Second))
	if got := s.sent(t); !slices.Equal(got, []bzflag.Code{bzflag.CodeScore}) || g.Me().Losses != 2 {
		t.Errorf("killed by the server's word: sent %v, losses %d", got, g.Me().Losses)
	}
	// Our team flag captured: the tank blows up, no score.
	must(tick(g, 20*time.Second))
	must(alive(g, bzflag.Vec3{}, bzflag.Vec3{1, 0, 0}, 20*time.Second))
	must(gh(g, &bzflag.FlagUpdate{Index: 2, Flag: bzflag.FlagStatus{ID: bzflag.RedFlag, Status: bzflag.FlagOnTank, Owner: otherID}}, 20*time.Second))
	s.sent(t)
	must(gh(g, &bzflag.CaptureFlagFromServer{Capturer: otherID, Index: 2, Team: bzflag.BlueTeam}, 21*time.Second))
	if got := s.sent(t); len(got) != 0 || g.Me().Status != bzflag.StatusExploding || g.Me().Losses != 2 {
		t.Errorf("team flag captured: sent %v, %v, losses %d", got, g.Me().Status, g.Me().Losses)
	}
	// The end of the game.
	must(gh(g, &bzflag.ScoreOver{ID: otherID, Team: bzflag.BlueTeam}, 22*time.Second))
	if !g.Over() {
		t.Error("MsgScoreOver: not over")
	}
}

// TestGameTables checks the tables against the messages that change them.
func TestGameTables(t *testing.T) {
	s := &sink{keep: true}
	g := joinedGame(t, s, true)
	must := func(m bzflag.Message) {
		t.Helper()
		if err := gh(g, m, time.Second); err != nil {
			t.Fatalf("%v: %v", bzflag.CodeOf(m), err)
		}
	}
	third := bzflag.PlayerID{Host: bzflag.IPv4{10, 0, 0, 1}, Port: 1, Number: 2}
	must(&bzflag.AddPlayer{ID: third, Type: bzflag.ComputerPlayer, Team: bzflag.RogueTeam, Wins: 5})
	must(&bzflag.AliveFromServer{ID: third, Position: bzflag.Vec3{1, 2, 3}, Forward: bzflag.Vec3{0, 1, 0}})
	if p := g.Player(third); p == nil || p.Status != bzflag.StatusAlive || p.Azimuth < 1.57 || p.Azimuth > 1.58 || p.Wins != 5 {
		t.Fatalf("after MsgAlive: %+v", p)
	}
	must(&bzflag.PlayerUpdate{ID: third, Status: bzflag.StatusAlive | bzflag.StatusFalling, Position: bzflag.Vec3{4, 5, 6}})
	must(&bzflag.TeleportFromServer{ID: third, From: 1, To: 0})
	must(&bzflag.ScoreFromServer{ID: third, Wins: 6, Losses: 1})
	must(&bzflag.DropFlagFromServer{Dropper: otherID, Index: 1, Flag: bzflag.FlagStatus{ID: bzflag.BlueFlag, Status: bzflag.FlagInAir}})
	must(&bzflag.TimeLeft{Seconds: 30})
	must(&bzflag.SetTTL{TTL: 16})
	must(&bzflag.NetworkRelay{})
	p := g.Player(third)
	if p.Position != (bzflag.Vec3{4, 5, 6}) || p.TeleportTo != 0 || p.TeleportFrom != 1 || !p.Teleported.Equal(at(time.Second)) ||
		p.Wins != 6 || p.Losses != 1 || g.Player(otherID).Flag != bzflag.NullFlag || g.TimeLeft() != 30 || g.TTL != 16 {
		t.Errorf("after the updates: %+v, time left %d, TTL %d", p, g.TimeLeft(), g.TTL)
	}
	must(&bzflag.RemovePlayer{ID: third})
	if g.Player(third) != nil {
		t.Error("MsgRemovePlayer left the player")
	}
	// The free slot is reused.
	must(&bzflag.AddPlayer{ID: third})
	if len(g.Players()) != 2 {
		t.Errorf("%d slots, want 2", len(g.Players()))
	}
	if err := gh(g, &bzflag.FlagUpdate{Index: 10}, 0); !errors.Is(err, wire.ErrInvalid) {
		t.Errorf("flag index past the world's flags: %v", err)
	}
	if err := gh(g, &bzflag.TeamUpdate{Team: bzflag.NoTeam}, 0); !errors.Is(err, wire.ErrInvalid) {
		t.Errorf("MsgTeamUpdate for no team: %v", err)
	}
	for i := 0; len(g.Players()) < cap(g.Players()); i++ {
		must(&bzflag.AddPlayer{ID: bzflag.PlayerID{Host: bzflag.IPv4{10, 0, 1, 1}, Number: uint16(i)}})
	}
	if err := gh(g, &bzflag.AddPlayer{ID: bzflag.PlayerID{Number: 999}}, 0); !errors.Is(err, bzflag.ErrTableFull) {
		t.Errorf("one player too many: %v", err)
	}
	must(&bzflag.TimeLeft{})
	if !g.Over() {
		t.Error("no time left: not over")
	}
	s.sent(t)
	if err := g.Leave(); err != nil || g.State() != bzflag.GameLeft || g.Done() {
		t.Fatal(err)
	}
	if got := s.sent(t); !slices.Equal(got, []bzflag.Code{bzflag.CodeExit}) || !g.Done() {
		t.Errorf("Leave sent %v", got)
	}
	var se *session.SequenceError
	if err := g.Leave(); !errors.As(err, &se) || len(s.sent(t)) != 0 {
		t.Errorf("a second Leave: %v", err)
	}
	_, shootErr := g.Shoot(at(0))
	for _, err := range []error{g.DropFlag(), g.CaptureFlag(bzflag.RedTeam), teleport(g, 0, 1, 0), killedBy(g, otherID, 0, 0),
		alive(g, bzflag.Vec3{}, bzflag.Vec3{}, 0), g.Chat(bzflag.PlayerID{}, bzflag.RogueTeam, "x"), shootErr,
		g.HitBy(bzflag.Shot{}, at(0)), g.Send(&bzflag.Exit{})} {
		if !errors.Is(err, bzflag.ErrSequence) || !errors.As(err, &se) {
			t.Errorf("an action after Leave: %v", err)
		}
	}
	events(g)
	if err := gh(g, &bzflag.SuperKill{}, 0); err != nil || len(events(g)) != 0 { // ignored
		t.Errorf("MsgSuperKill after Leave: %v", err)
	}
}

// TestGameSteadyAllocs counts the allocations of a game loop's steady
// state: frames in (updates of another player, a lag ping, a shot and its
// end), the clock ticking, the player moving and shooting, updates out,
// the events read. Exactly none.
func TestGameSteadyAllocs(t *testing.T) {
	g := joinedGame(t, &sink{}, true)
	if err := alive(g, bzflag.Vec3{}, bzflag.Vec3{1, 0, 0}, 0); err != nil {
		t.Fatal(err)
	}
	var in [][]byte
	for _, m := range []bzflag.Message{
		&bzflag.PlayerUpdate{ID: otherID, Status: bzflag.StatusAlive, Position: bzflag.Vec3{1, 1, 0}},
		&bzflag.LagPing{Seq: 3},
		&bzflag.ShotBegin{Shooter: otherID, ShotID: 1, Position: bzflag.Vec3{500, 0, 0}, Lifetime: 3},
		&bzflag.ShotEnd{Shooter: otherID, ShotID: 1},
		&bzflag.ScoreFromServer{ID: otherID, Wins: 1},
		&bzflag.MessageFromServer{From: otherID, Team: bzflag.RogueTeam},
	} {
		b, _ := m.AppendBinary(nil)
		in = append(in, b)
	}
	buf := make([]byte, 0, bzflag.MaxPacketLen)
	now := at(0)
	pass := func() {
		for i := 0; i < 100; i++ {
			now = now.Add(10 * time.Millisecond)
			if err := g.Handle(now, netip.AddrPort{}, in[i%len(in)]); err != nil {
				t.Fatal(err)
			}
			g.Move(0, bzflag.Vec3{float32(i % 7), 0, 0}, bzflag.Vec3{1, 0, 0}, float32(i%3)/10, 0)
			if !now.Before(g.Deadline()) {
				g.Tick(now)
			}
			if _, err := g.Shoot(now); err != nil && !errors.Is(err, bzflag.ErrCannotShoot) {
				t.Fatal(err)
			}
			g.Hit(now)
			for _, ok := g.Event(); ok; _, ok = g.Event() {
			}
			for _, u, ok := g.Transmit(now, buf); ok; _, u, ok = g.Transmit(now, u[:0]) {
			}
		}
	}
	if n := codectest.ExactAllocs(pass); n != 0 {
		t.Errorf("%v allocations in 100 frames of the game loop", n)
	}
}

// The Game's calls with the time as a duration since t0.

func gh(g *bzflag.Game, m bzflag.Message, d time.Duration) error { return feed(g, m, at(d)) }
func tick(g *bzflag.Game, d time.Duration) error                 { g.Tick(at(d)); return nil }
func alive(g *bzflag.Game, pos, fwd bzflag.Vec3, d time.Duration) error {
	return g.Alive(pos, fwd, at(d))
}
func killedBy(g *bzflag.Game, killer bzflag.PlayerID, shot int16, d time.Duration) error {
	return g.Killed(killer, shot, at(d))
}
func grabFlag(g *bzflag.Game, i uint16, d time.Duration) (bool, error) { return g.GrabFlag(i, at(d)) }
func teleport(g *bzflag.Game, from, to uint16, d time.Duration) error {
	return g.Teleport(from, to, at(d))
}
func reckon(g *bzflag.Game, d time.Duration) ([3]float64, float64) { return g.Reckon(at(d)) }
