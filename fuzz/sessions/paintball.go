package sessions

import (
	"errors"
	"net/netip"
	"strconv"
	"sync/atomic"
	"time"

	"github.com/gamewire/gamewire/fuzz"
	"github.com/gamewire/gamewire/fuzz/paintballgen"
	"github.com/gamewire/gamewire/paintball"
	"github.com/gamewire/gamewire/wire"
)

// The states of a Paintball session, as the fuzzer reaches them.
const (
	// PBConnected: connected, nothing sent.
	PBConnected = iota
	// PBLoggedIn: Login sent (the spec has no reply to it).
	PBLoggedIn
	// PBInGame: an Update received after the Login: in the game.
	PBInGame
)

// Paintball returns the fuzz.Protocol of Paintball: paintball.Client
// plays the session (Login, then a Game Dump Request whose Updates put
// the client in the game), the probe is a Game Dump Request, answered
// with Updates once logged in, and every session logs in under a name of
// its own.
func Paintball() *fuzz.Protocol {
	var n, probes atomic.Int64
	return &fuzz.Protocol{
		Name:   "paintball",
		Table:  paintball.Table(),
		States: []string{"connected", "logged-in", "in-game"},
		NewSession: func() fuzz.Session {
			c, _ := paintball.NewClient("fuzz" + strconv.FormatInt(n.Add(1), 36))
			return &pbSession{c: c}
		},
		Valid:   paintballgen.ValidClientMessage(),
		Any:     paintballgen.ClientMessage(),
		Invalid: paintballgen.InvalidMessage(),
		Server:  paintballgen.ServerMessage(),
		Probe: func(s fuzz.Session) (wire.Message, func(wire.Message) bool) {
			if s.State() < PBLoggedIn {
				return nil, nil
			}
			// A facing no other request has: the server's Update of our
			// player object that carries it answers this probe and no
			// other message.
			facing := 1000 + float64(probes.Add(1))/1024
			return &paintball.PlayerUpdateRequest{Facing: facing}, func(m wire.Message) bool {
				u, ok := m.(*paintball.Update)
				return ok && u.Facing == facing
			}
		},
		LiveState: PBLoggedIn,
	}
}

var errNilMessage = errors.New("sessions: a nil message")

// pbSession drives a paintball.Client toward a state. The Client is a
// session of bytes: what it transmits is decoded into the messages the
// fuzzer takes, and what the fuzzer hands over is encoded for its Handle.
type pbSession struct {
	c      *paintball.Client
	held   holdback
	update bool // an Update arrived
	buf    []byte
}

func (s *pbSession) State() int {
	switch {
	case s.c.State() == paintball.ClientNew:
		return PBConnected
	case s.update:
		return PBInGame
	}
	return PBLoggedIn
}

func (s *pbSession) Next(target int) wire.Message {
	if target >= PBLoggedIn && s.c.State() == paintball.ClientNew {
		s.c.Join()
	}
	return s.held.next(target, PBInGame, s.transmit, func(m wire.Message) bool {
		_, dump := m.(*paintball.GameDumpRequest)
		return dump
	})
}

// transmit returns the client's next packet as a message of its own, or
// nil.
func (s *pbSession) transmit() wire.Message {
	_, unit, ok := s.c.Transmit(time.Now(), s.buf[:0])
	if !ok {
		return nil
	}
	s.buf = unit
	m, _, _ := paintball.Decode(unit, paintball.FromClient)
	return m
}

func (s *pbSession) Handle(m wire.Message) error {
	if m == nil {
		return errNilMessage
	}
	if _, ok := m.(*paintball.Update); ok {
		s.update = true
	}
	b, err := m.AppendBinary(s.buf[:0])
	if err != nil {
		return err
	}
	s.buf = b
	return s.c.Handle(time.Now(), netip.AddrPort{}, b)
}
