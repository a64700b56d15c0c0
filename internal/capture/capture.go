// Package capture writes pcap files of TCP conversations and UDP
// datagrams, as a capture on an Ethernet link would hold them: the TCP
// handshake, data segments of at most one MSS with their sequence and
// acknowledgement numbers, the peer's ACKs, and FIN at the end. It is what
// internal/mkpcap and the tests use to turn recorded streams into
// captures; it can also make a capture worse on purpose (a retransmitted
// or reordered segment, a capture that starts mid-stream) to test readers.
//
// Packets are built with gopacket's layers and written with pcapgo.
package capture

import (
	"fmt"
	"io"
	"net"
	"net/netip"
	"time"

	"github.com/google/gopacket"
	"github.com/google/gopacket/layers"
	"github.com/google/gopacket/pcapgo"
)

// MSS is the largest TCP payload in one segment (Ethernet with timestamps
// off: 1500 - 20 - 20).
const MSS = 1460

// Writer writes packets to a pcap file.
type Writer struct {
	w   *pcapgo.Writer
	now time.Time
	id  uint16 // IPv4 identification
	n   int    // packets written
}

// NewWriter writes a pcap file header (Ethernet, microseconds) to w and
// returns a Writer whose clock starts at start.
func NewWriter(w io.Writer, start time.Time) (*Writer, error) {
	pw := pcapgo.NewWriter(w)
	if err := pw.WriteFileHeader(65535, layers.LinkTypeEthernet); err != nil {
		return nil, err
	}
	return &Writer{w: pw, now: start.Truncate(time.Microsecond), id: 0x3a41}, nil
}

// Now returns the Writer's clock: the time of the next packet.
func (w *Writer) Now() time.Time { return w.now }

// Advance moves the clock on by d.
func (w *Writer) Advance(d time.Duration) { w.now = w.now.Add(d).Truncate(time.Microsecond) }

// Packets returns how many packets have been written.
func (w *Writer) Packets() int { return w.n }

// mac makes a locally administered MAC address from an IPv4 address, so
// each host keeps one MAC.
func mac(a netip.Addr) net.HardwareAddr {
	b := a.As4()
	return net.HardwareAddr{0x02, 0x42, b[0], b[1], b[2], b[3]}
}

func (w *Writer) write(src, dst netip.AddrPort, transport gopacket.SerializableLayer, payload []byte) error {
	eth := &layers.Ethernet{SrcMAC: mac(src.Addr()), DstMAC: mac(dst.Addr()), EthernetType: layers.EthernetTypeIPv4}
	ip := &layers.IPv4{
		Version: 4, TTL: 64, Id: w.id, Flags: layers.IPv4DontFragment,
		SrcIP: src.Addr().AsSlice(), DstIP: dst.Addr().AsSlice(),
	}
	w.id++
	switch t := transport.(type) {
	case *layers.TCP:
		ip.Protocol = layers.IPProtocolTCP
		if err := t.SetNetworkLayerForChecksum(ip); err != nil {
			return err
		}
	case *layers.UDP:
		ip.Protocol = layers.IPProtocolUDP
		if err := t.SetNetworkLayerForChecksum(ip); err != nil {
			return err
		}
	}
	buf := gopacket.NewSerializeBuffer()
	opts := gopacket.SerializeOptions{FixLengths: true, ComputeChecksums: true}
	if err := gopacket.SerializeLayers(buf, opts, eth, ip, transport, gopacket.Payload(payload)); err != nil {
		return err
	}
	data := buf.Bytes()
	ci := gopacket.CaptureInfo{Timestamp: w.now, CaptureLength: len(data), Length: len(data)}
	w.n++
	w.now = w.now.Add(time.Microsecond) // no two packets at the same time
	return w.w.WritePacket(ci, data)
}

// UDP writes one datagram from src to dst at the clock's time.
func (w *Writer) UDP(src, dst netip.AddrPort, payload []byte) error {
	if !src.Addr().Is4() || !dst.Addr().Is4() {
		return fmt.Errorf("capture: IPv4 addresses only: %v -> %v", src, dst)
	}
	udp := &layers.UDP{SrcPort: layers.UDPPort(src.Port()), DstPort: layers.UDPPort(dst.Port())}
	return w.write(src, dst, udp, payload)
}

// TCP is one TCP connection in the capture.
type TCP struct {
	w              *Writer
	client, server netip.AddrPort
	seq            [2]uint32 // next sequence number: [0] client, [1] server
	window         uint16
	// Gap is how long the receiver waits before its ACK.
	Gap time.Duration
}

// TCP starts a connection from client to server and writes its handshake
// (SYN, SYN-ACK, ACK), with initial sequence numbers isnClient and
// isnServer.
func (w *Writer) TCP(client, server netip.AddrPort, isnClient, isnServer uint32) (*TCP, error) {
	if !client.Addr().Is4() || !server.Addr().Is4() {
		return nil, fmt.Errorf("capture: IPv4 addresses only: %v -> %v", client, server)
	}
	c := &TCP{w: w, client: client, server: server, seq: [2]uint32{isnClient, isnServer}, window: 64240, Gap: 40 * time.Microsecond}
	if err := c.segment(0, c.seq[0], 0, flags{syn: true}, nil); err != nil {
		return nil, err
	}
	c.seq[0]++
	w.Advance(90 * time.Microsecond)
	if err := c.segment(1, c.seq[1], c.seq[0], flags{syn: true, ack: true}, nil); err != nil {
		return nil, err
	}
	c.seq[1]++
	w.Advance(60 * time.Microsecond)
	if err := c.segment(0, c.seq[0], c.seq[1], flags{ack: true}, nil); err != nil {
		return nil, err
	}
	return c, nil
}

// Mid returns a connection already established before the capture began:
// no handshake is written, and the next bytes of each side have the
// sequence numbers given.
func (w *Writer) Mid(client, server netip.AddrPort, seqClient, seqServer uint32) *TCP {
	return &TCP{w: w, client: client, server: server, seq: [2]uint32{seqClient, seqServer}, window: 64240, Gap: 40 * time.Microsecond}
}

type flags struct{ syn, ack, psh, fin bool }

// side is 0 for the client, 1 for the server.
func (c *TCP) segment(side int, seq, ack uint32, f flags, payload []byte) error {
	src, dst := c.client, c.server
	if side == 1 {
		src, dst = dst, src
	}
	t := &layers.TCP{
		SrcPort: layers.TCPPort(src.Port()), DstPort: layers.TCPPort(dst.Port()),
		Seq: seq, Ack: ack, SYN: f.syn, ACK: f.ack, PSH: f.psh, FIN: f.fin, Window: c.window,
	}
	if f.syn {
		t.Options = []layers.TCPOption{{OptionType: layers.TCPOptionKindMSS, OptionLength: 4, OptionData: []byte{byte(MSS >> 8), byte(MSS & 0xff)}}}
	}
	return c.w.write(src, dst, t, payload)
}

func side(fromServer bool) int {
	if fromServer {
		return 1
	}
	return 0
}

// Send writes data from one side as segments of at most MSS bytes (PSH on
// the last), then the other side's ACK.
func (c *TCP) Send(fromServer bool, data []byte) error {
	s := side(fromServer)
	for len(data) > 0 {
		n := min(len(data), MSS)
		if err := c.segment(s, c.seq[s], c.seq[1-s], flags{ack: true, psh: n == len(data)}, data[:n]); err != nil {
			return err
		}
		c.seq[s] += uint32(n)
		data = data[n:]
		c.w.Advance(12 * time.Microsecond)
	}
	c.w.Advance(c.Gap)
	return c.segment(1-s, c.seq[1-s], c.seq[s], flags{ack: true}, nil)
}

// Segment writes one segment of data from one side at off bytes past the
// side's next sequence number (negative: a retransmission of bytes
// already sent), without moving it on and without an ACK: with Skip, for
// captures with retransmitted, reordered or missing segments.
func (c *TCP) Segment(fromServer bool, off int, data []byte) error {
	s := side(fromServer)
	return c.segment(s, c.seq[s]+uint32(off), c.seq[1-s], flags{ack: true, psh: true}, data)
}

// Skip moves one side's next sequence number on by n bytes, as if they
// had been sent (by Segment, or lost).
func (c *TCP) Skip(fromServer bool, n int) { c.seq[side(fromServer)] += uint32(n) }

// Close writes the client's FIN, the server's FIN-ACK and the last ACK.
func (c *TCP) Close() error {
	if err := c.segment(0, c.seq[0], c.seq[1], flags{fin: true, ack: true}, nil); err != nil {
		return err
	}
	c.seq[0]++
	c.w.Advance(70 * time.Microsecond)
	if err := c.segment(1, c.seq[1], c.seq[0], flags{fin: true, ack: true}, nil); err != nil {
		return err
	}
	c.seq[1]++
	c.w.Advance(50 * time.Microsecond)
	return c.segment(0, c.seq[0], c.seq[1], flags{ack: true}, nil)
}
