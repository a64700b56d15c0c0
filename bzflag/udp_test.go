package bzflag_test

import (
	"bytes"
	"errors"
	"net/netip"
	"testing"
	"time"

	"github.com/gamewire/gamewire/bzflag"
	"github.com/gamewire/gamewire/internal/codectest"
	"github.com/gamewire/gamewire/internal/nettest"
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
// server expecting the client.
func udpPair(t testing.TB) (client, server *bzflag.UDPLink) {
	t.Helper()
	client, server = bzflag.NewUDPLink(nettest.ListenUDP(t), bzflag.FromServer), bzflag.NewUDPLink(nettest.ListenUDP(t), bzflag.FromClient)
	lo := netip.MustParseAddr("127.0.0.1")
	// The server knows the host, and a port that is not the client's:
	// bzfs adopts the port the first datagram comes from.
	server.Expect(netip.AddrPortFrom(lo, 1))
	client.Establish(netip.AddrPortFrom(lo, server.Port()))
	return client, server
}

func read(t *testing.T, l *bzflag.UDPLink) (bzflag.Message, error) {
	t.Helper()
	l.Conn().SetReadDeadline(time.Now().Add(2 * time.Second))
	return l.Next()
}

// TestUDPLink sends messages both ways over loopback: the server's link
// comes up with the client's first datagram, adopting its port; stale
// datagrams are dropped on the client; foreign hosts and bad datagrams
// are refused; nothing allocates.
func TestUDPLink(t *testing.T) {
	client, server := udpPair(t)
	if server.Up() || !client.Up() {
		t.Fatal("up before the first datagram")
	}
	up := &bzflag.PlayerUpdate{ID: realID, Status: bzflag.StatusAlive, Position: bzflag.Vec3{1, 2, 3}}
	if err := client.WriteMessage(up); err != nil {
		t.Fatal(err)
	}
	m, err := read(t, server)
	if err != nil || *m.(*bzflag.PlayerUpdate) != *up || !server.Up() || server.Peer().Port() != client.Port() {
		t.Fatalf("server read %v, %v; up %v, peer %v", m, err, server.Up(), server.Peer())
	}
	for i := uint16(0); i < 3; i++ {
		if err := server.WriteMessage(&bzflag.LagPing{Seq: i}); err != nil {
			t.Fatal(err)
		}
		m, err := read(t, client)
		if err != nil || m.(*bzflag.LagPing).Seq != i {
			t.Fatalf("client read %v, %v", m, err)
		}
	}
	// A datagram older than the last one: dropped.
	old := bzflag.AppendDatagram(nil, 0, 1, []byte{0, 2, 0x70, 0x69, 0, 9})
	if _, err := server.Conn().WriteToUDPAddrPort(old, netip.AddrPortFrom(netip.MustParseAddr("127.0.0.1"), client.Port())); err != nil {
		t.Fatal(err)
	}
	if _, err := read(t, client); err == nil {
		t.Error("a stale datagram was read")
	}
	// Garbage: refused, the link goes on.
	if _, err := server.Conn().WriteToUDPAddrPort([]byte{1, 2, 3, 4}, netip.AddrPortFrom(netip.MustParseAddr("127.0.0.1"), client.Port())); err != nil {
		t.Fatal(err)
	}
	if _, err := read(t, client); !errors.Is(err, wire.ErrInvalid) {
		t.Errorf("garbage: %v", err)
	}
	// A frame with a byte too many.
	long := bzflag.AppendDatagram(nil, 0, 9, []byte{0, 3, 0x70, 0x69, 0, 9, 0})
	server.Conn().WriteToUDPAddrPort(long, netip.AddrPortFrom(netip.MustParseAddr("127.0.0.1"), client.Port()))
	if m, err := read(t, client); m != nil || !errors.Is(err, wire.ErrInvalid) {
		t.Errorf("a frame longer than its message: %v", err)
	}
	// A rule-breaking message is not sent.
	if err := client.WriteMessage(&bzflag.LagPing{Seq: bzflag.LagPingModulus}); err == nil {
		t.Error("MsgLagPing 10000 was sent")
	}
	// The server refuses datagrams from another host.
	server.Expect(netip.AddrPortFrom(netip.MustParseAddr("127.0.0.2"), 1))
	if err := client.WriteMessage(up); err != nil {
		t.Fatal(err)
	}
	if _, err := read(t, server); !errors.Is(err, wire.ErrInvalid) || server.Up() {
		t.Errorf("a foreign host: %v", err)
	}
	client.Down()
	if client.Up() {
		t.Error("Down")
	}
	if server.Decoder() == nil || client.Conn() == nil {
		t.Error("accessors")
	}
}

func TestUDPLinkAllocs(t *testing.T) {
	client, server := udpPair(t)
	up := &bzflag.PlayerUpdate{ID: realID, Status: bzflag.StatusAlive}
	pass := func() {
		for i := 0; i < 50; i++ {
			if err := client.WriteMessage(up); err != nil {
				t.Fatal(err)
			}
			if _, err := server.Next(); err != nil {
				t.Fatal(err)
			}
		}
	}
	server.Conn().SetReadDeadline(time.Now().Add(5 * time.Second))
	if n := codectest.ExactAllocs(pass); n != 0 {
		t.Errorf("%v allocations for 50 messages over the link", n)
	}
}
