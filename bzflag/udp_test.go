package bzflag_test

import (
	"bytes"
	"errors"
	"net/netip"
	"slices"
	"testing"

	"github.com/gamewire/gamewire/bzflag"
	"github.com/gamewire/gamewire/internal/codectest"
	"github.com/gamewire/gamewire/wire"
)

// TestDatagram checks the UDP link's datagram against the layout of 1.7's
// assembleSendPacket, written by hand: marker, ack, length, seq, frame,
// end.
func TestDatagram(t *testing.T) {
	frame, _ := (&bzflag.LagPing{Seq: 7}).MarshalBinary()
	d := bzflag.AppendDatagram(nil, 3, 9, frame)
	want := codectest.Hex(t, "feed 0003 0006 0009 00027069 0007 ffff")
	if !bytes.Equal(d, want) || len(d) != len(frame)+bzflag.UDPOverhead {
		t.Fatalf("datagram % x\nwant     % x", d, want)
	}
	ack, seq, f, err := bzflag.ParseDatagram(d)
	if err != nil || ack != 3 || seq != 9 || !bytes.Equal(f, frame) {
		t.Fatalf("ParseDatagram: %d %d % x %v", ack, seq, f, err)
	}
	// Two frames: the last one wins; no end mark after a whole frame is
	// accepted.
	two := append(bzflag.AppendDatagram(nil, 1, 1, frame)[:14], 0, 6, 0, 2, 0, 2, 0x70, 0x69, 0, 8)
	if _, seq, f, err := bzflag.ParseDatagram(two); err != nil || seq != 2 || f[5] != 8 {
		t.Errorf("two frames: %d % x %v", seq, f, err)
	}
	for _, c := range []struct {
		name  string
		d     []byte
		field string
	}{
		{"short", []byte{0xfe, 0xed, 0}, "length"},
		{"marker", []byte{0xbe, 0xef, 0, 0, 0xff, 0xff}, "marker"},
		{"no frame", []byte{0xfe, 0xed, 0, 0, 0xff, 0xff}, "frames"},
		{"no frame, no end", []byte{0xfe, 0xed, 0, 0}, "frames"},
		{"frame past the end", d[:len(d)-3], "frame"},
		{"frame too long", []byte{0xfe, 0xed, 0, 0, 0x04, 0x01, 0, 0}, "frame"},
	} {
		_, _, _, err := bzflag.ParseDatagram(c.d)
		var we *wire.Error
		if !errors.As(err, &we) || we.Field != c.field || we.Message != "datagram" {
			t.Errorf("%s: %v, want field %q", c.name, err, c.field)
		}
	}
	for _, c := range []bzflag.Code{bzflag.CodePlayerUpdate, bzflag.CodeShotBegin, bzflag.CodeShotEnd, bzflag.CodeGMUpdate} {
		if !bzflag.OverUDP(c) || !bzflag.ServerOverUDP(c) {
			t.Errorf("%v goes over UDP both ways", c)
		}
	}
	if bzflag.OverUDP(bzflag.CodeLagPing) || !bzflag.ServerOverUDP(bzflag.CodeLagPing) || bzflag.OverUDP(bzflag.CodeAlive) ||
		bzflag.ServerOverUDP(bzflag.CodeMessage) {
		t.Error("MsgLagPing goes over UDP from bzfs only; the rest over TCP")
	}
}

// udpPair returns a client's and a server's link over loopback, the
// TestUDPLinkSession drives a Game's UDPLink by hand: nothing before the
// link is up; then the Game's updates leave in numbered datagrams to the
// server's UDP port, a datagram older than the last one read is refused,
// and a zero UDPLink refuses everything.
func TestUDPLinkSession(t *testing.T) {
	s := &sink{}
	g := joinedGame(t, s, true)
	g.UDPPort, g.Server = 17200, netip.MustParseAddr("10.0.0.1")
	drain(g)
	l := g.UDPLink()
	frame, _ := (&bzflag.PlayerUpdate{ID: otherID, Position: bzflag.Vec3{3, 0, 0}}).AppendBinary(nil)
	if err := l.Handle(at(0), netip.AddrPort{}, bzflag.AppendDatagram(nil, 0, 0, frame)); !errors.Is(err, wire.ErrInvalid) {
		t.Errorf("a datagram before the link: %v", err)
	}
	if err := gh(g, &bzflag.UDPLinkRequest{Port: 5155}, 0); err != nil || !g.UDPUp() || l.Peer().String() != "10.0.0.1:5155" {
		t.Fatalf("link: %v, up %v, peer %v", err, g.UDPUp(), l.Peer())
	}
	if got := sentCodes(t, g); !slices.Equal(got, []bzflag.Code{bzflag.CodeUDPLinkEstablished}) {
		t.Errorf("over TCP: %v", got)
	}
	alive(g, bzflag.Vec3{}, bzflag.Vec3{1, 0, 0}, 0)
	g.Tick(at(0))
	g.Shoot(at(0))
	units, to := drain(l)
	if len(units) != 2 || to[0] != l.Peer() || len(sentCodes(t, g)) != 1 { // MsgAlive over TCP
		t.Fatalf("datagrams %d to %v", len(units), to)
	}
	for i, u := range units {
		if _, seq, _, err := bzflag.ParseDatagram(u); err != nil || int(seq) != i {
			t.Errorf("datagram %d: seq %d, %v", i, seq, err)
		}
	}
	if err := l.Handle(at(1), netip.AddrPort{}, bzflag.AppendDatagram(nil, 0, 5, frame)); err != nil {
		t.Fatal(err)
	}
	if p := g.Player(otherID); p.Position[0] != 3 {
		t.Errorf("the update over UDP: %+v", p)
	}
	if err := l.Handle(at(1), netip.AddrPort{}, bzflag.AppendDatagram(nil, 0, 4, frame)); !errors.Is(err, wire.ErrInvalid) {
		t.Errorf("a stale datagram: %v", err)
	}
	var zero bzflag.UDPLink
	if err := zero.Handle(at(0), netip.AddrPort{}, units[0]); !errors.Is(err, bzflag.ErrNoGame) || !zero.Done() {
		t.Errorf("zero UDPLink: %v", err)
	}
	if _, _, ok := zero.Transmit(at(0), nil); ok || !zero.Deadline().IsZero() {
		t.Error("zero UDPLink transmits")
	}
	zero.Tick(at(0))
}
