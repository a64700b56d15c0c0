package bzflag_test

import (
	"errors"
	"math"
	"net/netip"
	"testing"
	"time"

	"github.com/gamewire/gamewire/bzflag"
	"github.com/gamewire/gamewire/session"
	"github.com/gamewire/gamewire/wire"
)

// The sessions meet the contract.
var (
	_ session.Framed  = (*bzflag.Client)(nil)
	_ session.Framed  = (*bzflag.Game)(nil)
	_ session.Session = (*bzflag.UDPLink)(nil)
	_ session.Server  = (*bzflag.Server)(nil)
)

// TestZeroValues calls every method of the zero value of each session
// type: none panics, and what cannot work says so.
func TestZeroValues(t *testing.T) {
	frame, _ := (&bzflag.Accept{}).AppendBinary(nil)
	var se *session.SequenceError
	t.Run("Client", func(t *testing.T) {
		var j bzflag.Client
		if err := j.Handle(t0, netip.AddrPort{}, frame); !errors.Is(err, bzflag.ErrUnexpected) {
			t.Errorf("Handle: %v", err)
		}
		if err := j.Retry(); !errors.As(err, &se) {
			t.Errorf("Retry: %v", err)
		}
		if _, _, ok := j.Transmit(t0, nil); ok || j.Done() || !j.Deadline().IsZero() || j.Trailing() != nil {
			t.Error("a zero Client has something")
		}
		j.Tick(t0)
		if _, ok := j.Event(); ok {
			t.Error("an event")
		}
	})
	t.Run("Game", func(t *testing.T) {
		var g bzflag.Game
		if err := g.Handle(t0, netip.AddrPort{}, frame); !errors.Is(err, bzflag.ErrUnexpected) {
			t.Errorf("Handle: %v", err)
		}
		_, shootErr := g.Shoot(t0)
		_, grabErr := g.GrabFlag(0, t0)
		for _, err := range []error{g.Retry(), g.Leave(), g.Alive(bzflag.Vec3{}, bzflag.Vec3{}, t0), g.Killed(myID, 0, t0),
			g.DropFlag(), g.CaptureFlag(bzflag.RedTeam), g.Teleport(0, 1, t0), g.Chat(myID, bzflag.RedTeam, "x"),
			g.HitBy(bzflag.Shot{}, t0), g.Send(&bzflag.Exit{}), shootErr, grabErr} {
			if !errors.Is(err, bzflag.ErrSequence) {
				t.Errorf("an action: %v", err)
			}
		}
		g.Move(0, bzflag.Vec3{}, bzflag.Vec3{}, 0, 0)
		g.Tick(t0)
		if _, ok := g.Hit(t0); ok {
			t.Error("Hit")
		}
		if _, _, ok := g.Transmit(t0, nil); ok || g.Done() || !g.Deadline().IsZero() || g.UDPUp() || g.Player(myID) != nil ||
			len(g.Shots()) != 0 || len(g.Players()) != 0 || len(g.Flags()) != 0 {
			t.Error("a zero Game has something")
		}
		g.Reckon(t0)
		l := g.UDPLink()
		if err := l.Handle(t0, netip.AddrPort{}, bzflag.AppendDatagram(nil, 0, 0, frame)); err == nil {
			t.Error("a datagram before the link")
		}
	})
	t.Run("Server", func(t *testing.T) {
		var s bzflag.Server
		peer := netip.MustParseAddrPort("127.0.0.1:9")
		if err := s.Handle(t0, peer, frame); !errors.As(err, &se) {
			t.Errorf("Handle of no peer: %v", err)
		}
		if err := s.Send(peer, &bzflag.Accept{}); !errors.As(err, &se) {
			t.Errorf("Send to no peer: %v", err)
		}
		if err := s.Kick(peer); !errors.As(err, &se) {
			t.Errorf("Kick of no peer: %v", err)
		}
		s.Disconnected(t0, peer)
		s.Tick(t0)
		if _, ok := s.Hangup(); ok || s.Done() || !s.Deadline().IsZero() || s.Players() != 0 || s.Request(peer) != nil ||
			s.State(peer) != bzflag.ServerNone {
			t.Error("a zero Server has something")
		}
		if _, _, ok := s.Transmit(t0, nil); ok {
			t.Error("Transmit")
		}
		if err := s.Connected(t0, peer); err != nil {
			t.Fatal(err)
		}
		get, _ := (&bzflag.GetWorldRequest{}).AppendBinary(nil)
		if err := s.Handle(t0, peer, get); !errors.Is(err, bzflag.ErrUnexpected) {
			t.Errorf("MsgGetWorld without a world: %v", err)
		}
	})
	t.Run("WorldServer", func(t *testing.T) {
		var ws bzflag.WorldServer
		if r, err := ws.Reply(&bzflag.GetWorldRequest{}); err != nil || r.Remaining != 0 {
			t.Errorf("Reply: %v, %v", r, err)
		}
	})
}

// TestNilArguments: every function and method that takes a message or a
// pointer returns an error for nil.
func TestNilArguments(t *testing.T) {
	g := joinedGame(t, &sink{}, true)
	var exit *bzflag.Exit
	var ws bzflag.WorldServer
	_, replyErr := ws.Reply(nil)
	_, readErr := bzflag.ReadHandshake(nil, bzflag.ServerVersion)
	var srv bzflag.Server
	peer := netip.MustParseAddrPort("127.0.0.1:9")
	srv.Connected(t0, peer)
	for name, err := range map[string]error{
		"Game.Send(nil)": g.Send(nil), "Game.Send(nil pointer)": g.Send(exit),
		"Server.Send(nil)": srv.Send(peer, nil), "WorldServer.Reply(nil)": replyErr,
		"ReadHandshake(nil)": readErr, "WriteHandshake(nil)": bzflag.WriteHandshake(nil, bzflag.Handshake{}),
		"ServeHandshake(nil)": bzflag.ServeHandshake(nil, 1),
	} {
		if err == nil {
			t.Errorf("%s: no error", name)
		}
	}
	if bzflag.CodeOf(nil) != 0 || bzflag.CodeOf(exit) != bzflag.CodeExit {
		t.Error("CodeOf")
	}
}

// TestSendChecks: a message of the wrong direction, of another
// protocol, or that breaks a rule does not leave; Lax lets the last go.
func TestSendChecks(t *testing.T) {
	g := joinedGame(t, &sink{}, true)
	var sendErr *wire.SendError
	if err := g.Send(&bzflag.AddPlayer{}); !errors.As(err, &sendErr) {
		t.Errorf("a server's message: %v", err)
	}
	bad := &bzflag.ShotEnd{Reason: 7}
	if err := g.Send(bad); !errors.Is(err, wire.ErrInvalid) {
		t.Errorf("a broken rule: %v", err)
	}
	g.Lax = true
	if err := g.Send(bad); err != nil {
		t.Errorf("a broken rule, lax: %v", err)
	}
}

// TestServer joins two clients' Games to a Server in memory, frame by
// frame, and checks the relay and the refusals, after which the Server
// stays up.
func TestServer(t *testing.T) {
	ws, _ := bzflag.NewWorldServer(testWorld(t), 0)
	srv := &bzflag.Server{Worlds: ws, MaxPlayers: 2}
	pa, pb, pc := netip.MustParseAddrPort("10.0.0.1:1000"), netip.MustParseAddrPort("10.0.0.2:2000"), netip.MustParseAddrPort("10.0.0.3:3000")
	games := map[netip.AddrPort]*bzflag.Game{}
	pump := func() { // until nothing moves
		for moved := true; moved; {
			moved = false
			for p, g := range games {
				for _, u, ok := g.Transmit(t0, nil); ok; _, u, ok = g.Transmit(t0, nil) {
					moved = true
					if err := srv.Handle(t0, p, u); err != nil {
						t.Fatalf("server, from %v: %v", p, err)
					}
				}
			}
			for to, u, ok := srv.Transmit(t0, nil); ok; to, u, ok = srv.Transmit(t0, nil) {
				moved = true
				if g := games[to]; g != nil {
					if err := g.Handle(t0, netip.AddrPort{}, u); err != nil {
						t.Fatalf("client %v: %v", to, err)
					}
				}
			}
		}
	}
	for i, p := range []netip.AddrPort{pa, pb, pc} {
		g := &bzflag.Game{}
		g.Join.Enter = testEnter()
		g.Join.Enter.CallSign = bzflag.NewCallSign(string(rune('a' + i)))
		games[p] = g
		srv.Connected(t0, p)
		g.Start(t0)
		pump()
	}
	a, b, c := games[pa], games[pb], games[pc]
	if a.State() != bzflag.GamePlaying || b.State() != bzflag.GamePlaying || c.State() != bzflag.GameJoining {
		t.Fatalf("states %v %v %v", a.State(), b.State(), c.State())
	}
	if es := events(c); len(es) != 1 || es[0].Kind != bzflag.EventRejected || es[0].Reason != bzflag.RejectServerFull {
		t.Errorf("the third: %+v", es)
	}
	if a.ID() != (bzflag.PlayerID{Host: bzflag.IPv4{10, 0, 0, 1}, Port: 1000, Number: 0}) || a.Player(b.ID()) == nil || b.Player(a.ID()) == nil {
		t.Errorf("ids %v %v, players %v %v", a.ID(), b.ID(), a.Players(), b.Players())
	}
	if es := events(srv); len(es) != 2 || es[1].Kind != bzflag.EventJoined || es[1].Peer != pb {
		t.Errorf("server events %+v", es)
	}
	events(a)
	a.Alive(bzflag.Vec3{}, bzflag.Vec3{1, 0, 0}, t0)
	b.Alive(bzflag.Vec3{20, 0, 0}, bzflag.Vec3{-1, 0, 0}, t0)
	a.Shoot(t0)
	a.Chat(bzflag.PlayerID{}, bzflag.RogueTeam, "hi")
	pump()
	if len(b.Shots()) != 1 || b.Shots()[0].Shooter != a.ID() {
		t.Errorf("b's shots %v", b.Shots())
	}
	// The refusals: another's id, a server's message, a second MsgEnter,
	// a game message before the join; the server stays up.
	for _, m := range []bzflag.Message{
		&bzflag.PlayerUpdate{ID: b.ID()}, &bzflag.ShotBegin{Shooter: b.ID()}, &bzflag.Accept{}, &bzflag.Enter{},
	} {
		if err := feedFrom(srv, pa, m, t0); err == nil {
			t.Errorf("%v from a: accepted", bzflag.CodeOf(m))
		}
	}
	if err := feedFrom(srv, pc, &bzflag.AliveFromClient{}, t0); !errors.Is(err, bzflag.ErrUnexpected) {
		t.Errorf("MsgAlive before the join: %v", err)
	}
	if err := feedFrom(srv, pa, &bzflag.PlayerUpdate{ID: a.ID()}, t0); err != nil {
		t.Errorf("a's own update after the refusals: %v", err)
	}
	a.Leave()
	pump()
	if p, ok := srv.Hangup(); !ok || p != pa || srv.Players() != 1 || b.Player(a.ID()) != nil {
		t.Errorf("after a left: hangup %v, %d players", p, srv.Players())
	}
}

// TestShoot checks the 1.7 shot: the id (salt << 8 | slot), the muzzle,
// the speed, the lifetime, the slots of the world's MaxShots, and the hit
// test.
func TestShoot(t *testing.T) {
	s := &sink{keep: true}
	g := joinedGame(t, s, true)
	alive(g, bzflag.Vec3{10, 0, 0}, bzflag.Vec3{0, 1, 0}, 0) // facing +y
	s.sent(t)
	shot, err := g.Shoot(at(0))
	if err != nil {
		t.Fatal(err)
	}
	const front = 0.72*6 + 0.1 // MuzzleFront
	if shot.ID != 0x0100 || math.Abs(float64(shot.Position[0]-10)) > 1e-5 || math.Abs(float64(shot.Position[1]-front)) > 1e-5 ||
		shot.Position[2] != 1.57 || math.Abs(float64(shot.Velocity[1])-100) > 1e-4 || shot.Velocity[2] != 0 ||
		shot.Lifetime != 3500*time.Millisecond {
		t.Errorf("shot %+v", shot)
	}
	if got := s.sent(t); len(got) != 1 || got[0] != bzflag.CodeShotBegin {
		t.Errorf("sent %v", got)
	}
	if _, err := g.Shoot(at(time.Second)); !errors.Is(err, bzflag.ErrCannotShoot) {
		t.Errorf("a second shot with one slot: %v", err)
	}
	if s2, err := g.Shoot(at(bzflag.ReloadDuration)); err != nil || s2.ID != 0x0200 {
		t.Errorf("after the reload: %+v, %v", s2, err)
	}
	// Another player's shot, fired at the tank from 50 m, hits it half
	// a second later; HitBy ends it (MsgShotEnd) before MsgKilled.
	g.Tick(at(bzflag.ReloadDuration))
	s.sent(t)
	g.Hit(at(bzflag.ReloadDuration))
	gh(g, &bzflag.ShotBegin{Shooter: otherID, ShotID: 0x0300, Position: bzflag.Vec3{10, 50, 1}, Velocity: bzflag.Vec3{0, -100, 0},
		Lifetime: bzflag.ReloadTime}, bzflag.ReloadDuration)
	if _, ok := g.Hit(at(bzflag.ReloadDuration + 100*time.Millisecond)); ok {
		t.Error("hit too soon")
	}
	hit, ok := g.Hit(at(bzflag.ReloadDuration + 600*time.Millisecond))
	if !ok || hit.ID != 0x0300 {
		t.Fatalf("no hit: %+v", hit)
	}
	if err := g.HitBy(hit, at(bzflag.ReloadDuration+600*time.Millisecond)); err != nil {
		t.Fatal(err)
	}
	want := []bzflag.Code{bzflag.CodeShotEnd, bzflag.CodeScore, bzflag.CodeKilled}
	if got := s.sent(t); len(got) != 3 || got[0] != want[0] || got[1] != want[1] || got[2] != want[2] {
		t.Errorf("sent %v, want %v", got, want)
	}
	if len(g.Shots()) != 1 || g.Me().Status != bzflag.StatusExploding {
		t.Errorf("shots %v, status %v", g.Shots(), g.Me().Status)
	}
}
