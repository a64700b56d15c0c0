package bzflag_test

import (
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/gamewire/gamewire/bzflag"
	"github.com/gamewire/gamewire/wire"
)

// failing is a game connection whose writes fail after n of them.
type failing struct{ n int }

var errWrite = errors.New("write fails")

func (f *failing) Read([]byte) (int, error) { return 0, errWrite }
func (f *failing) Write(p []byte) (int, error) {
	if f.n == 0 {
		return 0, errWrite
	}
	f.n--
	return len(p), nil
}

// TestGameWriteErrors checks that every action and answer of the Game
// returns the connection's write error.
func TestGameWriteErrors(t *testing.T) {
	playing := func() (*bzflag.Game, *failing) {
		g := joinedGame(t, &sink{}, true)
		f := &failing{n: 1}
		g.TCP.Reset(f)
		if err := g.Alive(bzflag.Vec3{}, bzflag.Vec3{1, 0, 0}, 0); err != nil {
			t.Fatal(err)
		}
		return g, f
	}
	held := func(g *bzflag.Game) {
		if err := g.Handle(&bzflag.GrabFlagFromServer{Grabber: realID, Index: 0,
			Flag: bzflag.FlagStatus{ID: bzflag.ShieldFlag, Status: bzflag.FlagOnTank}}, 0); err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range []struct {
		name string
		run  func(g *bzflag.Game, f *failing) error
	}{
		{"lag ping", func(g *bzflag.Game, f *failing) error { return g.Handle(&bzflag.LagPing{}, 0) }},
		{"udp link", func(g *bzflag.Game, f *failing) error { return nil }},
		{"update", func(g *bzflag.Game, f *failing) error { return g.Tick(time.Second) }},
		{"killed, drop", func(g *bzflag.Game, f *failing) error { held(g); return g.Killed(otherID, 1, 0) }},
		{"killed, score", func(g *bzflag.Game, f *failing) error { f.n = 1; held(g); return g.Killed(otherID, 1, 0) }},
		{"killed, killed", func(g *bzflag.Game, f *failing) error { f.n = 2; held(g); return g.Killed(otherID, 1, 0) }},
		{"killed by word", func(g *bzflag.Game, f *failing) error {
			return g.Handle(&bzflag.KilledFromServer{Victim: realID, Killer: otherID}, 0)
		}},
		{"a kill", func(g *bzflag.Game, f *failing) error {
			return g.Handle(&bzflag.KilledFromServer{Victim: otherID, Killer: realID}, 0)
		}},
		{"grab", func(g *bzflag.Game, f *failing) error { _, err := g.GrabFlag(0, 0); return err }},
		{"drop", func(g *bzflag.Game, f *failing) error { held(g); return g.DropFlag() }},
		{"capture", func(g *bzflag.Game, f *failing) error { return g.CaptureFlag(bzflag.BlueTeam) }},
		{"teleport", func(g *bzflag.Game, f *failing) error { return g.Teleport(0, 1, 0) }},
		{"exit", func(g *bzflag.Game, f *failing) error { return g.Exit() }},
		{"alive", func(g *bzflag.Game, f *failing) error { return g.Alive(bzflag.Vec3{}, bzflag.Vec3{1, 0, 0}, 0) }},
	} {
		g, f := playing()
		if c.name == "udp link" {
			continue
		}
		if err := c.run(g, f); !errors.Is(err, errWrite) {
			t.Errorf("%s: %v", c.name, err)
		}
	}
	// The join and the relay.
	for n := 0; n < 4; n++ {
		s := &sink{}
		g := joinedGame(t, s, false)
		g.UDP = bzflag.NewUDPLink(nil, bzflag.FromServer)
		g.TCP.Reset(&failing{n: n})
		if err := g.Handle(&bzflag.Accept{}, 0); (n < 3) != errors.Is(err, errWrite) {
			t.Errorf("relay with %d writes: %v", n, err)
		}
	}
	g := &bzflag.Game{TCP: wire.NewConn(bzflag.Table(), &failing{}, bzflag.FromServer)}
	if err := g.Start(0); !errors.Is(err, errWrite) {
		t.Errorf("Start: %v", err)
	}
}

// TestGameEdges covers what the other tests do not reach.
func TestGameEdges(t *testing.T) {
	for s, want := range map[bzflag.GameState]string{bzflag.GameIdle: "idle", bzflag.GameJoining: "joining",
		bzflag.GameRelaying: "relaying", bzflag.GamePlaying: "playing", bzflag.GameLeft: "left", 9: "invalid"} {
		if s.String() != want {
			t.Errorf("%d: %q", s, s.String())
		}
	}
	// MsgSuperKill during the join ends the game.
	g := &bzflag.Game{TCP: wire.NewConn(bzflag.Table(), &sink{}, bzflag.FromServer)}
	g.Join.Enter = testEnter()
	if err := g.Start(0); err != nil {
		t.Fatal(err)
	}
	if err := g.Handle(&bzflag.SuperKill{}, 0); !errors.Is(err, bzflag.ErrSuperKill) || g.State() != bzflag.GameLeft {
		t.Errorf("MsgSuperKill while joining: %v, %v", err, g.State())
	}
	if err := g.Tick(time.Hour); err != nil {
		t.Errorf("Tick after the end: %v", err)
	}
	// MsgSuperKill in the game.
	g = joinedGame(t, &sink{}, true)
	if err := g.Handle(&bzflag.SuperKill{}, 0); !errors.Is(err, bzflag.ErrSuperKill) || g.State() != bzflag.GameLeft {
		t.Errorf("MsgSuperKill while playing: %v", err)
	}
	// A kill of a player we do not know counts nothing; the kill of a
	// teammate counts a loss.
	s := &sink{keep: true}
	g = joinedGame(t, s, true)
	s.sent(t)
	mate := bzflag.PlayerID{Host: bzflag.IPv4{10, 0, 0, 9}, Number: 9}
	for _, m := range []bzflag.Message{
		&bzflag.KilledFromServer{Victim: bzflag.PlayerID{Number: 77}, Killer: realID},
		&bzflag.AddPlayer{ID: mate, Team: bzflag.RedTeam},
		&bzflag.KilledFromServer{Victim: mate, Killer: realID},
		&bzflag.Reject{Bare: true}, // a late refusal, ignored in the game
	} {
		if err := g.Handle(m, 0); err != nil {
			t.Fatal(err)
		}
	}
	if got := s.sent(t); !slices.Equal(got, []bzflag.Code{bzflag.CodeScore}) || g.Me().Losses != 1 || g.Me().Wins != 0 {
		t.Errorf("kills: sent %v, %d wins, %d losses", got, g.Me().Wins, g.Me().Losses)
	}
	// Killed while dead, DropFlag without a flag, GrabFlag while paused:
	// nothing sent.
	if err := g.Killed(otherID, 0, 0); err != nil {
		t.Fatal(err)
	}
	if err := g.DropFlag(); err != nil {
		t.Fatal(err)
	}
	if err := g.Alive(bzflag.Vec3{}, bzflag.Vec3{1, 0, 0}, 0); err != nil {
		t.Fatal(err)
	}
	g.Move(bzflag.StatusPaused, bzflag.Vec3{}, bzflag.Vec3{}, 0, 0)
	if ok, err := g.GrabFlag(0, 0); ok || err != nil {
		t.Errorf("grab while paused: %v, %v", ok, err)
	}
	if got := s.sent(t); !slices.Equal(got, []bzflag.Code{bzflag.CodeAlive}) {
		t.Errorf("sent %v, want only MsgAlive", got)
	}
	// A rejected join may be tried again.
	g = &bzflag.Game{TCP: wire.NewConn(bzflag.Table(), s, bzflag.FromServer)}
	g.Join.Enter = testEnter()
	ws, _ := bzflag.NewWorldServer(testWorld(t), 0)
	g.Start(0)
	if err := g.Handle(ws.Reply(&bzflag.GetWorldRequest{}), 0); err != nil {
		t.Fatal(err)
	}
	if err := g.Handle(&bzflag.Reject{Reason: bzflag.RejectTeamFull}, 0); !errors.Is(err, bzflag.ErrRejected) {
		t.Fatalf("MsgReject: %v", err)
	}
	s.sent(t)
	if err := g.Retry(); err != nil {
		t.Fatal(err)
	}
	if got := s.sent(t); !slices.Equal(got, []bzflag.Code{bzflag.CodeEnter}) {
		t.Errorf("Retry sent %v", got)
	}
	if err := g.Retry(); err != nil || s.out.Len() != 0 {
		t.Errorf("Retry when not rejected: %v", err)
	}
}
