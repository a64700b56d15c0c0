package paintball_test

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net"
	"net/netip"
	"slices"
	"testing"
	"time"

	"github.com/gamewire/gamewire/internal/codectest"
	"github.com/gamewire/gamewire/internal/nettest"
	"github.com/gamewire/gamewire/paintball"
	"github.com/gamewire/gamewire/session"
	"github.com/gamewire/gamewire/wire"
)

// Captures of the loopback session, as one client (alice) saw it.
var captureClient, captureServer = nettest.Captures("paintball")

// loop is a loopback game: a Server under a session.Listener and its
// clients under session.Conns, all polled from the test's goroutine, so
// the test reads every session's state between Polls without a lock.
type loop struct {
	t       *testing.T
	srv     *paintball.Server
	ln      *session.Listener
	drivers []*session.Conn
}

func startServer(t *testing.T) *loop {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	lp := &loop{t: t, srv: paintball.NewServer(time.Now())}
	if lp.ln, err = session.NewListener(l, lp.srv); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { lp.ln.Close() })
	return lp
}

// dial connects a client called name, over a recorded connection, and
// joins.
func (lp *loop) dial(name string) (*paintball.Client, *nettest.Recorder, *session.Conn) {
	c, err := paintball.NewClient(name)
	if err != nil {
		lp.t.Fatal(err)
	}
	rec := nettest.Dial(lp.t, lp.ln.Addr().String())
	d, err := session.NewConn(rec, c)
	if err != nil {
		lp.t.Fatal(err)
	}
	lp.t.Cleanup(func() { d.Close() })
	lp.drivers = append(lp.drivers, d)
	if err := c.Join(); err != nil {
		lp.t.Fatal(err)
	}
	return c, rec, d
}

// until polls every driver until ok holds, failing the test after 5 s, on
// a refused unit, or on the server's end (a client's driver may end: it
// left or was kicked).
func (lp *loop) until(what string, ok func() bool) {
	lp.t.Helper()
	ctx := context.Background()
	for end := time.Now().Add(5 * time.Second); !ok(); {
		if time.Now().After(end) {
			lp.t.Fatalf("timed out waiting for %s", what)
		}
		if err := lp.ln.Poll(ctx, time.Millisecond); err != nil {
			lp.t.Fatalf("server, waiting for %s: %v", what, err)
		}
		for _, d := range lp.drivers {
			if err := d.Poll(ctx, time.Millisecond); errors.As(err, new(*session.Refused)) {
				lp.t.Fatalf("client, waiting for %s: %v", what, err)
			}
		}
	}
}

func knows(c *paintball.Client, names ...string) func() bool {
	return func() bool { return slices.Equal(c.Players(), names) }
}

// sees is a condition on one object of the client's mirror.
func sees(c *paintball.Client, id int32, f func(u paintball.Update) bool) func() bool {
	return func() bool {
		u, ok := c.Mirror().Object(id)
		return ok && f(u)
	}
}

func TestLoopback(t *testing.T) {
	lp := startServer(t)

	// Three logins, each told to those already there.
	a, rec, _ := lp.dial("alice")
	lp.until("alice's own player", func() bool { return a.Mirror().Live() == 1 })
	b, _, db := lp.dial("bob")
	lp.until("bob's login", knows(a, "bob"))
	c, _, _ := lp.dial("carol")
	lp.until("carol's login", knows(a, "bob", "carol"))
	lp.until("carol's login", knows(b, "carol"))
	lp.until("three players", func() bool { return c.Mirror().Live() == 3 })
	if len(c.Players()) != 0 {
		t.Errorf("carol was told of %q: the spec announces new players only", c.Players())
	}

	// Bob moves with a facing no one else has, and learns his own id.
	if err := b.Move(40, -30, 1.25); err != nil {
		t.Fatal(err)
	}
	lp.until("bob's own id", func() bool { _, ok := b.Self(); return ok })
	bob, _ := b.Self()
	moved := func(u paintball.Update) bool { return u.VelocityX == 40 && u.VelocityY == -30 && u.Facing == 1.25 }
	lp.until("bob's move", sees(a, bob, moved))
	lp.until("bob's move", sees(c, bob, moved))

	// Carol shoots; the others see a paintball.
	if err := c.Shoot(paintball.ShootingStateSingle); err != nil {
		t.Fatal(err)
	}
	ball := func(c *paintball.Client) func() bool {
		return func() bool {
			return slices.ContainsFunc(c.Mirror().Objects(), func(u paintball.Update) bool { return u.ObjectType == paintball.ObjectTypePaintball })
		}
	}
	lp.until("carol's paintball", ball(a))
	lp.until("carol's paintball", ball(b))

	// Alice turns and fires automatically for a while (the server's
	// deadlines fire it), then stops.
	if err := a.Move(0, 5, -0.5); err != nil {
		t.Fatal(err)
	}
	if err := a.Shoot(paintball.ShootingStateAutomatic); err != nil {
		t.Fatal(err)
	}
	var alice int32
	lp.until("alice's own id", func() bool { var ok bool; alice, ok = a.Self(); return ok })
	lp.until("alice's move", sees(c, alice, func(u paintball.Update) bool { return u.VelocityY == 5 && u.Facing == -0.5 }))
	lp.until("alice's paintballs", func() bool {
		fired := 0
		for _, u := range c.Mirror().Objects() {
			if u.ObjectType == paintball.ObjectTypePaintball && u.Facing == -0.5 {
				fired++
			}
		}
		return fired >= 3
	})
	if err := a.Shoot(paintball.ShootingStateNone); err != nil {
		t.Fatal(err)
	}

	// Alice asks for a dump: afterwards her mirror holds every object the
	// server holds, with the same types (positions move on meanwhile).
	want := lp.srv.Objects()
	if err := a.RequestDump(); err != nil {
		t.Fatal(err)
	}
	lp.until("the dump", func() bool {
		for _, w := range want {
			if u, ok := a.Mirror().Object(w.ObjectID); !ok || u.ObjectType != w.ObjectType {
				return false
			}
		}
		return true
	})

	// Bob leaves: his driver ends with ErrDone, the others see his player
	// dead, and the server reports him gone.
	if err := b.Leave(); err != nil {
		t.Fatal(err)
	}
	if err := db.Flush(); err != session.ErrDone {
		t.Errorf("bob's Flush after Leave: %v", err)
	}
	db.Close()
	dead := func(u paintball.Update) bool { return u.Dead() }
	lp.until("bob leaves", sees(a, bob, dead))
	lp.until("bob leaves", sees(c, bob, dead))
	if len(lp.srv.Players()) != 2 || lp.ln.Peers() != 2 {
		t.Errorf("after bob left: %d players, %d connections", len(lp.srv.Players()), lp.ln.Peers())
	}
	var left []string
	for ev, ok := lp.srv.Event(); ok; ev, ok = lp.srv.Event() {
		left = append(left, ev.String())
	}
	if left[len(left)-1] != "bob left" {
		t.Errorf("the server's events: %q", left)
	}

	// A kicked player's connection ends: its driver sees io.EOF.
	pc := lp.srv.Players()[1]
	if err := lp.srv.Kick(pc.Peer); err != nil {
		t.Fatal(err)
	}
	lp.until("carol's kick", func() bool { return lp.ln.Peers() == 1 })
	var err error
	for end := time.Now().Add(5 * time.Second); err == nil && time.Now().Before(end); {
		err = lp.drivers[2].Poll(context.Background(), time.Millisecond)
	}
	if err != io.EOF {
		t.Errorf("carol's driver after the kick: %v", err)
	}
	lp.ln.Close()

	// The capture: what alice sent, and the whole packets she received.
	rx := rec.Received()
	s := paintball.NewStream(bytes.NewReader(rx), paintball.FromServer)
	whole := 0
	for b, err := s.NextFrame(); err == nil; b, err = s.NextFrame() {
		whole += len(b)
	}
	nettest.SaveClient(t, rec, len(rx)-whole, captureClient, captureServer)
}

// TestLoopbackAllocs: a move's round trip through the drivers (alice's
// Conn, the server's Listener, and back) allocates nothing, nor does an
// idle Poll.
func TestLoopbackAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector allocates")
	}
	lp := startServer(t)
	a, _, da := lp.dial("alice")
	lp.until("alice's own player", func() bool { return a.Mirror().Live() == 1 })
	ctx := context.Background()
	facing := 0.0
	roundTrip := func() {
		facing += 1.0 / 1024
		if err := a.Move(1, 1, facing); err != nil {
			t.Fatal(err)
		}
		for u, _ := a.Mirror().Object(1); u.Facing != facing; u, _ = a.Mirror().Object(1) {
			da.Poll(ctx, time.Millisecond)
			lp.ln.Poll(ctx, time.Millisecond)
		}
	}
	for range 10 {
		roundTrip()
	}
	if n := testing.AllocsPerRun(50, roundTrip); n > 0 {
		t.Errorf("a move's round trip allocates %v times", n)
	}
	if n := testing.AllocsPerRun(20, func() { da.Poll(ctx, 0) }); n > 0 {
		t.Errorf("an idle Poll allocates %v times", n)
	}
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
		replay.Join()
		names := codectest.CheckCapture(t, file, data, s.Next, func(m wire.Message) {
			if from == paintball.FromServer {
				b, _ := m.AppendBinary(nil)
				if err := replay.Handle(time.Time{}, netip.AddrPort{}, b); err != nil {
					t.Fatalf("%s: %s: replay: %v", file, m.Form().Name, err)
				}
			}
		})
		codectest.Holds(t, file, names, must[from]...)
		if from == paintball.FromServer && !slices.Equal(replay.Players(), []string{"bob", "carol"}) {
			t.Errorf("replayed, alice learns of %q", replay.Players())
		}
	})
}
