package nettest

import (
	"io"
	"testing"
	"time"

	"github.com/gamewire/gamewire/wire"
)

// Machine is a protocol package's client state machine: Handle takes what
// the server sent, Next returns what the client queued, nil when nothing.
type Machine interface {
	Handle(m wire.Message) error
	Next() wire.Message
}

// Player is one client of a loopback test: a Machine on a recorded TCP
// connection to the test's server.
type Player struct {
	t    testing.TB
	name string
	m    Machine
	// Rec is the connection, with what passed through it.
	Rec *Recorder
	// Conn reads and writes the protocol's frames on Rec.
	Conn *wire.Conn
}

// DialPlayer connects the client m, called name in failures, to the
// server at addr; newConn is the package's NewConn for what the server
// sends.
func DialPlayer(t testing.TB, addr, name string, m Machine, newConn func(io.ReadWriter) *wire.Conn) *Player {
	t.Helper()
	rec := Dial(t, addr)
	return &Player{t: t, name: name, m: m, Rec: rec, Conn: newConn(rec)}
}

// Until reads and handles messages, sending what the client queues after
// each, until done returns true: asked first with nil, before anything is
// read, then with every message handled. It fails the test after 5 s.
func (p *Player) Until(what string, done func(m wire.Message) bool) {
	p.t.Helper()
	p.Rec.SetReadDeadline(time.Now().Add(5 * time.Second))
	for m := wire.Message(nil); !done(m); {
		var err error
		if m, err = p.Conn.Next(); err != nil {
			p.t.Fatalf("%s waiting for %s: %v", p.name, what, err)
		}
		if err := p.m.Handle(m); err != nil {
			p.t.Fatalf("%s: Handle(%s): %v", p.name, m.Form().Name, err)
		}
		p.Do(nil)
	}
}

// Do fails the test on err, the result of a call of the client, and
// sends what the client queued, one Write per message.
func (p *Player) Do(err error) {
	p.t.Helper()
	if err != nil {
		p.t.Fatalf("%s: %v", p.name, err)
	}
	for m := p.m.Next(); m != nil; m = p.m.Next() {
		if err := p.Conn.WriteMessage(m); err != nil {
			p.t.Fatalf("%s: write %s: %v", p.name, m.Form().Name, err)
		}
	}
}
