package sessions

import (
	"net/netip"
	"strconv"
	"sync/atomic"
	"time"

	"github.com/gamewire/gamewire/fuzz"
	"github.com/gamewire/gamewire/fuzz/lwargen"
	"github.com/gamewire/gamewire/lwar"
	"github.com/gamewire/gamewire/wire"
	"github.com/gamewire/gamewire/wire/codec"
	"github.com/gamewire/gamewire/wire/spec"
	"github.com/leanovate/gopter/gen"
)

// The states of an lwar connection, as the fuzzer reaches them.
const (
	// LWNew: nothing sent (UDP has no connection of its own).
	LWNew = iota
	// LWConnected: Connect acknowledged by the server's Join with sequence
	// number 1: the client has its player (lwar.ClientSyncing).
	LWConnected
	// LWJoined: Synced arrived: the game state is synced
	// (lwar.ClientConnected).
	LWJoined
	// LWInGame: a Selection (a ship type) sent and acknowledged.
	LWInGame
)

// Lwar returns the fuzz.Protocol of lwar (UDP): lwar.Client, a session of
// the session contract, plays the connection over its reliable Channel
// (Join: Connect resent until the server's Join, the sync up to Synced;
// Select; Leave: Disconnect as the goodbye), driven by hand on the wall
// clock (Handle, Transmit, Tick),
// and the session is a fuzz.Packer: every unit travels in a packet with
// the channel's live ack and timestamp, and a reliable message is
// numbered by the channel, or as its sequence trick says (a duplicate, a
// gap, the wrap of the counter). The probe is a reliable Chat, answered
// by the server's ack of it.
func Lwar() *fuzz.Protocol {
	var n atomic.Int64
	anyGen := gen.OneGenOf(lwargen.Forms(wire.FromClient)...)
	valid := func(v any) bool { m, ok := v.(wire.Message); return ok && m.Validate() == nil }
	return &fuzz.Protocol{
		Name:   "lwar",
		Table:  lwar.Table(),
		States: []string{"new", "connected", "joined", "in-game"},
		NewSession: func() fuzz.Session {
			return &lwSession{name: "fuzz" + strconv.FormatInt(n.Add(1), 36), start: time.Now()}
		},
		Valid:   anyGen.SuchThat(valid),
		Any:     anyGen,
		Invalid: lwargen.InvalidMessage(),
		Server:  gen.OneGenOf(lwargen.Forms(wire.FromServer)...),
		Probe: func(s fuzz.Session) (wire.Message, func(wire.Message) bool) {
			ls, ok := s.(*lwSession)
			if !ok || s.State() < LWConnected || ls.c.State().Final() {
				return nil, nil
			}
			ch := ls.c.Channel()
			if err := ls.c.Chat(wire.Text("probe")); err != nil {
				return nil, nil
			}
			seq := ch.LastSeq()
			_, pkt, _ := ls.c.Transmit(time.Now(), nil)
			return &packet{b: pkt}, func(wire.Message) bool { return ch.Acked() >= seq }
		},
		LiveState: LWConnected,
		Whole:     true,
		Sequence:  true,
		// A Disconnect ends the connection.
		Ends: []uint32{uint32(lwar.TypeDisconnect)},
	}
}

// lwSession drives an lwar.Client toward a state, on the wall clock.
type lwSession struct {
	name   string
	start  time.Time
	c      *lwar.Client // nil until the session connects
	state  int
	selSeq uint32 // the Selection's sequence number, once queued
}

func (s *lwSession) State() int {
	if s.c == nil {
		return LWNew
	}
	switch s.c.State() {
	case lwar.ClientSyncing:
		s.state = max(s.state, LWConnected)
	case lwar.ClientConnected:
		s.state = max(s.state, LWJoined)
		if s.selSeq != 0 && s.c.Channel().Acked() >= s.selSeq {
			s.state = LWInGame
		}
	}
	return s.state
}

func (s *lwSession) Next(target int) wire.Message {
	now := time.Now()
	if s.c == nil {
		if target < LWConnected {
			return nil
		}
		// A resend interval, so that Next falls quiet between resends.
		c := lwar.NewClient(lwar.ClientConfig{Channel: lwar.ChannelConfig{ResendInterval: 100 * time.Millisecond}})
		if c.Join(now, []byte(s.name)) != nil {
			return nil
		}
		s.c = c
	}
	s.c.Tick(now)
	s.events()
	if target >= LWInGame && s.c.State() == lwar.ClientConnected && s.selSeq == 0 {
		if s.c.Select(lwar.EntityTypeShip, [4]uint8{}) == nil {
			s.selSeq = s.c.Channel().LastSeq()
		}
	}
	_, pkt, ok := s.c.Transmit(now, nil)
	if !ok {
		return nil
	}
	return &packet{b: pkt}
}

// events drops the client's events: the fuzzer reads its state.
func (s *lwSession) events() {
	for _, ok := s.c.Event(); ok; _, ok = s.c.Event() {
	}
}

// Ended reports whether the server ended the connection: a Leave for
// the client's own player (lwar.ClientClosed), or silence past the
// disconnect timeout.
func (s *lwSession) Ended() bool { return s.c != nil && s.c.State().Final() }

// Handle takes a datagram from the server (the protocol is Whole).
func (s *lwSession) Handle(m wire.Message) error {
	r, ok := m.(*wire.Raw)
	if !ok || s.c == nil {
		return nil
	}
	err := s.c.Handle(time.Now(), netip.AddrPort{}, r.Frame)
	s.events()
	return err
}

// Leave returns a packet with Disconnect once the server accepted the
// client.
func (s *lwSession) Leave() wire.Message {
	if s.c == nil || s.c.State().Final() || s.c.Leave() != nil {
		return nil
	}
	_, pkt, ok := s.c.Transmit(time.Now(), nil)
	if !ok {
		return nil
	}
	return &packet{b: pkt}
}

// Pack puts u's frame in a packet with the channel's ack and timestamp.
// A reliable message that decodes is numbered by the channel, which
// queues it (so that it is resent until acknowledged, and the session's
// own messages keep numbers the server has not seen), unless it is a
// sequence trick: then it gets the number the trick says, unqueued.
func (s *lwSession) Pack(u *fuzz.Unit) []byte {
	if u.Kind == fuzz.KindSession || u.Kind == fuzz.KindProbe {
		return u.Bytes
	}
	var h lwar.Header
	var ch *lwar.Channel
	now := time.Now()
	if s.c != nil {
		ch = s.c.Channel()
		h = lwar.Header{Ack: ch.Ack(), Timestamp: ch.Timestamp(now)}
	}
	pkt, _ := h.AppendBinary(make([]byte, 0, lwar.HeaderSize+len(u.Bytes)))
	at := len(pkt)
	pkt = append(pkt, u.Bytes...)
	m, n, _ := lwar.Decode(u.Bytes, wire.FromClient)
	var err error
	if m == nil || ch == nil || !lwar.TypeOf(m).Reliable() || n < lwar.ReliableHeaderSize {
		return pkt
	}
	var seq uint32
	switch {
	case u.Kind != fuzz.KindSequence:
		if seq, err = ch.QueueReliable(frame(u.Bytes[:n])); err != nil {
			return pkt
		}
	case u.Field == "duplicate":
		seq = max(ch.LastSeq(), 1)
	case u.Field == "gap":
		seq = ch.LastSeq() + 2 + uint32(len(u.Bytes)%7)
	default: // wrap
		seq = 0xffffffff
	}
	codec.BigEndian.PutU32(pkt[at+1:], seq)
	return pkt
}

// frame is an encoded message, queued as it is.
type frame []byte

func (f frame) AppendBinary(b []byte) ([]byte, error) { return append(b, f...), nil }

// packet is a datagram the session built whole (lwar.Client.Transmit:
// header, then the channel's due messages), handed to the fuzzer as a
// message: it encodes to its bytes.
type packet struct{ b []byte }

func (p *packet) Size() int                             { return len(p.b) }
func (p *packet) AppendBinary(b []byte) ([]byte, error) { return append(b, p.b...), nil }
func (p *packet) MarshalBinary() ([]byte, error)        { return p.AppendBinary(nil) }
func (p *packet) Decode(b []byte) (int, error)          { p.b = append(p.b[:0], b...); return len(b), nil }
func (p *packet) UnmarshalBinary(b []byte) error        { _, err := p.Decode(b); return err }
func (p *packet) Validate() error                       { return nil }

// Form names the packet after its first message ("Connect"), or the
// header alone.
func (p *packet) Form() *spec.Form {
	if len(p.b) > lwar.HeaderSize {
		if m, _, _ := lwar.Decode(p.b[lwar.HeaderSize:], wire.FromClient); m != nil {
			return m.Form()
		}
	}
	return &packetForm
}

// packetForm names a packet with no message: a bare acknowledgement.
var packetForm = spec.Form{Name: "ack", Index: -1}
