package sessions

import (
	"bytes"
	"net/netip"
	"strconv"
	"sync/atomic"
	"time"

	"github.com/gamewire/gamewire/bzflag"
	"github.com/gamewire/gamewire/fuzz"
	"github.com/gamewire/gamewire/fuzz/bzflaggen"
	"github.com/gamewire/gamewire/wire"
)

// The states of a BZFlag 1.7 session, as the fuzzer reaches them.
const (
	// BZConnected: the first connection, before the handshake: the
	// server's hello (version and reconnect port) is not read.
	BZConnected = iota
	// BZHello: the hello read and the client reconnected at the port it
	// names ("connect to server"); nothing sent on the new connection.
	BZHello
	// BZJoined: the world downloaded, MsgEnter accepted, the player's own
	// MsgAddPlayer arrived, MsgNetworkRelay answered: joined.
	BZJoined
	// BZPlaying: MsgAlive sent: the tank is in the game.
	BZPlaying
)

// BZFlag returns the fuzz.Protocol of BZFlag 1.7: a bzflag.Game, driven
// in memory, plays the session (its Client downloads the world and enters, then the relay,
// MsgSetTTL, the lag pings echoed, MsgAlive), after the handshake that
// opens every connection: the server's 10-byte hello, read as
// bzflag.ReadHandshake checks it, and the reconnection at the port it
// names, as bzflag.Dialer makes it (the session is a fuzz.Greeter). The
// probe is MsgQueryGame, which bzfs answers in every state after the
// reconnection; every session enters under a callsign of its own.
func BZFlag() *fuzz.Protocol {
	var n atomic.Int64
	code := func(c bzflag.Code) uint32 { return uint32(c) }
	return &fuzz.Protocol{
		Name:   "bzflag",
		Table:  bzflag.Table(),
		States: []string{"connected", "hello", "joined", "playing"},
		NewSession: func() fuzz.Session {
			return newBZSession("fuzz" + strconv.FormatInt(n.Add(1), 36))
		},
		Valid:   bzflaggen.ValidFromClient(),
		Any:     bzflaggen.FromClient(),
		Invalid: bzflaggen.InvalidMessage(),
		Server:  bzflaggen.FromServer(),
		Probe: func(s fuzz.Session) (wire.Message, func(wire.Message) bool) {
			if s.State() < BZHello {
				return nil, nil
			}
			return &bzflag.QueryGameRequest{}, func(m wire.Message) bool { _, ok := m.(*bzflag.QueryGameReply); return ok }
		},
		LiveState: BZHello,
		Hello:     bzflag.HandshakeLen,
		// After MsgExit the server forgets the player.
		Ends: []uint32{code(bzflag.CodeExit)},
	}
}

// bzSession drives a bzflag.Game toward a state, in memory: what the
// Game transmits is decoded for Next, which hands it to the fuzzer to
// send; what the server sends is encoded again for the Game's Handle.
// Its clock is the wall clock.
type bzSession struct {
	g       *bzflag.Game
	state   int
	greeted bool
	alive   bool
	buf     []byte
}

func newBZSession(callsign string) *bzSession {
	s := &bzSession{g: &bzflag.Game{}}
	s.g.Join.Enter = bzflag.Enter{Type: bzflag.TankPlayer, Team: bzflag.RedTeam,
		CallSign: bzflag.NewCallSign(callsign), Email: bzflag.NewEmail(callsign + "@localhost")}
	return s
}

// Greet takes the server's hello as a 1.7 client does (bzflag.ReadHandshake):
// an incompatible version or port 0 refuses the client. The player names
// itself with the server's address and the reconnect port until the
// server assigns it an id.
func (s *bzSession) Greet(hello []byte) (int, error) {
	h, err := bzflag.ReadHandshake(bytes.NewReader(hello), bzflag.ServerVersion)
	if err != nil {
		return 0, err
	}
	s.greeted = true
	s.g.Join.Enter.ID = bzflag.PlayerID{Host: bzflag.IPv4{127, 0, 0, 1}, Port: h.Port}
	return int(h.Port), nil
}

func (s *bzSession) State() int {
	switch {
	case !s.greeted:
		s.state = BZConnected
	case s.alive:
		s.state = BZPlaying
	case s.g.State() == bzflag.GamePlaying:
		s.state = max(s.state, BZJoined)
	default:
		s.state = max(s.state, BZHello)
	}
	return s.state
}

func (s *bzSession) Next(target int) wire.Message {
	if !s.greeted {
		return nil
	}
	now := time.Now()
	if target >= BZJoined && s.g.State() == bzflag.GameIdle {
		s.g.Start(now)
	}
	if target >= BZPlaying && s.g.State() == bzflag.GamePlaying && !s.alive {
		s.alive = s.g.Alive(bzflag.Vec3{}, bzflag.Vec3{1, 0, 0}, now) == nil
	}
	if d := s.g.Deadline(); !d.IsZero() && !now.Before(d) {
		s.g.Tick(now)
	}
	for {
		_, u, ok := s.g.Transmit(now, s.buf[:0])
		if !ok {
			return nil
		}
		s.buf = u
		if m, _, _ := bzflag.Decode(u, wire.FromClient); m != nil {
			return m
		}
	}
}

func (s *bzSession) Handle(m wire.Message) error {
	b, err := m.AppendBinary(s.buf[:0])
	if err != nil {
		return err
	}
	s.buf = b
	return s.g.Handle(time.Now(), netip.AddrPort{}, b)
}
