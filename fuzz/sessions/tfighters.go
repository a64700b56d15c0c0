package sessions

import (
	"strconv"
	"sync/atomic"

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
			return &tfSession{c: tfighters.NewClient("fz" + strconv.FormatInt(n.Add(1), 36))}
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

// tfSession drives a tfighters.Client toward a state.
type tfSession struct {
	c       *tfighters.Client
	held    holdback
	state   int
	version bool // CMSG_VERSION sent
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

func (s *tfSession) Next(target int) wire.Message {
	if target == TFConnected && !s.version {
		for s.c.Next() != nil { // the session is not played: drop its messages
		}
		return nil
	}
	if target >= TFPlaying && s.c.State() == tfighters.ClientSpawnReady {
		s.c.Spawn()
	}
	m := s.held.next(target, TFJoined, s.c.Next, func(m wire.Message) bool { _, nick := m.(*tfighters.ClientNick); return nick })
	if _, v := m.(*tfighters.Version); v {
		s.version = true
	}
	return m
}

func (s *tfSession) Handle(m wire.Message) error { return s.c.Handle(m) }
