package bzflag

import (
	"net/netip"
	"time"

	"github.com/gamewire/gamewire/wire"
)

// The UDP link of BZFlag 1.7 (not in the spec; docs/errata/bzflag.md, U1
// to U5). A client that plays through the server's relay may ask for it:
// it sends MsgUDPLinkRequest with the port of its own UDP socket, the
// server answers with a MsgUDPLinkRequest of its own UDP port (bzfs: its
// well-known port, where its UDP socket is bound), and the client sends
// MsgUDPLinkEstablished (0) over TCP. From then on the client sends
// MsgShotBegin, MsgShotEnd, MsgPlayerUpdate and MsgGMUpdate over UDP; the
// server starts to send the same four and MsgLagPing over UDP once the
// first datagram from the client has arrived. Everything else stays on
// TCP.
//
// Each datagram holds the frames (header included) of one or more
// messages, each behind its length and a sequence number:
//
//	uint16 UDPMarker (0xfeed)
//	uint16 the last sequence number received from the peer
//	repeat: uint16 length of the frame, uint16 sequence number, the frame
//	uint16 0xffff
//
// 1.7 sends one message per datagram on both sides and numbers them from
// 0 per link; nothing is resent.
const (
	// UDPMarker opens every datagram of the UDP link.
	UDPMarker = 0xfeed
	// udpEnd ends the list of frames in a datagram.
	udpEnd = 0xffff
	// UDPOverhead is what a datagram adds to a single frame: the marker,
	// the acknowledged sequence number, the frame's length and sequence
	// number, and the end mark.
	UDPOverhead = 10
	// MaxDatagram is the largest datagram bzfs 1.7 reads (MaxPacketLen).
	MaxDatagram = MaxPacketLen
)

// OverUDP reports whether the 1.7 client sends messages of code c over the
// UDP link once it is up (ServerLink::send): MsgShotBegin, MsgShotEnd,
// MsgPlayerUpdate, MsgGMUpdate (and MsgAudio and MsgVideo, which have no
// layout).
func OverUDP(c Code) bool {
	switch c {
	case CodeShotBegin, CodeShotEnd, CodePlayerUpdate, CodeGMUpdate, CodeAudio, CodeVideo:
		return true
	}
	return false
}

// ServerOverUDP reports whether bzfs 1.7 sends messages of code c to a
// player over the UDP link once it is up (pwrite): MsgShotBegin,
// MsgShotEnd, MsgPlayerUpdate, MsgGMUpdate and MsgLagPing.
func ServerOverUDP(c Code) bool {
	switch c {
	case CodeShotBegin, CodeShotEnd, CodePlayerUpdate, CodeGMUpdate, CodeLagPing:
		return true
	}
	return false
}

// Errors of the UDP link's datagrams, built once.
var (
	errDatagramMarker = &wire.Error{Protocol: proto, Message: "datagram", Field: "marker", Offset: 0, Err: wire.ErrInvalid}
	errDatagramShort  = &wire.Error{Protocol: proto, Message: "datagram", Field: "length", Offset: 0, Err: wire.ErrShort}
	errDatagramEmpty  = &wire.Error{Protocol: proto, Message: "datagram", Field: "frames", Offset: 4, Err: wire.ErrShort}
	errDatagramFrame  = &wire.Error{Protocol: proto, Message: "datagram", Field: "frame", Offset: 4, Err: wire.ErrTooLong}
	errDatagramSource = &wire.Error{Protocol: proto, Message: "datagram", Field: "link", Offset: 0, Err: wire.ErrInvalid}
	errDatagramStale  = &wire.Error{Protocol: proto, Message: "datagram", Field: "seq", Offset: 6, Err: wire.ErrInvalid}
)

// AppendDatagram appends a datagram of the UDP link holding one frame, as
// 1.7 builds it: ack is the last sequence number received from the peer,
// seq the frame's own.
func AppendDatagram(b []byte, ack, seq uint16, frame []byte) []byte {
	b = be.AppendU16(b, UDPMarker)
	b = be.AppendU16(b, ack)
	b = be.AppendU16(b, uint16(len(frame)))
	b = be.AppendU16(b, seq)
	b = append(b, frame...)
	return be.AppendU16(b, udpEnd)
}

// ParseDatagram reads a datagram of the UDP link and returns the
// acknowledged sequence number and the last frame it holds with its
// sequence number (1.7 keeps only the newest message of a datagram). The
// frame aliases d. A datagram without the marker, without a frame, or
// whose frame runs past its end fails (message "datagram").
func ParseDatagram(d []byte) (ack, seq uint16, frame []byte, err error) {
	if len(d) < 4 {
		return 0, 0, nil, errDatagramShort
	}
	if be.U16(d) != UDPMarker {
		return 0, 0, nil, errDatagramMarker
	}
	ack = be.U16(d[2:])
	for off := 4; ; {
		if len(d)-off < 2 {
			// 1.7 reads past the end here; a missing end mark after
			// a whole frame is accepted.
			if frame == nil {
				return 0, 0, nil, errDatagramEmpty
			}
			return ack, seq, frame, nil
		}
		n := int(be.U16(d[off:]))
		if n == udpEnd {
			if frame == nil {
				return 0, 0, nil, errDatagramEmpty
			}
			return ack, seq, frame, nil
		}
		if n > MaxPacketLen || len(d)-off-4 < n {
			return 0, 0, nil, errDatagramFrame
		}
		seq = be.U16(d[off+2:])
		frame = d[off+4 : off+4+n : off+4+n]
		off += 4 + n
	}
}

// UDPLink is the client's end of the UDP link of a Game, as a session
// of its own (session.Session) over the client's UDP socket: a
// session.Packet drives it, polled from the same loop as the Conn that
// drives the Game, so that both call into the Game on one goroutine. It
// shares the Game's state: Handle hands the Game the message of each
// datagram, and Transmit gives the datagrams of the messages the Game
// sends over UDP (OverUDP, once the link is up), each addressed to the
// server's UDP port. Get it from Game.UDPLink; its zero value belongs to
// no Game and refuses everything (ErrNoGame).
//
// As in 1.7, each datagram holds one frame, numbered from 0 per link;
// datagrams are taken from any address, and one older than the last one
// read is refused (errata U3). In steady state it allocates nothing.
type UDPLink struct {
	g       *Game
	peer    netip.AddrPort
	up      bool
	sendSeq uint16 // the next sequence number to send
	recvSeq uint16 // the last sequence number received
	got     bool   // a datagram was received
	out     outbox
}

// UDPLink returns the Game's UDP link, for a session.Packet on the UDP
// socket whose port is UDPPort.
func (g *Game) UDPLink() *UDPLink {
	g.udp.g = g
	return &g.udp
}

// Up reports whether messages travel over the link.
func (l *UDPLink) Up() bool { return l.up }

// Peer returns the server's UDP address, once the link is up.
func (l *UDPLink) Peer() netip.AddrPort { return l.peer }

// establish names the server's UDP address and brings the link up.
func (l *UDPLink) establish(server netip.AddrPort) {
	l.peer, l.up = server, true
	l.sendSeq, l.recvSeq, l.got = 0, 0, false
	l.out.clear()
}

// push queues m in a datagram of its own, numbered.
func (l *UDPLink) push(m Message) error {
	b := be.AppendU16(l.out.next(), UDPMarker)
	b = be.AppendU16(b, l.recvSeq)
	b = be.AppendU16(b, 0) // the frame's length, below
	b = be.AppendU16(b, l.sendSeq)
	b, err := m.AppendBinary(b)
	if err != nil {
		return err
	}
	be.PutU16(b[4:], uint16(len(b)-8))
	l.out.commit(l.peer, be.AppendU16(b, udpEnd))
	l.sendSeq++
	return nil
}

// Handle takes one datagram from the UDP socket: its frame goes to the
// Game as Game.Handle's do. A datagram that is not the link's, or older
// than the last one read, is refused with its error (message
// "datagram"); so is one that arrives before the link is up.
func (l *UDPLink) Handle(now time.Time, from netip.AddrPort, unit []byte) error {
	if l.g == nil {
		return ErrNoGame
	}
	_, seq, frame, err := ParseDatagram(unit)
	if err != nil {
		return err
	}
	if !l.up {
		return errDatagramSource
	}
	if l.got && l.recvSeq > seq && l.recvSeq-seq < 32768 {
		return errDatagramStale
	}
	l.recvSeq, l.got = seq, true
	m, err := l.g.dec.Decode(table, frame, FromServer, l.g.Lax)
	if err != nil {
		return err
	}
	return l.g.handle(now, m)
}

// Transmit appends the next datagram to buf, addressed to the server's
// UDP port.
func (l *UDPLink) Transmit(now time.Time, buf []byte) (netip.AddrPort, []byte, bool) {
	return l.out.transmit(buf)
}

// Deadline returns the zero Time: the Game's Tick runs on its Conn.
func (l *UDPLink) Deadline() time.Time { return time.Time{} }

// Tick does nothing.
func (l *UDPLink) Tick(now time.Time) {}

// Done reports whether the Game has ended (or the link has none).
func (l *UDPLink) Done() bool { return l.g == nil || l.g.state == GameLeft }
