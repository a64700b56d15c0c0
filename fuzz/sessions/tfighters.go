package sessions

import (
	"net/netip"
	"strconv"
	"sync/atomic"
	"time"

	"github.com/gamewire/gamewire/fuzz"
	"github.com/gamewire/gamewire/fuzz/tfightersgen"
	"github.com/gamewire/gamewire/tfighters"
	"github.com/gamewire/gamewire/wire"
	"github.com/leanovate/gopter/gen"
)

// The states of a TFighters session, as the fuzzer reaches them.
const (
	// TFConnected: connected, nothing sent (SMSG_HI may have arrived).
	TFConnected = iota
	// TFHandshake: SMSG_HI received and CMSG_VERSION sent; no nick yet.
	TFHandshake
	// TFJoined: CMSG_NICK accepted (SMSG_NICKREPLY): the lag checks run.
	TFJoined
	// TFPlaying: CMSG_SPAWN answered by our SMSG_SPAWN: in the game.
	TFPlaying
)

// TFighters returns the fuzz.Protocol of TFighters: tfighters.Client
// plays the session (SMSG_HI, CMSG_VERSION, CMSG_NICK and its reply, the
// lag checks answered with CMSG_PONG, SMSG_SPAWNREADY, CMSG_SPAWN), the
// probe is a CMSG_PONG, which the original server answers with SMSG_LAG
// in every state, and every session asks for a nick of its own.
func TFighters() *fuzz.Protocol {
	var n atomic.Int64
	return &fuzz.Protocol{
		Name:   "tfighters",
		Table:  tfighters.Table(),
		States: []string{"connected", "handshake", "joined", "playing"},
		NewSession: func() fuzz.Session {
			c := tfighters.NewClient("fz" + strconv.FormatInt(n.Add(1), 36))
			c.Lax = true // take what the target sends, rules broken or not
			return &tfSession{c: c}
		},
		Valid:   gen.OneGenOf(tfightersgen.Forms(wire.FromClient, true)...),
		Any:     gen.OneGenOf(append(tfightersgen.Forms(wire.FromClient, false), tfightersgen.Raw())...),
		Invalid: tfightersgen.InvalidMessage(),
		Server:  tfightersgen.ServerMessage(),
		Probe: func(fuzz.Session) (wire.Message, func(wire.Message) bool) {
			return &tfighters.Pong{}, func(m wire.Message) bool { _, ok := m.(*tfighters.Lag); return ok }
		},
		LiveState: TFHandshake,
	}
}

// tfSession drives a tfighters.Client, a session of the one contract,
// toward a state: the messages the fuzzer reads are encoded for its
// Handle, and the frames its Transmit gives are decoded for Next.
type tfSession struct {
	c       *tfighters.Client
	held    holdback
	state   int
	version bool // CMSG_VERSION sent
	buf     []byte
}

func (s *tfSession) State() int {
	if !s.version {
		return TFConnected
	}
	switch s.c.State() {
	case tfighters.ClientAwaitHi:
		s.state = TFConnected
	case tfighters.ClientAwaitNick:
		s.state = TFHandshake
	case tfighters.ClientLagCheck, tfighters.ClientSpawnReady:
		s.state = TFJoined
	case tfighters.ClientSpawning:
		s.state = TFJoined
	case tfighters.ClientPlaying, tfighters.ClientDead:
		s.state = TFPlaying
	}
	return s.state // ClientClosed: the last state reached
}

// transmitted returns the Client's next message to send, decoded, or nil.
func (s *tfSession) transmitted() wire.Message {
	_, unit, ok := s.c.Transmit(time.Now(), nil)
	if !ok {
		return nil
	}
	m, _, _ := tfighters.Decode(unit, wire.FromClient)
	return m
}

func (s *tfSession) Next(target int) wire.Message {
	if target == TFConnected && !s.version {
		for s.transmitted() != nil { // the session is not played: drop its messages
		}
		return nil
	}
	if target >= TFPlaying && s.c.State() == tfighters.ClientSpawnReady {
		s.c.Spawn()
	}
	m := s.held.next(target, TFJoined, s.transmitted, func(m wire.Message) bool { _, nick := m.(*tfighters.ClientNick); return nick })
	if _, v := m.(*tfighters.Version); v {
		s.version = true
	}
	return m
}

func (s *tfSession) Handle(m wire.Message) error {
	if m == nil {
		return nil
	}
	var err error
	if s.buf, err = m.AppendBinary(s.buf[:0]); err != nil {
		return err
	}
	return s.c.Handle(time.Now(), netip.AddrPort{}, s.buf)
}
