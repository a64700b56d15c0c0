package session

import (
	"net/netip"
	"time"

	"github.com/gamewire/gamewire/wire"
	"github.com/gamewire/gamewire/wire/spec"
)

// Session is the contract every client and server of every gamewire
// protocol meets: a state machine that does no I/O (quinn-proto's
// Connection and Python's h11 are the models). It never touches a socket
// or a clock; a driver (Conn, Listener, Packet), or a test, or a fuzzer,
// hands it what arrived and the time, asks what to send, and calls it
// again when its deadline passes. What happened (a player joined, the
// setup is complete, the peer left) the session reports as events its own
// package defines, read from it between calls: no callbacks, no
// goroutines.
//
// A unit is what one read brings on a datagram socket (a datagram) and
// what the protocol's framing cuts from a stream (a frame, header
// included). A peer is named by its address: the remote address of its
// stream connection or the source of its datagrams; a client's session
// may leave it zero.
//
// A Session is not safe for concurrent use: the drivers call it from the
// goroutine that calls their Poll, and the game calls its actions from
// that goroutine too, between Polls.
type Session interface {
	// Handle hands the session one unit that arrived from peer at now. An
	// error says the session refused the unit (it does not decode, or it
	// breaks the protocol's rules or sequence): the session stays usable
	// unless Done says otherwise, and nothing it had received is lost.
	Handle(now time.Time, from netip.AddrPort, unit []byte) error
	// Transmit appends the next unit to send to buf and returns it with
	// the peer it goes to (zero: the only peer, a client's server); ok is
	// false when nothing is to be sent now. Call it until ok is false.
	// Every message behind a unit has been checked before it was queued:
	// not nil, of the session's protocol and direction, and valid
	// (wire.CheckSend).
	Transmit(now time.Time, buf []byte) (to netip.AddrPort, unit []byte, ok bool)
	// Deadline returns when the session next needs Tick (a resend, a
	// timeout, a keep-alive); the zero Time when it needs none.
	Deadline() time.Time
	// Tick lets the session act on the time: call it at or after Deadline.
	Tick(now time.Time)
	// Done reports whether the session has ended: a driver then sends what
	// Transmit still has and closes its socket.
	Done() bool
}

// Framed is a Session on stream connections: the table's framing cuts the
// bytes of a connection into the units Handle takes.
type Framed interface {
	Session
	// Framing returns the protocol's table and the direction of the units
	// the session receives: FromServer for a client's session, FromClient
	// for a server's.
	Framing() (*spec.Table, wire.Direction)
}

// Server is a Framed session of many peers, each on a stream connection of
// its own (a Listener drives it).
type Server interface {
	Framed
	// Connected tells the session that peer has connected. An error
	// refuses the peer: the driver closes its connection.
	Connected(now time.Time, peer netip.AddrPort) error
	// Disconnected tells the session that peer's connection has ended.
	Disconnected(now time.Time, peer netip.AddrPort)
	// Hangup returns a peer whose connection the session wants closed (a
	// kick, a refusal), once what Transmit had for it is written; ok is
	// false when there is none. Call it until ok is false.
	Hangup() (peer netip.AddrPort, ok bool)
}
