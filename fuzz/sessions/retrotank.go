package sessions

import (
	"net/netip"
	"slices"
	"sync/atomic"
	"time"

	"github.com/gamewire/gamewire/fuzz"
	"github.com/gamewire/gamewire/fuzz/retrotankgen"
	"github.com/gamewire/gamewire/retrotank"
	"github.com/gamewire/gamewire/wire"
	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
)

// The states of a Retro Tank connection, as the fuzzer reaches them.
const (
	// RTConnected: nothing sent yet (UDP has no connection of its own).
	RTConnected = iota
	// RTAccepted: CONN_REQ answered by CONN_ACCEPT, acknowledged: joined.
	RTAccepted
	// RTReady: every setup page arrived: in the game.
	RTReady
)

// RetroTank returns the fuzz.Protocol of Retro Tank's game port (UDP, one
// message per datagram): retrotank.Client, in its Lax mode, plays the
// connection (CONN_REQ
// resent until CONN_ACCEPT, the acceptance acknowledged, the setup pages
// acknowledged and assembled), through the acknowledgement system. The
// probe is a PLAYER_UPDATE with a message id of its own, which the server
// must acknowledge with an ACK that lists it (the probe goes through the
// client's acknowledgement system, which numbers it).
func RetroTank() *fuzz.Protocol {
	var rnd, probes atomic.Uint32
	t := retrotank.Table()
	client := retrotankClientGens()
	anyGen := gen.OneGenOf(client...)
	return &fuzz.Protocol{
		Name:   "retrotank",
		Table:  t,
		States: []string{"connected", "accepted", "ready"},
		NewSession: func() fuzz.Session {
			id := rnd.Add(1)
			return &rtSession{c: retrotank.NewClient(retrotank.ClientConfig{
				RandID: func() uint32 { return 0x6a770000 + id },
				Retry:  50 * time.Millisecond,
				Lax:    true,
			})}
		},
		Valid:   anyGen.SuchThat(func(m wire.Message) bool { return m.Validate() == nil }),
		Any:     anyGen,
		Invalid: anyGen.SuchThat(func(m wire.Message) bool { return m.Validate() != nil }),
		Server:  retrotankgen.Message(),
		Probe: func(s fuzz.Session) (wire.Message, func(wire.Message) bool) {
			rs, ok := s.(*rtSession)
			if !ok || s.State() < RTAccepted {
				return nil, nil
			}
			// Sent through the client's acknowledgement system, which
			// gives it the next id: the server acknowledges that id.
			pu := &retrotank.PlayerUpdate{UpdateTime: probes.Add(1), FirstPlayer: rs.c.ID()}
			id, err := rs.c.Send(time.Now(), pu)
			if err != nil {
				return nil, nil
			}
			return pu, func(m wire.Message) bool {
				a, ok := m.(*retrotank.Ack)
				return ok && slices.Contains(a.IDs, id)
			}
		},
		LiveState: RTAccepted,
		// A CONN_DISCONN ends the connection, and a CONN_REQ with another
		// random id from the same address replaces it.
		Ends: []uint32{uint32(retrotank.Table().Form("MSG_TYPE_CONN_DISCONN", wire.FromClient).Code),
			uint32(retrotank.Table().Form("MSG_TYPE_CONN_REQ", wire.FromClient).Code)},
	}
}

// retrotankClientGens returns the generators of the messages a client
// sends, as wire.Message values.
func retrotankClientGens() []gopter.Gen {
	return []gopter.Gen{
		asMessage[retrotank.Ack](retrotankgen.Ack()), asMessage[retrotank.ConnReq](retrotankgen.ConnReq()),
		asMessage[retrotank.ConnDisconn](retrotankgen.ConnDisconn()), asMessage[retrotank.PlayerUpdate](retrotankgen.PlayerUpdate()),
		asMessage[retrotank.PlayerSpawn](retrotankgen.PlayerSpawn()),
	}
}

// asMessage turns a generator of *T into one of wire.Message.
func asMessage[T any, P interface {
	*T
	wire.Message
}](g gopter.Gen) gopter.Gen {
	return g.Map(func(v *T) wire.Message { return P(v) })
}

// rtSession drives a retrotank.Client, a session.Session, toward a state,
// on the wall clock: what the client transmits is what the fuzzer sends,
// what the server sends is handed to the client's Handle.
type rtSession struct {
	c     *retrotank.Client
	state int
}

func (s *rtSession) State() int {
	switch s.c.State() {
	case retrotank.ClientIdle, retrotank.ClientConnecting:
		s.state = max(s.state, RTConnected)
	case retrotank.ClientSetup:
		s.state = RTAccepted
	case retrotank.ClientReady:
		s.state = RTReady
	}
	return s.state
}

func (s *rtSession) Next(target int) wire.Message {
	now := time.Now()
	if s.c.State() == retrotank.ClientIdle {
		if target < RTAccepted {
			return nil
		}
		s.c.Join(now)
	}
	s.c.Tick(now)
	return s.transmit(now)
}

// transmit returns the next message the client sends to the game port
// (time-sync requests aside: the fuzzer's client has no time server).
func (s *rtSession) transmit(now time.Time) wire.Message {
	to, b, ok := s.c.Transmit(now, nil)
	if !ok || to.IsValid() {
		return nil
	}
	m, _, _ := retrotank.Decode(b, wire.FromClient)
	return m
}

// Leave returns CONN_DISCONN once the server accepted the client: Leave
// sends it as soon as nothing the client sent is unacknowledged (the
// ACKs it owes go first; a message still in flight holds it back, and
// then Leave returns nil).
func (s *rtSession) Leave() wire.Message {
	now := time.Now()
	if s.c.Leave(now) != nil {
		return nil
	}
	for {
		m := s.transmit(now)
		if m == nil {
			return nil
		}
		if _, ok := m.(*retrotank.ConnDisconn); ok {
			return m
		}
	}
}

func (s *rtSession) Handle(m wire.Message) error {
	b, err := m.AppendBinary(nil)
	if err != nil {
		return err
	}
	return s.c.Handle(time.Now(), netip.AddrPort{}, b)
}
