package bzflag

import (
	"net"
	"net/netip"

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
	errDatagramSource = &wire.Error{Protocol: proto, Message: "datagram", Field: "source", Offset: 0, Err: wire.ErrInvalid}
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

// UDPLink is one end of the UDP link over a UDP socket: it wraps each
// message written in a datagram of its own, numbered, and reads the
// messages of the datagrams that arrive. It allocates nothing in steady
// state. It is for one goroutine at a time (a game loop): on the server
// the first datagram read sets the address that writes go to.
//
// On a client (NewUDPLink(c, FromServer)), the link is up once Establish
// has named the server's address, which the client does when it sends
// MsgUDPLinkEstablished; datagrams are accepted from any address, as the
// 1.7 client does, and one older than the last one read is dropped. On
// the server (NewUDPLink(c, FromClient), one link per client), Expect
// names the client's address from MsgUDPLinkRequest and the link comes
// up when the first datagram from that host arrives, adopting its port
// (bzfs 1.7's rule, which lets a client behind a NAT through);
// datagrams from other hosts are refused.
//
// Next blocks as the socket does: set a read deadline on it to
// poll. A timeout is returned as it is (wire.IsTimeout) and is not final:
// read on.
type UDPLink struct {
	conn    *net.UDPConn
	from    Direction
	dec     *wire.Decoder
	peer    netip.AddrPort
	up      bool
	sendSeq uint16 // the next sequence number to send
	recvSeq uint16 // the last sequence number received
	got     bool   // a datagram was received
	out     []byte
	in      []byte
	// Tap, if set, sees every frame read (with the peer's direction,
	// before it is decoded) and written (with the other), as wire.Conn's
	// Tap does; the datagram's own header is not shown.
	Tap func(from Direction, frame []byte)
}

// NewUDPLink returns a link over c that reads the messages from sends
// (FromServer on a client) and writes messages in the other direction.
func NewUDPLink(c *net.UDPConn, from Direction) *UDPLink {
	return &UDPLink{conn: c, from: from, dec: NewDecoder(),
		out: make([]byte, 0, MaxDatagram+UDPOverhead), in: make([]byte, MaxDatagram+UDPOverhead)}
}

// Conn returns the socket (for its port, deadlines, Close).
func (l *UDPLink) Conn() *net.UDPConn { return l.conn }

// Port returns the socket's local port, what a client sends in
// MsgUDPLinkRequest.
func (l *UDPLink) Port() uint16 {
	if l.conn == nil {
		return 0
	}
	if a, ok := l.conn.LocalAddr().(*net.UDPAddr); ok {
		return uint16(a.Port)
	}
	return 0
}

// Decoder returns the decoder of the messages read (to set its Policy).
func (l *UDPLink) Decoder() *wire.Decoder { return l.dec }

// Up reports whether messages may travel over the link.
func (l *UDPLink) Up() bool { return l.up }

// Peer returns the peer's address ("" before Establish or Expect).
func (l *UDPLink) Peer() netip.AddrPort { return l.peer }

// Establish names the server's UDP address and brings a client's link up.
func (l *UDPLink) Establish(server netip.AddrPort) {
	l.peer, l.up = server, true
	l.sendSeq, l.recvSeq, l.got = 0, 0, false
}

// Expect names the client's address on the server (its host and the
// port of its MsgUDPLinkRequest); the link comes up with the first
// datagram from that host.
func (l *UDPLink) Expect(client netip.AddrPort) {
	l.peer, l.up = client, false
	l.sendSeq, l.recvSeq, l.got = 0, 0, false
}

// Down takes the link down: messages go back to TCP.
func (l *UDPLink) Down() { l.up = false }

// WriteMessage validates m and sends it in a datagram of its own to the
// peer, numbered with the next sequence number. It does not look at Up:
// the caller decides what goes over UDP (OverUDP, ServerOverUDP).
func (l *UDPLink) WriteMessage(m Message) error {
	if err := m.Validate(); err != nil {
		return err
	}
	b := be.AppendU16(l.out[:0], UDPMarker)
	b = be.AppendU16(b, l.recvSeq)
	b = be.AppendU16(b, 0) // the frame's length, below
	b = be.AppendU16(b, l.sendSeq)
	b, err := m.AppendBinary(b)
	if err != nil {
		return err
	}
	be.PutU16(b[4:], uint16(len(b)-8))
	b = be.AppendU16(b, udpEnd)
	l.out = b
	if l.Tap != nil {
		l.Tap(l.from.Other(), b[8:len(b)-2])
	}
	l.sendSeq++
	_, err = l.conn.WriteToUDPAddrPort(b, l.peer)
	return err
}

// Next reads the next datagram and returns its message, decoded as
// wire.Decoder does (a code without a form as *wire.Raw; a message that
// breaks a rule with the error). The message belongs to the link until
// the next read of its form. A datagram that is not the link's, from a
// host that is not the peer (server side) or older than the last one
// (client side), comes back with an error and no message: read on.
func (l *UDPLink) Next() (Message, error) {
	n, src, err := l.conn.ReadFromUDPAddrPort(l.in)
	if err != nil {
		return nil, err
	}
	_, seq, frame, err := ParseDatagram(l.in[:n])
	if err != nil {
		return nil, err
	}
	if l.from == FromClient {
		if src.Addr().Unmap() != l.peer.Addr().Unmap() {
			return nil, errDatagramSource
		}
		if !l.up {
			l.peer, l.up = src, true
		}
	} else if l.got && l.recvSeq > seq && l.recvSeq-seq < 32768 {
		return nil, errDatagramStale
	}
	l.recvSeq, l.got = seq, true
	if l.Tap != nil {
		l.Tap(l.from, frame)
	}
	m, used, err := l.dec.Decode(frame, l.from)
	if m != nil && used != len(frame) {
		return nil, m.Form().Err("", wire.ErrTrailing)
	}
	return m, err
}
