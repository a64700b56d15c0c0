package nettest

import (
	"iter"
	"net"

	"github.com/gamewire/gamewire/wire"
)

// Event is what the loop of a protocol's loopback test server receives
// (Server[Event[P, M]]): a new connection, or from the reader of peer P's
// connection a message of type M, a message error or the connection's
// end; or a function to run in the loop (Run).
type Event[P, M any] struct {
	Conn   net.Conn // a new connection
	Peer   P        // the peer a message, error or end comes from
	Msg    M        // a message (a copy, owned by the loop)
	Err    error    // a message error: the frame was skipped
	Closed bool     // the connection is gone
	Call   func()   // a function to run in the loop
}

// Accepted is the event of a new connection, for StartServer.
func Accepted[P, M any](nc net.Conn) Event[P, M] { return Event[P, M]{Conn: nc} }

// Run runs f in the loop of s, which owns the server's state, and returns
// once it has run (at once if the server has stopped). The loop runs an
// event's Call.
func Run[P, M any](s *Server[Event[P, M]], f func()) {
	done := make(chan struct{})
	if s.Send(Event[P, M]{Call: func() { f(); close(done) }}) {
		select {
		case <-done:
		case <-s.Done():
		}
	}
}

// Peers are the connections of a loopback test server's loop, by the peer
// the server's state machine made for each (P, whose Next returns what it
// queued to send, nil when nothing: M is the protocol package's Message
// interface): the connection, and the Conn that
// writes what the peer queues. The loop owns it; the zero value is empty
// and ready.
type Peers[P interface {
	comparable
	Next() M
}, M wire.Message] struct {
	conns map[P]*peer
}

type peer struct {
	nc net.Conn
	w  *wire.Conn
}

// Add records p's connection nc, and w, which writes to it.
func (ps *Peers[P, M]) Add(p P, nc net.Conn, w *wire.Conn) {
	if ps.conns == nil {
		ps.conns = map[P]*peer{}
	}
	ps.conns[p] = &peer{nc, w}
}

// Drop closes p's connection and forgets it; it does nothing for a peer
// it does not hold.
func (ps *Peers[P, M]) Drop(p P) {
	if c := ps.conns[p]; c != nil {
		c.nc.Close()
		delete(ps.conns, p)
	}
}

// Flush writes what every peer queued, one Write per message. A peer's
// first failed write ends its turn; the rest of its queue waits.
func (ps *Peers[P, M]) Flush() {
	for p, c := range ps.conns {
		for m := p.Next(); any(m) != nil; m = p.Next() {
			if c.w.WriteMessage(m) != nil {
				break
			}
		}
	}
}

// All yields every peer held, in no order; the loop may Drop the one it
// is given.
func (ps *Peers[P, M]) All() iter.Seq[P] {
	return func(yield func(P) bool) {
		for p := range ps.conns {
			if !yield(p) {
				return
			}
		}
	}
}
