package tfighters_test

import (
	"errors"
	"net/netip"
	"testing"
	"time"

	"github.com/gamewire/gamewire/tfighters"
	"github.com/gamewire/gamewire/wire"
)

// TestClientZeroValue: every method of a zero Client works or returns an
// error, and the zero Client plays the handshake once SetNick names it.
func TestClientZeroValue(t *testing.T) {
	var c tfighters.Client
	calls := []struct {
		name string
		err  error // what the call returns: nil, or what it wraps
		call func() error
	}{
		{"Handle(nil)", wire.ErrShort, func() error { return c.Handle(time.Time{}, netip.AddrPort{}, nil) }},
		{"Send(nil)", wire.ErrInvalid, func() error { return c.Send(nil) }},
		{"Send(nil *Pong)", wire.ErrInvalid, func() error { return c.Send((*tfighters.Pong)(nil)) }},
		{"Spawn", tfighters.ErrSequence, c.Spawn},
		{"Accel", tfighters.ErrSequence, func() error { return c.Accel(0, 0, 0, 0) }},
		{"Turn", tfighters.ErrSequence, func() error { return c.Turn(0, 0, 0, 0) }},
		{"Shoot", tfighters.ErrSequence, func() error { return c.Shoot(time.Time{}, 0, 0, 0) }},
		{"Say", tfighters.ErrSequence, func() error { return c.Say("hi") }},
		{"TeamSay", tfighters.ErrSequence, func() error { return c.TeamSay("hi") }},
		{"Command", tfighters.ErrSequence, func() error { return c.Command("addbot") }},
		{"SetNick bad", wire.ErrInvalid, func() error { return c.SetNick("") }},
		{"SetNick", nil, func() error { return c.SetNick("Alice") }},
	}
	for _, tt := range calls {
		if err := tt.call(); !errors.Is(err, tt.err) || (tt.err != nil) != (err != nil) {
			t.Errorf("%s: %v, want %v", tt.name, err, tt.err)
		}
	}
	if _, _, ok := c.Transmit(time.Time{}, nil); ok || !c.Deadline().IsZero() || c.Done() || c.Object(1) != nil || len(c.Objects()) != 0 {
		t.Error("a zero Client has something to say")
	}
	c.Tick(time.Time{})
	if _, ok := c.Event(); ok {
		t.Error("an event from a zero Client")
	}
	if tbl, from := c.Framing(); tbl != tfighters.Table() || from != tfighters.FromServer {
		t.Error("Framing")
	}
	handleAll(t, &c, epoch,
		&tfighters.Hi{MyVersion: 1, UWID: 5},
		&tfighters.NickReply{GoodOrBad: tfighters.NickResultOK, Text: []byte("Ok")},
		&tfighters.NewUser{ID: 6, Nick: []byte("Bob")})
	out := sent(t, &c)
	if len(out) != 2 || out[0].(*tfighters.Version).MyVersion != 1 || string(out[1].(*tfighters.ClientNick).Nick) != "Alice" {
		t.Errorf("sent %v, want CMSG_VERSION 1 and CMSG_NICK Alice", out)
	}
	if o := c.Object(6); o == nil || o.Nick != "Bob" || c.State() != tfighters.ClientLagCheck {
		t.Errorf("Bob %+v, state %s", o, c.State())
	}
	if err := c.Leave(); err != nil || !c.Done() {
		t.Errorf("Leave: %v, done %v", err, c.Done())
	}
}

// TestClientNoNick: a Client with no nick answers SMSG_HI with
// CMSG_VERSION alone, and asks for the nick SetNick gives it later.
func TestClientNoNick(t *testing.T) {
	c := tfighters.NewClient("")
	handleAll(t, c, epoch, &tfighters.Hi{MyVersion: 1, UWID: 5})
	if out := sent(t, c); len(out) != 1 {
		t.Fatalf("sent %v, want CMSG_VERSION", out)
	}
	if err := c.SetNick("Alice"); err != nil {
		t.Fatal(err)
	}
	if out := sent(t, c); len(out) != 1 || string(out[0].(*tfighters.ClientNick).Nick) != "Alice" {
		t.Errorf("sent %v, want CMSG_NICK Alice", out)
	}
}

// TestServerZeroValue: every method of a zero Server works or returns an
// error; the zero Server greets a peer with the original's settings.
func TestServerZeroValue(t *testing.T) {
	var s tfighters.Server
	stranger := netip.MustParseAddrPort("127.0.0.1:9")
	calls := []struct {
		name string
		err  error
		call func() error
	}{
		{"Handle from a stranger", tfighters.ErrUnknownPeer, func() error { return s.Handle(epoch, stranger, nil) }},
		{"Send(1, nil)", wire.ErrInvalid, func() error { return s.Send(1, nil) }},
		{"Send to nobody", tfighters.ErrUnknownPeer, func() error { return s.Send(1, &tfighters.Lag{}) }},
		{"Broadcast(nil)", wire.ErrInvalid, func() error { return s.Broadcast(nil) }},
		{"Broadcast(nil *Lag)", wire.ErrInvalid, func() error { return s.Broadcast((*tfighters.Lag)(nil)) }},
		{"Broadcast to nobody", nil, func() error { return s.Broadcast(&tfighters.Lag{}) }},
		{"Kick nobody", tfighters.ErrUnknownPeer, func() error { return s.Kick(1, "x") }},
	}
	for _, tt := range calls {
		if err := tt.call(); !errors.Is(err, tt.err) || (tt.err != nil) != (err != nil) {
			t.Errorf("%s: %v, want %v", tt.name, err, tt.err)
		}
	}
	s.Tick(epoch)
	s.Disconnected(epoch, stranger)
	if _, _, ok := s.Transmit(epoch, nil); ok || !s.Deadline().IsZero() || s.Done() || len(s.Players()) != 0 || s.Player(1) != nil {
		t.Error("a zero Server has something to say")
	}
	if _, ok := s.Hangup(); ok {
		t.Error("a hangup from a zero Server")
	}
	if _, ok := s.Event(); ok {
		t.Error("an event from a zero Server")
	}
	if err := s.Connected(epoch, stranger); err != nil {
		t.Fatal(err)
	}
	if err := s.Connected(epoch, stranger); err == nil {
		t.Error("a peer connected twice")
	}
	to, unit, ok := s.Transmit(epoch, nil)
	var hi tfighters.Hi
	if !ok || to != stranger || hi.UnmarshalBinary(unit) != nil || hi.MyVersion != 1 || hi.UWID != 1 {
		t.Errorf("greeting %x to %v, want SMSG_HI 1 1", unit, to)
	}
	if s.LagChecks != 5 || s.LagDelay != 100*time.Millisecond || s.Invincibility != 5*time.Second || !s.Start.Equal(epoch) {
		t.Errorf("settings %+v", s)
	}
}

// TestPeerZeroValue: a zero or nil Peer answers its accessors.
func TestPeerZeroValue(t *testing.T) {
	var zero tfighters.Peer
	for _, p := range []*tfighters.Peer{&zero, nil} {
		if p.ID() != 0 || p.Nick() != "" || p.Reason() != "" || p.Addr().IsValid() || p.Lag() != 0 || p.Registered() {
			t.Errorf("%v: not zero", p)
		}
	}
	if zero.Closed() {
		t.Error("a zero Peer is closed")
	}
	if !(*tfighters.Peer)(nil).Closed() {
		t.Error("a nil Peer is not closed")
	}
}

// TestNilMessages: the package's functions of a message take nil.
func TestNilMessages(t *testing.T) {
	if tfighters.CodeOf(nil) != 0 || tfighters.CodeOf((*wire.Raw)(nil)) != 0 {
		t.Error("CodeOf(nil)")
	}
	var ke *tfighters.KickError = &tfighters.KickError{ID: 1, Reason: "x"}
	if ke.Error() == "" || ke.Unwrap() != nil {
		t.Error("KickError")
	}
}

// TestSteadyStateAllocs: once the buffers have grown, a move, a turn and
// a shot, their way through the server and the other client, a ping and
// its pong, and the events, allocate nothing.
func TestSteadyStateAllocs(t *testing.T) {
	l := newLink(t)
	a, b := tfighters.NewClient("Alice"), tfighters.NewClient("Bob")
	l.connect(a)
	l.connect(b)
	l.advance(500 * time.Millisecond)
	for _, c := range []*tfighters.Client{a, b} {
		if err := c.Spawn(); err != nil {
			t.Fatal(err)
		}
	}
	l.pump()
	var buf []byte
	now := l.now
	deliver := func() {
		for _, unit, ok := a.Transmit(now, buf[:0]); ok; _, unit, ok = a.Transmit(now, buf[:0]) {
			buf = unit
			if err := l.srv.Handle(now, l.addr[a], unit); err != nil {
				t.Fatal(err)
			}
		}
		for to, unit, ok := l.srv.Transmit(now, buf[:0]); ok; to, unit, ok = l.srv.Transmit(now, buf[:0]) {
			buf = unit
			if err := l.client[to].Handle(now, netip.AddrPort{}, unit); err != nil {
				t.Fatal(err)
			}
		}
		for _, ok := b.Event(); ok; _, ok = b.Event() {
		}
		for _, ok := l.srv.Event(); ok; _, ok = l.srv.Event() {
		}
	}
	var x tfighters.Dbl
	play := func() {
		x++
		if err := a.Accel(x, 31000, 1, 25); err != nil {
			t.Fatal(err)
		}
		if err := a.Turn(x, 31000, 2, 9000); err != nil {
			t.Fatal(err)
		}
		now = now.Add(time.Second) // a bullet may go every BulletHold/4
		if err := a.Shoot(now, x, 31000, 9000); err != nil {
			t.Fatal(err)
		}
		deliver()
	}
	for range 10 {
		play()
	}
	if n := testing.AllocsPerRun(100, play); n > 0 {
		t.Errorf("a move, a turn and a shot allocate %v times", n)
	}
	if b.Object(a.ID()).X != x {
		t.Errorf("Bob sees Alice at %v, want %v", b.Object(a.ID()).X, x)
	}
	ping := frame(t, &tfighters.Ping{Time: 0})
	pong := func() {
		if err := a.Handle(now, netip.AddrPort{}, ping); err != nil {
			t.Fatal(err)
		}
		deliver()
	}
	pong()
	if n := testing.AllocsPerRun(100, pong); n > 0 {
		t.Errorf("a ping, its pong and the lag allocate %v times", n)
	}
}
