package session_test

import (
	"errors"
	"net/netip"
	"time"

	"github.com/gamewire/gamewire/wire"
	"github.com/gamewire/gamewire/wire/codec"
	"github.com/gamewire/gamewire/wire/spec"
)

// The toy protocol the drivers are tested with: a frame is a length byte
// (the whole frame's), a code byte, and text. Code 1 is a Line either
// side sends; a Line "bye" from a client asks the server to hang up.

var toyTable = spec.NewTable(spec.Protocol{
	Name:  "toy",
	Order: codec.BigEndian,
	Header: []spec.Field{
		{Name: "length", Type: "u8", Go: "-", Role: spec.LengthRole},
		{Name: "code", Type: "u8", Go: "-", Role: spec.CodeRole},
	},
	MaxFrame: 255,
}, []spec.Form{{Name: "Line", Code: 1, From: spec.Both, Type: "Line", Fields: []spec.Field{{Name: "text", Type: "rest"}}}},
	func(int) spec.Message { return new(Line) })

// Line is the toy's one message.
type Line struct{ Text []byte }

func (*Line) Form() *spec.Form { return &toyTable.Forms[0] }
func (m *Line) Size() int      { return 2 + len(m.Text) }
func (m *Line) Validate() error {
	if len(m.Text) > 253 {
		return m.Form().Err("text", wire.ErrTooLong)
	}
	return nil
}
func (m *Line) AppendBinary(b []byte) ([]byte, error) {
	if err := m.Validate(); err != nil {
		return b, err
	}
	return append(append(b, byte(m.Size()), 1), m.Text...), nil
}
func (m *Line) MarshalBinary() ([]byte, error) { return m.AppendBinary(nil) }
func (m *Line) Decode(b []byte) (int, error) {
	m.Text = m.Text[:0]
	if len(b) < 2 || int(b[0]) > len(b) || b[0] < 2 {
		return m.Form().Short(len(b))
	}
	if b[1] != 1 {
		return 1, m.Form().Err("code", wire.ErrInvalid)
	}
	m.Text = append(m.Text, b[2:b[0]]...)
	return int(b[0]), nil
}
func (m *Line) UnmarshalBinary(b []byte) error {
	n, err := m.Decode(b)
	return m.Form().Exact(n, len(b), err)
}

// outbox is a queue of units to send, each to a peer, reusing its
// memory: in steady state it allocates nothing.
type outbox struct {
	to      []netip.AddrPort
	lines   [][]byte
	n, head int
}

func (o *outbox) push(to netip.AddrPort, text []byte) {
	if o.n == len(o.lines) {
		o.lines = append(o.lines, nil)
		o.to = append(o.to, netip.AddrPort{})
	}
	o.to[o.n], o.lines[o.n] = to, append(o.lines[o.n][:0], text...)
	o.n++
}

func (o *outbox) len() int { return o.n - o.head }

func (o *outbox) transmit(buf []byte) (netip.AddrPort, []byte, bool) {
	if o.head == o.n {
		o.head, o.n = 0, 0
		return netip.AddrPort{}, nil, false
	}
	to, text := o.to[o.head], o.lines[o.head]
	o.head++
	return to, append(append(buf, byte(2+len(text)), 1), text...), true
}

// client is a toy client: it says lines, keeps what it hears, and, given
// a quit time, says "bye" then and is done.
type client struct {
	out    outbox
	heard  []string // what it heard, unless quiet
	count  int      // how many lines it heard
	quiet  bool
	dec    *wire.Decoder
	quitAt time.Time
	done   bool
	ticks  int
}

func newClient() *client { return &client{dec: strict()} }

// strict returns a Decoder of the toy that refuses unknown codes.
func strict() *wire.Decoder {
	d := wire.NewDecoder(toyTable)
	d.Policy = wire.Strict
	return d
}

func (c *client) say(text string) { c.out.push(netip.AddrPort{}, []byte(text)) }

func (c *client) Framing() (*spec.Table, wire.Direction) { return toyTable, wire.FromServer }
func (c *client) Handle(now time.Time, from netip.AddrPort, unit []byte) error {
	m, _, err := c.dec.Decode(unit, wire.FromServer)
	if err != nil {
		return err
	}
	c.count++
	if !c.quiet {
		c.heard = append(c.heard, string(m.(*Line).Text))
	}
	return nil
}
func (c *client) Transmit(now time.Time, buf []byte) (netip.AddrPort, []byte, bool) {
	return c.out.transmit(buf)
}
func (c *client) Deadline() time.Time {
	if c.done {
		return time.Time{}
	}
	return c.quitAt
}
func (c *client) Tick(now time.Time) {
	c.ticks++
	c.say("bye")
	c.done = true
}
func (c *client) Done() bool { return c.done && c.out.len() == 0 }

// server is a toy server: it tells every peer what any peer says, and
// hangs up on a peer that says "bye".
type server struct {
	out     outbox
	dec     *wire.Decoder
	peers   []netip.AddrPort
	hangups []netip.AddrPort
	gone    []netip.AddrPort
	refuse  bool // refuse every connection
}

func newServer() *server { return &server{dec: strict()} }

func (s *server) Framing() (*spec.Table, wire.Direction) { return toyTable, wire.FromClient }
func (s *server) Connected(now time.Time, peer netip.AddrPort) error {
	if s.refuse {
		return errors.New("toy: full")
	}
	s.peers = append(s.peers, peer)
	return nil
}
func (s *server) Disconnected(now time.Time, peer netip.AddrPort) {
	s.gone = append(s.gone, peer)
	for i, p := range s.peers {
		if p == peer {
			s.peers = append(s.peers[:i], s.peers[i+1:]...)
			break
		}
	}
}
func (s *server) Hangup() (netip.AddrPort, bool) {
	if len(s.hangups) == 0 {
		return netip.AddrPort{}, false
	}
	p := s.hangups[0]
	s.hangups = s.hangups[1:]
	return p, true
}
func (s *server) Handle(now time.Time, from netip.AddrPort, unit []byte) error {
	m, _, err := s.dec.Decode(unit, wire.FromClient)
	if err != nil {
		return err
	}
	text := m.(*Line).Text
	if string(text) == "bye" {
		s.hangups = append(s.hangups, from)
		return nil
	}
	for _, p := range s.peers {
		s.out.push(p, text)
	}
	return nil
}
func (s *server) Transmit(now time.Time, buf []byte) (netip.AddrPort, []byte, bool) {
	return s.out.transmit(buf)
}
func (s *server) Deadline() time.Time { return time.Time{} }
func (s *server) Tick(now time.Time)  {}
func (s *server) Done() bool          { return false }
