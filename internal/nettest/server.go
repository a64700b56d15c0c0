package nettest

import (
	"net"
	"sync"
	"testing"
	"time"
)

// Server is the skeleton of a TCP test server whose state one goroutine,
// the loop, owns: an accept goroutine and one reader goroutine per
// connection hand it events of type E. StartServer starts it; when the
// test ends the listener and every accepted connection close, Done
// closes, and every goroutine started with Go is waited for.
type Server[E any] struct {
	// Listener listens on a free port of 127.0.0.1.
	Listener net.Listener
	// Events carries the events to the loop.
	Events chan E
	done   chan struct{}
	wg     sync.WaitGroup
	mu     sync.Mutex
	conns  []net.Conn // accepted, closed when the server stops
}

// StartServer listens on 127.0.0.1, starts loop and an accept goroutine
// that sends accepted(nc) to the loop for every new connection, and stops
// them all when the test ends.
func StartServer[E any](t testing.TB, accepted func(nc net.Conn) E, loop func(s *Server[E])) *Server[E] {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	s := &Server[E]{Listener: ln, Events: make(chan E, 64), done: make(chan struct{})}
	s.Go(func() {
		for {
			nc, err := ln.Accept()
			if err != nil {
				return
			}
			s.mu.Lock()
			s.conns = append(s.conns, nc)
			s.mu.Unlock()
			if !s.Send(accepted(nc)) {
				nc.Close()
				return
			}
		}
	})
	s.Go(func() { loop(s) })
	t.Cleanup(func() {
		ln.Close()
		close(s.done)
		s.wg.Wait()
		for _, nc := range s.conns {
			nc.Close()
		}
	})
	return s
}

// Addr is the address the server listens on.
func (s *Server[E]) Addr() string { return s.Listener.Addr().String() }

// Go runs f in a goroutine the server waits for when it stops.
func (s *Server[E]) Go(f func()) {
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		f()
	}()
}

// Done is closed when the server stops.
func (s *Server[E]) Done() <-chan struct{} { return s.done }

// Send hands ev to the loop; it reports false, having sent nothing, once
// the server stops.
func (s *Server[E]) Send(ev E) bool {
	select {
	case s.Events <- ev:
		return true
	case <-s.done:
		return false
	}
}

// Loop is the body of a loop that owns a server's state: until the server
// stops it calls tick every period and handle for every event, and after
// either it calls flush, to write what the state queued.
func (s *Server[E]) Loop(period time.Duration, tick func(), handle func(E), flush func()) {
	t := time.NewTicker(period)
	defer t.Stop()
	for {
		select {
		case <-s.done:
			return
		case <-t.C:
			tick()
		case ev := <-s.Events:
			handle(ev)
		}
		flush()
	}
}
