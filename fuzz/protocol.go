package fuzz

import (
	"strconv"

	"github.com/gamewire/gamewire/wire"
	"github.com/gamewire/gamewire/wire/spec"
	"github.com/leanovate/gopter"
)

// Session plays the client side of one connection with a protocol's own
// state machine (tfighters.Client, paintball.Client, ...), so that the
// fuzzer reaches each state a server has before it sends anything odd.
// It is driven by the fuzzer: no goroutines, no clock.
type Session interface {
	// State returns the index, in Protocol.States, of the state reached.
	State() int
	// Next returns the next message to send: what moves the session
	// toward state target (a login, a spawn) or what the state machine
	// queued in answer to the server (a pong); nil when it waits for the
	// server.
	Next(target int) wire.Message
	// Handle takes one message the server sent. An error is the state
	// machine's complaint (out of sequence): the fuzzer counts it and goes
	// on. Handle keeps no reference to m.
	Handle(m wire.Message) error
}

// Greeter is the Session of a protocol whose server speaks first, on a
// new connection, with bytes that are not a frame of its table, and may
// send the client on to another port (BZFlag's handshake: a version
// string and a reconnect port). When a case's state is past the first
// (index 0, before the handshake), the fuzzer reads Protocol.Hello bytes,
// hands them to Greet, and, for a port other than 0, connects again at
// that port of the target's host (the host never changes), closes the
// first connection and plays the rest of the session on the new one.
// A case in state 0 sends its units on the first connection, unread.
type Greeter interface {
	// Greet takes the server's first bytes and returns the port to go on
	// at (0: this connection), or the error of a hello that refuses the
	// client.
	Greet(hello []byte) (port int, err error)
}

// Packer is the Session of a Whole protocol: it makes the datagram that
// carries each unit, from the session's live state (lwar: the channel's
// ack and timestamp in the header; a reliable message numbered by the
// channel, which then counts it as sent, or numbered as the unit's
// sequence trick says). The datagram must end with the unit's frame, as
// the session numbered it; a session's own units (KindSession,
// KindProbe) are whole datagrams already and travel as they are.
type Packer interface {
	Pack(u *Unit) []byte
}

// Ender is a Session that can tell when the server ended it, on a
// datagram protocol where no socket closes (lwar: a Leave for the
// client's own player, after too many violations): an unanswered probe
// on a session the server ended is the server refusing what it got, as a
// closed connection is, not a stall.
type Ender interface {
	Ended() bool
}

// Leaver is a Session with a goodbye: the fuzzer sends what Leave
// returns (nil: nothing) at the end of each case, so that a datagram
// server, which cannot see a socket close, frees the client's slot.
type Leaver interface {
	Leave() wire.Message
}

// Protocol is what the fuzzer needs to know of one protocol: its message
// table, the states of its session, how to play it, and generators of the
// messages a client sends. fuzz/sessions has one for every protocol of
// gamewire; ByName finds it there.
type Protocol struct {
	// Name is the protocol's name, as `gamewire -proto` takes it.
	Name string
	// Table is the protocol's message table: framing, forms, fields.
	Table *spec.Table
	// States names the session's states in the order a client goes
	// through them; index 0 is before the handshake. The fuzzer spreads
	// its cases over them.
	States []string
	// NewSession returns a session for a new connection.
	NewSession func() Session
	// Valid generates client messages that pass Validate; Any, client
	// messages with any values that encode; Invalid, messages that encode
	// but break one rule of the spec (sent with validation off);
	// Server, messages of the other direction. Each value is a
	// wire.Message (a pointer to a message type). Any of them may be nil.
	Valid, Any, Invalid, Server gopter.Gen
	// Probe returns a message the server answers in the session's
	// current state, and the test of whether a message it sends is that
	// answer: the fuzzer sends it to tell a hung connection from a quiet
	// one. It returns nil for a state with no such message.
	Probe func(s Session) (wire.Message, func(wire.Message) bool)
	// LiveState is the state a liveness check drives a new connection to
	// before its Probe: the check passes when the probe is answered.
	LiveState int
	// Ends lists the codes of messages after which the server may rightly
	// forget the client (a datagram protocol's disconnect, a new
	// connection request): a case ends after sending one, unprobed, and
	// the target is checked with a new connection.
	Ends []uint32
	// Hello is the length of what the server sends first on a new
	// connection before any frame (see Greeter); 0 for none.
	Hello int
	// Whole, for a datagram protocol whose datagrams wrap its messages in
	// a packet the session keeps state for (lwar's header: the reliable
	// channel's ack and a timestamp), hands the session every datagram
	// the server sends whole, as a *wire.Raw of code 0, and has the
	// session (a Packer) wrap every unit it sends.
	Whole bool
	// Sequence, for a protocol whose session numbers reliable messages
	// (lwar's channel), makes the fuzzer send sequence tricks
	// (KindSequence: a message numbered as a duplicate, after a gap, or
	// at the wrap of the counter), which the session's Packer applies to
	// its live numbering.
	Sequence bool
}

// Datagram reports whether the protocol travels in datagrams (UDP).
func (p *Protocol) Datagram() bool { return p.Table.Datagram }

// stateName returns the name of state i.
func (p *Protocol) stateName(i int) string {
	if i >= 0 && i < len(p.States) {
		return p.States[i]
	}
	return "state-" + strconv.Itoa(i)
}

// stateIndex returns the index of the state called name, or -1.
func (p *Protocol) stateIndex(name string) int {
	for i, s := range p.States {
		if s == name {
			return i
		}
	}
	return -1
}
