package main

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/netip"
	"os"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/gamewire/gamewire/bzflag"
	"github.com/gamewire/gamewire/wire"
	"github.com/google/gopacket"
	"github.com/google/gopacket/layers"
	"github.com/google/gopacket/pcapgo"
	"github.com/google/gopacket/reassembly"
)

// decode -pcap reads a pcap or pcapng capture, reassembles every TCP
// connection per direction with gopacket's reassembly, takes every UDP
// datagram as it is, and decodes each conversation with its protocol:
// the one -proto names, or the one whose default port it uses. Each
// message prints as one line with the frame that completed it, its time,
// its endpoints and direction:
//
//	#12 2024-05-01T12:00:00.000210Z 192.0.2.10:15156 -> 198.51.100.7:5155 client bzflag MsgEnter code=...
//
// and with -json the same keys ("frame", "time", "src", "dst", "from",
// "proto") come first in the message's object. The client is the side
// that sent the SYN, or else the side not on the protocol's port. What
// cannot be framed or decoded (a gap in a stream, a capture that starts
// mid-stream, a malformed frame) prints as a line with "error" and
// decoding goes on: a stream protocol resynchronises where three frames
// in a row decode again. The exit status is then 1. A server's greeting
// before the framed messages (BZFlag's handshake) prints as a message of
// its own, and the connection to the port it names is decoded too.
//
// Lines come in the order of the frames that completed them; they are
// kept in memory until the capture ends, to be sorted.

// pcapEvent is one line of output.
type pcapEvent struct {
	frame    int
	seq      int // order of events within a frame
	time     time.Time
	src, dst netip.AddrPort
	from     string
	proto    string
	obj      []byte // the message's JSON, or nil for an error
	err      string
}

// pcapDecoder holds the state of one run.
type pcapDecoder struct {
	force  *protocol // -proto, or nil to choose by port
	events []pcapEvent
	seq    int
	bad    int
	frame  int
	udp    map[[2]netip.AddrPort]*udpConv
	// skipped counts the conversations of no known protocol.
	skipped map[string]bool
	// reconnect are the ports servers asked clients to reconnect to in
	// a greeting (BZFlag's handshake): their connections are the
	// protocol's too.
	reconnect map[netip.AddrPort]*protocol
}

func (d *pcapDecoder) emit(e pcapEvent) {
	d.seq++
	e.seq = d.seq
	if e.obj == nil {
		d.bad++
	}
	d.events = append(d.events, e)
}

// choose returns the protocol of a conversation between a and b, and the
// server's side, or nil.
func (d *pcapDecoder) choose(datagram bool, a, b netip.AddrPort) (*protocol, netip.AddrPort) {
	if p := d.reconnect[a]; p != nil && !datagram {
		return p, a
	}
	if p := d.reconnect[b]; p != nil && !datagram {
		return p, b
	}
	if d.force != nil {
		if d.force.datagram != datagram {
			return nil, netip.AddrPort{}
		}
		if port := d.force.port; port != 0 {
			if a.Port() == port {
				return d.force, a
			}
			if b.Port() == port {
				return d.force, b
			}
		}
		// No default port: the lower port is the server's.
		if a.Port() < b.Port() {
			return d.force, a
		}
		return d.force, b
	}
	for _, p := range registry {
		if p.datagram != datagram || p.port == 0 {
			continue
		}
		if a.Port() == p.port {
			return p, a
		}
		if b.Port() == p.port {
			return p, b
		}
	}
	key := a.String() + " " + b.String()
	if b.Compare(a) < 0 {
		key = b.String() + " " + a.String()
	}
	d.skipped[key] = true
	return nil, netip.AddrPort{}
}

// decodePcap decodes the capture file at path. A note on the
// conversations it skipped goes to notes.
func decodePcap(protoName, path string, asJSON bool, out, notes io.Writer) error {
	d := &pcapDecoder{udp: map[[2]netip.AddrPort]*udpConv{}, reconnect: map[netip.AddrPort]*protocol{}, skipped: map[string]bool{}}
	if protoName != "" {
		p, err := lookupProtocol(protoName)
		if err != nil {
			return err
		}
		d.force = p
	}
	f, err := os.Open(path)
	if err != nil {
		return usageError{err.Error()}
	}
	defer f.Close()
	src, err := openCapture(f)
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	if err := d.run(src); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	if err := d.print(out, asJSON); err != nil {
		return err
	}
	if n := len(d.skipped); n > 0 && notes != nil {
		fmt.Fprintf(notes, "gamewire: %s: %d conversations on no protocol's default port were skipped (name the protocol with -proto)\n", path, n)
	}
	if d.bad > 0 {
		return fmt.Errorf("%s: %d frames or stream parts could not be decoded (see the error lines)", path, d.bad)
	}
	return nil
}

// packetReader is what pcapgo's two readers share.
type packetReader interface {
	gopacket.PacketDataSource
	LinkType() layers.LinkType
}

// openCapture reads the file's magic number and returns a pcap or pcapng
// reader.
func openCapture(r io.Reader) (packetReader, error) {
	br := bufio.NewReader(r)
	magic, err := br.Peek(4)
	if err != nil {
		return nil, fmt.Errorf("not a pcap or pcapng capture: %w", err)
	}
	if binary.LittleEndian.Uint32(magic) == 0x0a0d0d0a {
		return pcapgo.NewNgReader(br, pcapgo.DefaultNgReaderOptions)
	}
	pr, err := pcapgo.NewReader(br)
	if err != nil {
		return nil, fmt.Errorf("not a pcap or pcapng capture: %w", err)
	}
	return pr, nil
}

// frameInfo is the assembler context: the packet's capture info and its
// frame number.
type frameInfo struct {
	ci    gopacket.CaptureInfo
	frame int
}

func (f *frameInfo) GetCaptureInfo() gopacket.CaptureInfo { return f.ci }

func (d *pcapDecoder) run(src packetReader) error {
	factory := &tcpFactory{d: d}
	asm := reassembly.NewAssembler(reassembly.NewStreamPool(factory))
	lt := src.LinkType()
	for {
		data, ci, err := src.ReadPacketData()
		if err == io.EOF {
			break
		}
		if err != nil {
			return fmt.Errorf("frame %d: %w", d.frame+1, err)
		}
		d.frame++
		pkt := gopacket.NewPacket(data, lt, gopacket.DecodeOptions{Lazy: true, NoCopy: true})
		var srcIP, dstIP netip.Addr
		nl := pkt.NetworkLayer()
		if nl == nil {
			continue
		}
		switch ip := nl.(type) {
		case *layers.IPv4:
			srcIP, _ = netip.AddrFromSlice(ip.SrcIP)
			dstIP, _ = netip.AddrFromSlice(ip.DstIP)
		case *layers.IPv6:
			srcIP, _ = netip.AddrFromSlice(ip.SrcIP)
			dstIP, _ = netip.AddrFromSlice(ip.DstIP)
		default:
			continue
		}
		fi := &frameInfo{ci: ci, frame: d.frame}
		switch t := pkt.TransportLayer().(type) {
		case *layers.TCP:
			asm.AssembleWithContext(nl.NetworkFlow(), t, fi)
		case *layers.UDP:
			d.datagram(fi,
				netip.AddrPortFrom(srcIP.Unmap(), uint16(t.SrcPort)),
				netip.AddrPortFrom(dstIP.Unmap(), uint16(t.DstPort)), t.Payload)
		}
	}
	asm.FlushAll()
	for _, s := range factory.streams {
		s.finish()
	}
	return nil
}

// udpConv is a UDP conversation's protocol and server.
type udpConv struct {
	p      *protocol
	server netip.AddrPort
}

func (d *pcapDecoder) datagram(fi *frameInfo, src, dst netip.AddrPort, payload []byte) {
	key := [2]netip.AddrPort{src, dst}
	if dst.Compare(src) < 0 {
		key = [2]netip.AddrPort{dst, src}
	}
	c, ok := d.udp[key]
	if !ok {
		p, server := d.choose(true, src, dst)
		if p != nil && d.force != nil && p.port == 0 {
			server = dst // the first datagram is the client's
		}
		c = &udpConv{p: p, server: server}
		d.udp[key] = c
	}
	if c.p == nil {
		return
	}
	from := "client"
	if src == c.server {
		from = "server"
	}
	e := pcapEvent{frame: fi.frame, time: fi.ci.Timestamp, src: src, dst: dst, from: from, proto: c.p.name}
	obj, err := c.p.decode(payload, from)
	if err != nil {
		e.err = fmt.Sprintf("datagram of %d bytes: %v", len(payload), err)
	} else {
		e.obj = obj
	}
	d.emit(e)
}

// tcpFactory makes a tcpStream per connection.
type tcpFactory struct {
	d       *pcapDecoder
	streams []*tcpStream
}

func (f *tcpFactory) New(netFlow, tcpFlow gopacket.Flow, tcp *layers.TCP, ac reassembly.AssemblerContext) reassembly.Stream {
	srcIP, _ := netip.AddrFromSlice(netFlow.Src().Raw())
	dstIP, _ := netip.AddrFromSlice(netFlow.Dst().Raw())
	a := netip.AddrPortFrom(srcIP.Unmap(), uint16(tcp.SrcPort))
	b := netip.AddrPortFrom(dstIP.Unmap(), uint16(tcp.DstPort))
	p, server := f.d.choose(false, a, b)
	if tcp.SYN && !tcp.ACK {
		server = b // the SYN says who the client is
	} else if tcp.SYN && tcp.ACK {
		server = a
	}
	s := &tcpStream{d: f.d, p: p, ends: [2]netip.AddrPort{a, b}, server: server, syn: tcp.SYN}
	s.half[0].s, s.half[1].s = s, s
	s.half[0].dir, s.half[1].dir = 0, 1
	f.streams = append(f.streams, s)
	return s
}

// tcpStream is one TCP connection: two halves, one per direction.
type tcpStream struct {
	d      *pcapDecoder
	p      *protocol
	ends   [2]netip.AddrPort // the first packet's source and destination
	server netip.AddrPort
	syn    bool // the capture holds the connection's start
	half   [2]tcpHalf
}

func (s *tcpStream) Accept(tcp *layers.TCP, ci gopacket.CaptureInfo, dir reassembly.TCPFlowDirection, nextSeq reassembly.Sequence, start *bool, ac reassembly.AssemblerContext) bool {
	*start = true // a capture may start mid-stream
	return true
}

func (s *tcpStream) ReassembledSG(sg reassembly.ScatterGather, ac reassembly.AssemblerContext) {
	if s.p == nil {
		return
	}
	dir, _, _, skip := sg.Info()
	h := &s.half[0]
	if dir == reassembly.TCPDirServerToClient {
		h = &s.half[1]
	}
	n, _ := sg.Lengths()
	if n == 0 {
		return
	}
	data := sg.Fetch(n)
	fi, _ := ac.(*frameInfo)
	h.add(data, skip, sg, fi)
}

func (s *tcpStream) ReassemblyComplete(ac reassembly.AssemblerContext) bool { return false }

func (s *tcpStream) finish() {
	if s.p == nil {
		return
	}
	for i := range s.half {
		s.half[i].finish()
	}
}

// tcpHalf is one direction of a connection: the bytes received and not
// yet framed.
type tcpHalf struct {
	s       *tcpStream
	dir     int // 0: the first packet's direction, 1: the other
	buf     []byte
	started bool // data has been seen
	lost    bool // framing lost: resynchronise before decoding
	greeted bool // the server's greeting, if any, is behind
	skipped int  // bytes dropped while resynchronising
	last    *frameInfo
	lastCI  gopacket.CaptureInfo
}

func (h *tcpHalf) endpoints() (src, dst netip.AddrPort, from string) {
	src, dst = h.s.ends[0], h.s.ends[1]
	if h.dir == 1 {
		src, dst = dst, src
	}
	from = "client"
	if src == h.s.server {
		from = "server"
	}
	return
}

func (h *tcpHalf) event(ci gopacket.CaptureInfo, frame int) pcapEvent {
	src, dst, from := h.endpoints()
	return pcapEvent{frame: frame, time: ci.Timestamp, src: src, dst: dst, from: from, proto: h.s.p.name}
}

func (h *tcpHalf) fail(ci gopacket.CaptureInfo, frame int, msg string) {
	e := h.event(ci, frame)
	e.err = msg
	h.s.d.emit(e)
}

// add takes the next bytes of the direction; skip is how many bytes are
// missing before them (-1: unknown, the capture started mid-stream).
func (h *tcpHalf) add(data []byte, skip int, sg reassembly.ScatterGather, fi *frameInfo) {
	frame := 0
	ci := sg.CaptureInfo(0)
	if fi != nil {
		frame = fi.frame
		ci = fi.ci
	}
	switch {
	case !h.started && (skip < 0 || !h.s.syn):
		// The connection's start is not in the capture: the first byte
		// may lie inside a frame.
		h.lost = true
		h.fail(ci, frame, "the capture starts mid-stream: looking for the start of a frame")
	case skip > 0:
		h.fail(ci, frame, fmt.Sprintf("%d bytes missing from the capture: %d bytes of a partial frame dropped, looking for the start of a frame", skip, len(h.buf)))
		h.buf = h.buf[:0]
		h.lost = true
	}
	h.started = true
	h.buf = append(h.buf, data...)
	h.lastCI, h.last = ci, fi
	h.frames(ci, frame, false)
}

// frames decodes the whole frames at the start of buf.
func (h *tcpHalf) frames(ci gopacket.CaptureInfo, frame int, atEnd bool) {
	p := h.s.p
	src, _, from := h.endpoints()
	if !h.greeted && !h.lost && len(h.buf) > 0 {
		hello := pcapHellos[p.name]
		if hello == nil || from != "server" {
			h.greeted = true
		} else {
			n, obj, port := hello(h.buf)
			if n < 0 && !atEnd {
				return // more bytes to tell
			}
			h.greeted = true
			if n > 0 {
				e := h.event(ci, frame)
				e.obj = obj
				h.s.d.emit(e)
				h.buf = h.buf[:copy(h.buf, h.buf[n:])]
				if port != 0 {
					h.s.d.reconnect[netip.AddrPortFrom(src.Addr(), port)] = p
				}
			}
		}
	}
	for len(h.buf) > 0 {
		if h.lost {
			i, ok := h.resync(from, atEnd)
			if !ok {
				// Keep the tail that may still start a frame.
				h.skipped += i
				h.buf = h.buf[:copy(h.buf, h.buf[i:])]
				return
			}
			h.skipped += i
			h.buf = h.buf[:copy(h.buf, h.buf[i:])]
			h.lost = false
			h.fail(ci, frame, fmt.Sprintf("framing found again after %d bytes skipped", h.skipped))
			h.skipped = 0
		}
		n, err := frameLen(p, h.buf)
		if err != nil {
			h.fail(ci, frame, fmt.Sprintf("framing lost: %v", err))
			h.lost = true
			h.buf = h.buf[:copy(h.buf, h.buf[1:])]
			h.skipped = 1
			continue
		}
		if n == 0 || n > len(h.buf) {
			return
		}
		e := h.event(ci, frame)
		obj, err := p.decode(h.buf[:n], from)
		if err != nil {
			e.err = fmt.Sprintf("frame of %d bytes: %v", n, err)
		} else {
			e.obj = obj
		}
		h.s.d.emit(e)
		h.buf = h.buf[:copy(h.buf, h.buf[n:])]
	}
}

// pcapHello reads a server's unframed greeting at the start of b, the
// first bytes of its stream: its length (0: there is none, -1: more bytes
// are needed to tell), its JSON, and the port it asks the client to
// reconnect to (0: none).
type pcapHello func(b []byte) (n int, obj []byte, port uint16)

// pcapHellos are the greetings of the protocols that have one.
var pcapHellos = map[string]pcapHello{"bzflag": bzflagHello}

// bzflagHello reads BZFlag's handshake ("connect to server"): the
// server's version string, "BZFS107e", and the reconnect port. The
// client then connects to that port for the game.
func bzflagHello(b []byte) (int, []byte, uint16) {
	m := min(len(b), len(bzflag.Magic))
	if string(b[:m]) != bzflag.Magic[:m] {
		return 0, nil, 0
	}
	var h bzflag.Handshake
	n, err := h.Decode(b)
	if err != nil {
		return -1, nil, 0
	}
	fields, err := json.Marshal(&h)
	if err != nil || len(fields) < 2 {
		return 0, nil, 0
	}
	obj := append([]byte(`{"msg":"Handshake",`), fields[1:]...)
	return n, obj, h.Port
}

// resyncFrames is how many frames in a row must decode (or reach the end
// of the bytes so far) for resync to trust an offset.
const resyncFrames = 3

// resync looks for the start of a frame in buf: an offset where
// resyncFrames frames in a row decode, none of them all zero bytes (zero
// padding inside a frame would otherwise pass for empty frames), or fewer
// that end exactly at the end of the bytes so far. It returns the offset
// and true, or how many bytes cannot start a frame and false.
func (h *tcpHalf) resync(from string, atEnd bool) (int, bool) {
	for i := 0; i < len(h.buf); i++ {
		ok, wait := h.chain(h.buf[i:], from, atEnd)
		if ok {
			return i, true
		}
		if wait {
			return i, false
		}
	}
	return len(h.buf), false
}

// chain reports whether b starts with resyncFrames good frames (ok), or
// whether it may once more bytes arrive (wait).
func (h *tcpHalf) chain(b []byte, from string, atEnd bool) (ok, wait bool) {
	p := h.s.p
	for k := 0; k < resyncFrames; k++ {
		if len(b) == 0 {
			return k > 0, false
		}
		n, err := frameLen(p, b)
		if err != nil {
			return false, false
		}
		if n == 0 || n > len(b) {
			return false, !atEnd
		}
		if allZero(b[:n]) {
			return false, false
		}
		if _, err := p.decode(b[:n], from); err != nil {
			return false, false
		}
		b = b[n:]
	}
	return true, false
}

func allZero(b []byte) bool {
	for _, c := range b {
		if c != 0 {
			return false
		}
	}
	return true
}

// finish reports what is left when the capture ends.
func (h *tcpHalf) finish() {
	if len(h.buf) == 0 {
		return
	}
	frame := 0
	if h.last != nil {
		frame = h.last.frame
	}
	if h.lost {
		h.frames(h.lastCI, frame, true)
	}
	if len(h.buf) > 0 {
		h.fail(h.lastCI, frame, fmt.Sprintf("the capture ends inside a frame: %d bytes left", len(h.buf)))
		h.buf = nil
	}
}

// frameLen returns the length of the frame at the start of b by the
// protocol's own framing: 0 and nil when b does not hold enough to tell
// or the whole frame.
func frameLen(p *protocol, b []byte) (int, error) {
	if p.table != nil {
		// The table's framing, without a reader; a length over the limit
		// comes back with the table's shared error, which the report
		// completes with the length and the limit.
		n, err := p.table.FrameLen(b)
		var we *wire.Error
		if n > 0 && errors.Is(err, wire.ErrTooLong) && errors.As(err, &we) {
			e := *we
			e.Length, e.Limit = n, p.table.HardMax
			return 0, &e
		}
		return n, err
	}
	next := p.split(bytes.NewReader(b))
	frame, err := next()
	switch {
	case err == nil:
		return len(frame), nil
	case errors.Is(err, io.ErrUnexpectedEOF), err == io.EOF:
		return 0, nil
	}
	return 0, err
}

// print writes the events in frame order.
func (d *pcapDecoder) print(out io.Writer, asJSON bool) error {
	sort.SliceStable(d.events, func(i, j int) bool {
		if d.events[i].frame != d.events[j].frame {
			return d.events[i].frame < d.events[j].frame
		}
		return d.events[i].seq < d.events[j].seq
	})
	w := bufio.NewWriter(out)
	for _, e := range d.events {
		ts := e.time.UTC().Format("2006-01-02T15:04:05.000000Z")
		if asJSON {
			b := []byte(`{"frame":`)
			b = strconv.AppendInt(b, int64(e.frame), 10)
			b = append(b, `,"time":`...)
			b = strconv.AppendQuote(b, ts)
			b = append(b, `,"src":`...)
			b = strconv.AppendQuote(b, e.src.String())
			b = append(b, `,"dst":`...)
			b = strconv.AppendQuote(b, e.dst.String())
			b = append(b, `,"from":`...)
			b = strconv.AppendQuote(b, e.from)
			b = append(b, `,"proto":`...)
			b = strconv.AppendQuote(b, e.proto)
			if e.obj == nil {
				b = append(b, `,"error":`...)
				b = strconv.AppendQuote(b, e.err)
				b = append(b, '}')
			} else if len(e.obj) > 2 && e.obj[0] == '{' {
				b = append(b, ',')
				b = append(b, e.obj[1:]...)
			} else {
				b = append(b, '}')
			}
			w.Write(b)
		} else {
			fmt.Fprintf(w, "#%d %s %s -> %s %s %s ", e.frame, ts, e.src, e.dst, e.from, e.proto)
			if e.obj == nil {
				w.WriteString("error: " + strings.ReplaceAll(e.err, "\n", " "))
			} else {
				w.Write(pcapText(e.proto, e.obj))
			}
		}
		w.WriteByte('\n')
	}
	return w.Flush()
}

// pcapCommand is decode -pcap.
func pcapCommand(cmd, proto, file string, asJSON bool, files []string, stdout, stderr io.Writer) error {
	if cmd != "decode" {
		return usageError{"-pcap is an input of decode only"}
	}
	if len(files) > 0 {
		return usageError{"-pcap FILE is the input: no other input file"}
	}
	return decodePcap(proto, file, asJSON, stdout, stderr)
}
