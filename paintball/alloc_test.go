package paintball_test

import (
	"bytes"
	"errors"
	"math"
	"testing"

	"github.com/gamewire/gamewire/internal/codectest"
	"github.com/gamewire/gamewire/internal/nettest"
	"github.com/gamewire/gamewire/paintball"
	"github.com/gamewire/gamewire/wire"
)

// hot are packets of every type, as a game sends them.
var hot = []paintball.Message{
	&paintball.Update{ObjectType: paintball.ObjectTypePlayer, ObjectID: 7, PositionX: 100, PositionY: 200, VelocityX: -5, VelocityY: 3, Facing: math.Pi / 2},
	&paintball.PlayerUpdateRequest{VelocityX: 10, VelocityY: -10, Facing: 1},
	&paintball.ShootUpdateRequest{ShootingState: paintball.ShootingStateSingle},
	&paintball.GameDumpRequest{},
	&paintball.Login{Username: []byte("alice the paintball champion")},
}

// broken are malformed packets of every kind, for the error path.
var broken = []string{
	"2a 0041 0050 00000007", "2b 0041", "2a 0042", "2a 0046 0001 00", "2a 0046 0005 6162", "2a 0043 00", "", "2a",
}

// traffic is one of each hot packet, as one stream.
func traffic(t testing.TB, from wire.Direction) []byte {
	var b []byte
	for _, m := range hot {
		if m.Form().From.Has(from) {
			b, _ = m.AppendBinary(b)
		}
	}
	return b
}

func allocs(t *testing.T, what string, f func()) {
	t.Helper()
	if raceEnabled {
		t.Skip("the race detector allocates")
	}
	if n := testing.AllocsPerRun(1000, f); n != 0 {
		t.Errorf("%s: %v allocations", what, n)
	}
}

func TestAllocs(t *testing.T) {
	for _, m := range hot {
		buf := make([]byte, 0, m.Size())
		frame, _ := m.AppendBinary(nil)
		v := paintball.Table().New(m.Form())
		v.Decode(frame)
		allocs(t, m.Form().Name+" append", func() { buf, _ = m.AppendBinary(buf[:0]) })
		allocs(t, m.Form().Name+" decode", func() {
			if _, err := v.Decode(frame); err != nil {
				t.Fatal(err)
			}
		})
	}
	d := wire.NewDecoder(paintball.Table())
	for _, h := range broken {
		b := codectest.Hex(t, h)
		for _, from := range []wire.Direction{paintball.FromClient, paintball.FromServer} {
			allocs(t, "error path "+h, func() {
				if m, _, err := d.Decode(b, from); m != nil || err == nil {
					t.Fatalf("%s decodes", h)
				}
			})
		}
	}
	// A Login whose username is not modified UTF-8, refused on encode.
	bad := &paintball.Login{Username: []byte{0}}
	var buf [16]byte
	allocs(t, "Login refused", func() {
		if _, err := bad.AppendBinary(buf[:0]); err == nil {
			t.Fatal("encodes")
		}
	})
}

// TestStreamAllocs: a warm Stream reads packets, a new connection on a
// reused Stream (Reset) and broken framing allocate nothing.
func TestStreamAllocs(t *testing.T) {
	for _, from := range []wire.Direction{paintball.FromClient, paintball.FromServer} {
		s := paintball.NewStream(&nettest.Repeat{B: traffic(t, from)}, from)
		s.Next()
		allocs(t, "stream "+from.String(), func() {
			if m, err := s.Next(); m == nil || err != nil {
				t.Fatal(err)
			}
		})
		r := bytes.NewReader(nil)
		data := traffic(t, from)
		allocs(t, "stream reset "+from.String(), func() { codectest.ReadAll(t, s, r, data) })
		bad := []byte("*\x00B")
		allocs(t, "broken framing "+from.String(), func() {
			r.Reset(bad)
			s.Reset(r)
			if _, err := s.Next(); !errors.Is(err, wire.ErrUnknownCode) {
				t.Fatal(err)
			}
		})
	}
}

func TestMirrorAllocs(t *testing.T) {
	var mr paintball.Mirror
	u := *hot[0].(*paintball.Update)
	mr.Apply(&u)
	allocs(t, "Mirror.Apply", func() {
		u.PositionX++
		mr.Apply(&u)
	})
}

// TestSessionAllocs: a client's action, and a move's whole round trip
// (the request to the server, its Update to both clients, each decoded
// and applied), allocate nothing in steady state.
func TestSessionAllocs(t *testing.T) {
	g := newGame(t)
	a, b := g.join("alice"), g.join("bob")
	c := g.clients[a]
	facing := 0.0
	roundTrip := func() {
		facing += 1.0 / 1024
		if err := c.Move(3, 4, facing); err != nil {
			t.Fatal(err)
		}
		g.pump()
	}
	for range 10 {
		roundTrip()
	}
	allocs(t, "a move's round trip", roundTrip)
	if u, _ := g.clients[b].Mirror().Object(1); u.Facing != facing {
		t.Errorf("bob sees facing %v, want %v", u.Facing, facing)
	}
	allocs(t, "Client.Move", func() {
		c.Move(1, 2, 3)
		drain(c)
	})
	allocs(t, "Client.Shoot", func() {
		c.Shoot(paintball.ShootingStateNone)
		drain(c)
	})
	allocs(t, "Server.Deadline", func() { g.srv.Deadline() })
}
