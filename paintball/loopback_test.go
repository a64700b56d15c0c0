package paintball_test

import (
	"bytes"
	"io"
	"net"
	"slices"
	"testing"
	"time"

	"github.com/gamewire/gamewire/internal/codectest"
	"github.com/gamewire/gamewire/internal/nettest"
	"github.com/gamewire/gamewire/paintball"
	"github.com/gamewire/gamewire/wire"
)

// Captures of the loopback session, as one client (alice) saw it.
var captureClient, captureServer = nettest.Captures("paintball")

// tcpEvent is what the loop of startServer receives.
type tcpEvent = nettest.Event[*paintball.Player, paintball.Message]

// tcpServer is a Paintball server built from the package: one goroutine,
// the loop, owns the Server state machine (game); one goroutine per
// connection reads packets with a wire.Stream; the loop ticks every
// 10 ms and writes what players have queued, one Write per packet.
type tcpServer struct {
	*nettest.Server[tcpEvent]
	game *paintball.Server
}

func startServer(t *testing.T) *tcpServer {
	s := &tcpServer{game: paintball.NewServer(time.Now())}
	s.Server = nettest.StartServer(t, nettest.Accepted[*paintball.Player, paintball.Message], s.serve)
	return s
}

func read(s *nettest.Server[tcpEvent], p *paintball.Player, nc net.Conn) {
	st := paintball.NewStream(nc, paintball.FromClient)
	for {
		m, err := st.Next()
		if m == nil {
			// A packet that does not decode, or broken framing: either
			// way this server drops the connection.
			_ = err
			s.Send(tcpEvent{Peer: p, Closed: true})
			return
		}
		// The Stream reuses its values: hand the loop a copy.
		b, _ := m.AppendBinary(nil)
		c, _, _ := paintball.Decode(b, paintball.FromClient)
		if c == nil {
			continue // a raw frame of the other direction: ignored
		}
		if !s.Send(tcpEvent{Peer: p, Msg: c}) {
			return
		}
	}
}

// state returns the server's state, as the loop sees it.
func (s *tcpServer) state() (u []paintball.Update) {
	nettest.Run(s.Server, func() { u = s.game.State() })
	return u
}

func (s *tcpServer) serve(ns *nettest.Server[tcpEvent]) {
	var peers nettest.Peers[*paintball.Player, paintball.Message]
	ns.Loop(10*time.Millisecond, func() { s.game.Tick(time.Now()) }, func(ev tcpEvent) {
		switch {
		case ev.Call != nil:
			ev.Call()
		case ev.Conn != nil:
			p := s.game.Accept()
			peers.Add(p, ev.Conn, paintball.NewConn(ev.Conn, paintball.FromClient))
			ns.Go(func() { read(ns, p, ev.Conn) })
		case ev.Closed:
			s.game.Leave(ev.Peer, time.Now())
			peers.Drop(ev.Peer)
		default:
			s.game.Handle(ev.Peer, ev.Msg, time.Now())
		}
	}, peers.Flush)
}

// tcpClient is one player: a Client state machine on a real connection.
type tcpClient struct {
	*nettest.Player
	c *paintball.Client
}

func dial(t *testing.T, addr, name string) *tcpClient {
	t.Helper()
	c, err := paintball.NewClient(name)
	if err != nil {
		t.Fatal(err)
	}
	tc := &tcpClient{nettest.DialPlayer(t, addr, name, c, func(rw io.ReadWriter) *wire.Conn {
		return paintball.NewConn(rw, paintball.FromServer)
	}), c}
	tc.Do(c.Login())
	return tc
}

func (tc *tcpClient) knows(names ...string) func(wire.Message) bool {
	return func(wire.Message) bool { return slices.Equal(tc.c.Players, names) }
}

// sees is a condition on one object of the client's mirror.
func (tc *tcpClient) sees(id int32, f func(u paintball.Update) bool) func(wire.Message) bool {
	return func(wire.Message) bool {
		u, ok := tc.c.Mirror.Object(id)
		return ok && f(u)
	}
}

func TestLoopback(t *testing.T) {
	srv := startServer(t)
	addr := srv.Addr()

	// Three logins, each told to those already there.
	a := dial(t, addr, "alice")
	a.Until("own player", func(wire.Message) bool { return a.c.Mirror.Live() == 1 })
	b := dial(t, addr, "bob")
	a.Until("bob's login", a.knows("bob"))
	c := dial(t, addr, "carol")
	a.Until("carol's login", a.knows("bob", "carol"))
	b.Until("carol's login", b.knows("carol"))
	c.Until("three players", func(wire.Message) bool { return c.c.Mirror.Live() == 3 })
	if len(c.c.Players) != 0 {
		t.Errorf("carol was told of %q: the spec announces new players only", c.c.Players)
	}

	// Bob moves with a facing no one else has, and learns his own id.
	b.Do(b.c.Move(40, -30, 1.25))
	b.Until("own id", func(wire.Message) bool { _, ok := b.c.Self(); return ok })
	bob, _ := b.c.Self()
	moved := func(u paintball.Update) bool { return u.VelocityX == 40 && u.VelocityY == -30 && u.Facing == 1.25 }
	a.Until("bob's move", a.sees(bob, moved))
	c.Until("bob's move", c.sees(bob, moved))

	// Carol shoots; the others see a paintball.
	c.Do(c.c.Shoot(paintball.ShootingStateSingle))
	ball := func(tc *tcpClient) func(wire.Message) bool {
		return func(wire.Message) bool {
			return slices.ContainsFunc(tc.c.Mirror.Objects(), func(u paintball.Update) bool { return u.ObjectType == paintball.ObjectTypePaintball })
		}
	}
	a.Until("carol's paintball", ball(a))
	b.Until("carol's paintball", ball(b))

	// Alice turns and fires automatically for a while, then stops.
	a.Do(a.c.Move(0, 5, -0.5))
	a.Do(a.c.Shoot(paintball.ShootingStateAutomatic))
	alice, fired := int32(0), 0
	a.Until("own id", func(wire.Message) bool { var ok bool; alice, ok = a.c.Self(); return ok })
	c.Until("alice's move", c.sees(alice, func(u paintball.Update) bool { return u.VelocityY == 5 && u.Facing == -0.5 }))
	c.Until("alice's paintballs", func(wire.Message) bool {
		fired = 0
		for _, u := range c.c.Mirror.Objects() {
			if u.ObjectType == paintball.ObjectTypePaintball && u.Facing == -0.5 {
				fired++
			}
		}
		return fired >= 3
	})
	a.Do(a.c.Shoot(paintball.ShootingStateNone))

	// Alice asks for a dump: afterwards her mirror holds every object the
	// server holds, with the same types (positions move on meanwhile).
	want := srv.state()
	a.Do(a.c.RequestDump())
	a.Until("the dump", func(wire.Message) bool {
		for _, w := range want {
			if u, ok := a.c.Mirror.Object(w.ObjectID); !ok || u.ObjectType != w.ObjectType {
				return false
			}
		}
		return true
	})

	// Bob leaves: the others see his player dead.
	b.Rec.Close()
	dead := func(u paintball.Update) bool { return u.Dead() }
	a.Until("bob leaves", a.sees(bob, dead))
	c.Until("bob leaves", c.sees(bob, dead))
	a.Rec.Close()
	c.Rec.Close()

	nettest.SaveClient(t, a.Rec, len(a.Conn.Buffered()), captureClient, captureServer)
}

// TestCapture checks that the checked-in capture of the loopback session
// (this package's own traffic: no capture of the original game exists)
// decodes packet by packet, strictly, re-encodes to the same bytes, and
// replays into a fresh Client; regenerate it with
// go test -run TestLoopback -update.
func TestCapture(t *testing.T) {
	must := map[wire.Direction][]string{
		paintball.FromClient: {"Login", "PlayerUpdateRequest", "ShootUpdateRequest", "GameDumpRequest"},
		paintball.FromServer: {"Login", "Update"},
	}
	nettest.EachCapture(t, captureClient, captureServer, func(file string, from wire.Direction, data []byte) {
		s := paintball.NewStream(bytes.NewReader(data), from)
		s.SetPolicy(wire.Strict)
		replay, _ := paintball.NewClient("alice")
		replay.Login()
		names := codectest.CheckCapture(t, file, data, s.Next, func(m wire.Message) {
			if from == paintball.FromServer {
				if err := replay.Handle(m); err != nil {
					t.Fatalf("%s: %s: replay: %v", file, m.Form().Name, err)
				}
			}
		})
		codectest.Holds(t, file, names, must[from]...)
		if from == paintball.FromServer && !slices.Equal(replay.Players, []string{"bob", "carol"}) {
			t.Errorf("replayed, alice learns of %q", replay.Players)
		}
	})
}
