// Package planted runs servers built from gamewire's own protocol
// packages (tfighters.Server, paintball.Server) over TCP, each with a
// deliberately planted fault, for the tests of the fuzzer: a crash on one
// rule-breaking value, a hang on one length, a fault reachable only after
// the handshake. A Server is a fuzz.Monitor: it restarts after a crash,
// with a fresh game, on the same address.
//
// It is for tests and examples (the fuzzer's own, and yours: a fuzzer is
// shown working by finding faults someone planted), and listens on
// 127.0.0.1 only.
package planted

import (
	"context"
	"errors"
	"fmt"
	"net"
	"sync"
	"time"

	"github.com/gamewire/gamewire/wire"
	"github.com/gamewire/gamewire/wire/spec"
)

// Effect is what a planted fault does when it fires.
type Effect int

const (
	// Crash kills the whole server: every connection and the listener
	// close, as when a process dies (Server.Crash says how).
	Crash Effect = iota
	// Hang stops the whole server: the connection's handler blocks while
	// it holds the game's lock, as a single-threaded server would.
	Hang
	// Stall blocks the connection's handler only: other connections are
	// still served.
	Stall
)

// Fault is a planted fault: it fires on a frame from a client that
// matches.
type Fault struct {
	// Name describes the fault ("accel=127").
	Name string
	// Effect is what it does.
	Effect Effect
	// Frame, if set, must match the frame's bytes.
	Frame func(b []byte) bool
	// Message, if set, must match the decoded message.
	Message func(m wire.Message) bool
	// Joined makes it fire only for a client past the handshake.
	Joined bool
}

// Game is a protocol's server state machine behind one lock.
type Game interface {
	// Table is the protocol's table.
	Table() *spec.Table
	// Accept adds a connection.
	Accept(now time.Time) any
	// Handle takes a message from the connection.
	Handle(p any, m wire.Message, now time.Time)
	// Tick runs the periodic work.
	Tick(now time.Time)
	// Out returns the messages queued for the connection.
	Out(p any) []wire.Message
	// Closed reports whether the server is done with the connection.
	Closed(p any) bool
	// Leave forgets a connection that closed.
	Leave(p any, now time.Time)
	// Joined reports whether the client is past the handshake.
	Joined(p any) bool
}

// Server runs a Game over TCP on 127.0.0.1 with planted faults.
type Server struct {
	// NewGame makes the game for each start.
	NewGame func(now time.Time) Game
	// Faults are the planted faults.
	Faults []Fault
	// OnCrash, if set, is called when a Crash fault fires (a test
	// process that must really die panics there); the server then closes
	// as it does without it.
	OnCrash func(reason string)
	// Address is where to listen the first time ("": 127.0.0.1 and a
	// free port).
	Address string
	// TickEvery is the game's tick (500µs if 0).
	TickEvery time.Duration

	mu     sync.Mutex // guards the game, the connections and what follows
	game   Game
	addr   string
	conns  map[net.Conn]any
	exits  []string
	starts int

	life
}

// Addr returns the address the server listens at.
func (s *Server) Addr() string { return s.addr }

// Start listens on 127.0.0.1 (a free port the first time, the same port
// afterwards) and serves.
func (s *Server) Start() error {
	addr := s.addr
	if addr == "" {
		addr = s.Address
	}
	if addr == "" {
		addr = "127.0.0.1:0"
	}
	var ln net.Listener
	var err error
	for i := 0; i < 50; i++ { // the old listener's port may take a moment
		if ln, err = net.Listen("tcp", addr); err == nil {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	if err != nil {
		return fmt.Errorf("planted: listen %s: %w", addr, err)
	}
	quit := s.begin(ln)
	s.mu.Lock()
	s.addr = ln.Addr().String()
	s.game = s.NewGame(time.Now())
	s.conns = map[net.Conn]any{}
	s.starts++
	s.mu.Unlock()
	s.wg.Add(1)
	go s.accept(ln, quit)
	every := s.TickEvery
	if every == 0 {
		every = 500 * time.Microsecond
	}
	s.ticker(quit, every, s.tick)
	return nil
}

// Serve runs the server with the fault called name at addr until a
// planted crash, which panics: the process dies as a crashing server's
// does (exit status 2, the panic on standard error). It is what a test
// runs in a child process for `gamewire fuzz -exec`.
func Serve(name, addr string) error {
	crashed := make(chan string)
	onCrash := func(reason string) { crashed <- reason }
	var start func() error
	if s := New(name); s != nil {
		s.Address, s.OnCrash, start = addr, onCrash, s.Start
	} else if u := NewUDP(name); u != nil {
		u.Address, u.OnCrash, start = addr, onCrash, u.Start
	} else {
		return errors.New("planted: no fault called " + name)
	}
	if err := start(); err != nil {
		return err
	}
	panic(<-crashed)
}

// Starts returns how many times the server started.
func (s *Server) Starts() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.starts
}

// Exits returns how each run ended ("planted crash: ...").
func (s *Server) Exits() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.exits...)
}

func (s *Server) accept(ln net.Listener, quit chan struct{}) {
	defer s.wg.Done()
	for {
		c, err := ln.Accept()
		if err != nil {
			return
		}
		s.wg.Add(1)
		go s.open(c, quit)
	}
}

// Greeter is a Game whose server speaks first on a new connection, before
// any frame, and may serve the client on another connection (BZFlag's
// hello and reconnect port): Greet does that and returns the connection
// to serve.
type Greeter interface {
	Greet(c net.Conn) (net.Conn, error)
}

// open greets a new connection, if the game does, adds it and serves it.
func (s *Server) open(c net.Conn, quit chan struct{}) {
	s.mu.Lock()
	g, greets := s.game.(Greeter)
	s.mu.Unlock()
	if greets {
		gc, err := g.Greet(c)
		if err != nil {
			c.Close()
			s.wg.Done()
			return
		}
		c = gc
	}
	s.mu.Lock()
	select {
	case <-quit:
		s.mu.Unlock()
		c.Close()
		s.wg.Done()
		return
	default:
	}
	p := s.game.Accept(time.Now())
	s.conns[c] = p
	s.flush()
	s.mu.Unlock()
	s.serve(c, p, quit)
}

// tick runs the game's periodic work.
func (s *Server) tick(now time.Time) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.down() == "" {
		s.game.Tick(now)
		s.flush()
	}
}

// flush writes every connection's queued messages; s.mu is held.
func (s *Server) flush() {
	for c, p := range s.conns {
		var buf []byte
		for _, m := range s.game.Out(p) {
			buf, _ = m.AppendBinary(buf)
		}
		if len(buf) > 0 {
			c.SetWriteDeadline(time.Now().Add(time.Second))
			c.Write(buf)
		}
		if s.game.Closed(p) {
			c.Close()
		}
	}
}

func (s *Server) serve(c net.Conn, p any, quit chan struct{}) {
	defer s.wg.Done()
	defer func() {
		c.Close()
		s.mu.Lock()
		if _, ok := s.conns[c]; ok && s.down() == "" {
			delete(s.conns, c)
			s.game.Leave(p, time.Now())
			s.flush()
		}
		s.mu.Unlock()
	}()
	t := s.game.Table()
	st := wire.NewStream(t, c, wire.FromClient)
	st.SetPolicy(wire.Lax)
	for {
		b, err := st.NextFrame()
		if err != nil {
			return
		}
		m, _ := st.Decode(b)
		s.mu.Lock()
		if s.down() != "" {
			s.mu.Unlock()
			return
		}
		if f := s.fires(b, m, p); f != nil {
			switch f.Effect {
			case Crash:
				s.crashLocked("planted crash: " + f.Name)
				s.mu.Unlock()
				return
			case Hang:
				<-quit // holding the lock: the whole server stops
				s.mu.Unlock()
				return
			case Stall:
				s.mu.Unlock()
				<-quit
				return
			}
		}
		if m != nil {
			s.game.Handle(p, m, time.Now())
			s.flush()
		}
		s.mu.Unlock()
	}
}

// fires returns the fault that fires on frame b (message m), if any.
func (s *Server) fires(b []byte, m wire.Message, p any) *Fault {
	for i := range s.Faults {
		f := &s.Faults[i]
		if f.Frame != nil && !f.Frame(b) || f.Message != nil && (m == nil || !f.Message(m)) {
			continue
		}
		if f.Joined && !s.game.Joined(p) {
			continue
		}
		if f.Frame == nil && f.Message == nil {
			continue
		}
		return f
	}
	return nil
}

// crashLocked kills the server: s.mu is held.
func (s *Server) crashLocked(reason string) {
	if s.OnCrash != nil {
		s.OnCrash(reason)
	}
	s.exits = append(s.exits, reason)
	s.end(reason)
	for c := range s.conns {
		c.Close()
	}
}

// Stop stops the server and waits for its goroutines (hung handlers
// included).
func (s *Server) Stop() error {
	return s.stop(func() {
		s.mu.Lock()
		for c := range s.conns {
			c.Close()
		}
		s.mu.Unlock()
	})
}

// Restart stops the server and starts it again with a new game.
func (s *Server) Restart(ctx context.Context) error { return restart(ctx, s.Stop, s.Start) }
