package paintball_test

import (
	"fmt"
	"net/netip"
	"testing"
	"time"

	"github.com/gamewire/gamewire/paintball"
)

// noPanic runs f, failing t with name if it panics.
func noPanic(t *testing.T, name string, f func() error) (err error) {
	t.Helper()
	defer func() {
		if r := recover(); r != nil {
			t.Errorf("%s panics: %v", name, r)
			err = fmt.Errorf("panic: %v", r)
		}
	}()
	return f()
}

// TestNilArguments: every exported method that takes a message or a
// packet returns an error for nil, and panics for none.
func TestNilArguments(t *testing.T) {
	now := time.Unix(1, 0)
	addr := peerAddr(1)
	srv := paintball.NewServer(now)
	srv.Connected(now, addr)
	c, _ := paintball.NewClient("x")
	c.Join()
	var mr paintball.Mirror
	for _, tt := range []struct {
		name string
		f    func() error
	}{
		{"Client.Send(nil)", func() error { return c.Send(nil) }},
		{"Client.Send((*Update)(nil))", func() error { return c.Send((*paintball.Update)(nil)) }},
		{"Client.Handle(nil)", func() error { return c.Handle(now, netip.AddrPort{}, nil) }},
		{"Server.Send(nil)", func() error { return srv.Send(addr, nil) }},
		{"Server.Send((*Login)(nil))", func() error { return srv.Send(addr, (*paintball.Login)(nil)) }},
		{"Server.Handle(nil)", func() error { return srv.Handle(now, addr, nil) }},
		{"Server.Handle(nil) from no one", func() error { return srv.Handle(now, netip.AddrPort{}, nil) }},
		{"Mirror.Apply(nil)", func() error { _, err := mr.Apply(nil); return err }},
	} {
		if err := noPanic(t, tt.name, tt.f); err == nil {
			t.Errorf("%s: no error", tt.name)
		}
	}
}

// TestZeroValues: the zero value of every exported session type works:
// every method answers without panicking, and a zero Server and a zero
// Client play a game with the defaults.
func TestZeroValues(t *testing.T) {
	now := time.Unix(1, 0)
	addr := peerAddr(1)
	var (
		c   paintball.Client
		s   paintball.Server
		mr  paintball.Mirror
		ev  paintball.Event
		pl  paintball.Player
		buf []byte
	)
	calls := []struct {
		name string
		f    func() error
	}{
		// Before anything: answers, and errors where a call needs more.
		{"Client.State", func() error { _ = c.State().String(); return nil }},
		{"Client.Mirror", func() error { _ = c.Mirror().Len(); return nil }},
		{"Client.Players", func() error { _ = c.Players(); return nil }},
		{"Client.Self", func() error { c.Self(); return nil }},
		{"Client.Event", func() error { c.Event(); return nil }},
		{"Client.Framing", func() error { c.Framing(); return nil }},
		{"Client.Transmit", func() error { c.Transmit(now, buf); return nil }},
		{"Client.Deadline", func() error { c.Deadline(); return nil }},
		{"Client.Tick", func() error { c.Tick(now); return nil }},
		{"Client.Done", func() error { c.Done(); return nil }},
		{"Client.Move before Join", func() error { return want(c.Move(1, 1, 1)) }},
		{"Client.Shoot before Join", func() error { return want(c.Shoot(1)) }},
		{"Client.RequestDump before Join", func() error { return want(c.RequestDump()) }},
		{"Client.Handle before Join", func() error { return want(c.Handle(now, netip.AddrPort{}, []byte("*\x00F\x00\x00"))) }},
		{"Server.Event", func() error { s.Event(); return nil }},
		{"Server.Framing", func() error { s.Framing(); return nil }},
		{"Server.Players", func() error { _ = s.Players(); return nil }},
		{"Server.Player", func() error { s.Player(addr); return nil }},
		{"Server.Objects", func() error { _ = s.Objects(); return nil }},
		{"Server.Transmit", func() error { s.Transmit(now, buf); return nil }},
		{"Server.Deadline", func() error { return zeroTime(s.Deadline()) }},
		{"Server.Hangup", func() error { s.Hangup(); return nil }},
		{"Server.Done", func() error { s.Done(); return nil }},
		{"Server.Disconnected", func() error { s.Disconnected(now, addr); return nil }},
		{"Server.Kick", func() error { return want(s.Kick(addr)) }},
		{"Server.Dump", func() error { return want(s.Dump(addr)) }},
		{"Server.Send", func() error { return want(s.Send(addr, &paintball.Update{})) }},
		{"Server.Handle", func() error { return want(s.Handle(now, addr, []byte("*\x00E"))) }},
		{"Mirror", func() error {
			mr.Object(1)
			mr.Forget(1)
			mr.Reset()
			_ = mr.Objects()
			_, _ = mr.Len(), mr.Live()
			_, err := mr.Apply(&paintball.Update{ObjectID: 1})
			return err
		}},
		{"Event.String", func() error { _ = ev.String(); return nil }},
		{"Player.LoggedIn", func() error { pl.LoggedIn(); return nil }},
		// Then a game: the zero Server starts its clock and takes its
		// defaults; the zero Client joins with an empty name.
		{"Server.Tick", func() error { s.Tick(now); return nil }},
		{"Server.Connected", func() error { return s.Connected(now, addr) }},
		{"Client.Join", func() error { return c.Join() }},
	}
	for _, tt := range calls {
		if err := noPanic(t, tt.name, tt.f); err != nil {
			t.Errorf("%s: %v", tt.name, err)
		}
	}
	for _, u, ok := c.Transmit(now, nil); ok; _, u, ok = c.Transmit(now, nil) {
		if err := s.Handle(now, addr, u); err != nil {
			t.Fatal(err)
		}
	}
	for _, u, ok := s.Transmit(now, nil); ok; _, u, ok = s.Transmit(now, nil) {
		if err := c.Handle(now, netip.AddrPort{}, u); err != nil {
			t.Fatal(err)
		}
	}
	if o, ok := c.Mirror().Object(1); !ok || o.PositionX != 333 || o.PositionY != 500 || c.State() != paintball.ClientPlaying {
		t.Errorf("the zero Client in the zero Server's game: %+v, %v", o, c.State())
	}
	if d := s.Deadline(); !d.Equal(now.Add(2 * time.Second)) {
		t.Errorf("the zero Server's deadline: %v, want its default dump", d)
	}
	if id := s.AddObstacle(1, 1); id != 2 {
		t.Errorf("AddObstacle: id %d", id)
	}
}

// want turns an error a call must return into nil, and its absence into
// an error.
func want(err error) error {
	if err == nil {
		return fmt.Errorf("no error")
	}
	return nil
}

func zeroTime(t time.Time) error {
	if !t.IsZero() {
		return fmt.Errorf("%v, want the zero Time", t)
	}
	return nil
}
