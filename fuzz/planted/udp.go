package planted

import (
	"context"
	"fmt"
	"net"
	"net/netip"
	"slices"
	"sync"
	"time"

	"github.com/gamewire/gamewire/wire"
)

// UDP is a datagram server over UDP on 127.0.0.1 with planted faults,
// running a protocol's server state machine (retrotank.Server,
// lwar.Server): one goroutine reads datagrams and answers, as a
// single-threaded game server does, so a Hang stops it whole; a Crash
// closes its socket (a client then gets "port unreachable"). It is a
// fuzz.Monitor, as Server is.
type UDP struct {
	// Faults are the planted faults (Effect Crash or Hang; Joined: the
	// datagram's sender is a client the server accepted). Frame sees the
	// whole datagram, Message each message in it.
	Faults []Fault
	// Address is where to listen the first time ("": a free port).
	Address string
	// NewGame makes the server's state machine for each start.
	NewGame func() DatagramGame
	// OnCrash, if set, is called when a Crash fault fires (see Server's).
	OnCrash func(reason string)

	mu   sync.Mutex // guards game and addr
	game DatagramGame
	addr string

	life
}

// DatagramGame is a protocol's server state machine over datagrams,
// behind UDP's lock.
type DatagramGame interface {
	// Messages returns the messages of a datagram from a client, for the
	// faults.
	Messages(b []byte) []wire.Message
	// Receive takes a datagram.
	Receive(from netip.AddrPort, b []byte, now time.Time)
	// Next returns the next datagram due, appended to buf[:0].
	Next(now time.Time, buf []byte) (to netip.AddrPort, b []byte, ok bool)
	// Tick runs the periodic work.
	Tick(now time.Time)
	// Joined reports whether the address is a client the server accepted.
	Joined(from netip.AddrPort) bool
}

// Addr returns the address the server listens at.
func (s *UDP) Addr() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.addr
}

// Start listens and serves.
func (s *UDP) Start() error {
	s.mu.Lock()
	addr := s.addr
	s.mu.Unlock()
	if addr == "" {
		addr = s.Address
	}
	if addr == "" {
		addr = "127.0.0.1:0"
	}
	ua, err := net.ResolveUDPAddr("udp", addr)
	if err != nil {
		return err
	}
	var c *net.UDPConn
	for i := 0; i < 50; i++ {
		if c, err = net.ListenUDP("udp", ua); err == nil {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	if err != nil {
		return fmt.Errorf("planted: listen udp %s: %w", addr, err)
	}
	s.mu.Lock()
	s.game = s.NewGame()
	s.addr = c.LocalAddr().String()
	s.mu.Unlock()
	quit := s.begin(c)
	s.wg.Add(1)
	go s.serve(c, quit)
	s.ticker(quit, 5*time.Millisecond, func(now time.Time) {
		s.mu.Lock()
		defer s.mu.Unlock()
		s.game.Tick(now)
		s.flush(c, now)
	})
	return nil
}

func (s *UDP) serve(c *net.UDPConn, quit chan struct{}) {
	defer s.wg.Done()
	buf := make([]byte, 65536)
	for {
		n, from, err := c.ReadFromUDPAddrPort(buf)
		if err != nil {
			return
		}
		b := buf[:n]
		s.mu.Lock()
		if f := s.fires(b, from); f != nil {
			if f.Effect == Crash {
				s.mu.Unlock()
				if s.OnCrash != nil {
					s.OnCrash("planted crash: " + f.Name)
				}
				s.end("planted crash: " + f.Name) // the socket closes, as a dying process's does
				return
			}
			<-quit // Hang or Stall: the one loop stops, holding the lock
			s.mu.Unlock()
			return
		}
		now := time.Now()
		s.game.Receive(from, b, now)
		s.flush(c, now)
		s.mu.Unlock()
	}
}

// flush sends what the server has due; s.mu is held.
func (s *UDP) flush(c *net.UDPConn, now time.Time) {
	var buf []byte
	for {
		to, b, ok := s.game.Next(now, buf)
		if !ok {
			return
		}
		c.WriteToUDPAddrPort(b, to)
		buf = b
	}
}

// fires returns the fault that fires on datagram b from from; s.mu is
// held.
func (s *UDP) fires(b []byte, from netip.AddrPort) *Fault {
	var msgs []wire.Message
	for i := range s.Faults {
		f := &s.Faults[i]
		if f.Frame == nil && f.Message == nil || f.Frame != nil && !f.Frame(b) {
			continue
		}
		if f.Message != nil {
			if msgs == nil {
				msgs = s.game.Messages(b)
			}
			if !slices.ContainsFunc(msgs, f.Message) {
				continue
			}
		}
		if f.Joined && !s.game.Joined(from) {
			continue
		}
		return f
	}
	return nil
}

// Stop stops the server and waits for its goroutines.
func (s *UDP) Stop() error { return s.stop(func() {}) }

// Restart stops the server and starts it again, on the same port.
func (s *UDP) Restart(ctx context.Context) error { return restart(ctx, s.Stop, s.Start) }
