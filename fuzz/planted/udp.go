package planted

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/netip"
	"sync"
	"time"

	"github.com/gamewire/gamewire/retrotank"
	"github.com/gamewire/gamewire/wire"
)

// RetroTank is a Retro Tank game-port server (retrotank.Server) over UDP
// on 127.0.0.1 with planted faults: one goroutine reads datagrams and
// answers, as a single-threaded game server does, so a Hang stops it
// whole; a Crash closes its socket (a client then gets "port
// unreachable"). A new client is accepted and sent the setup pages of a
// small battlefield. It is a fuzz.Monitor, as Server is.
type RetroTank struct {
	// Faults are the planted faults (Effect Crash or Hang; Joined: the
	// datagram's sender is an accepted client).
	Faults []Fault
	// Address is where to listen the first time ("": a free port).
	Address string

	mu    sync.Mutex // guards srv and addr
	srv   *retrotank.Server
	addr  string
	pages []retrotank.Acked

	qmu  sync.Mutex // guards conn, quit and dead: never held while waiting
	conn *net.UDPConn
	quit chan struct{}
	dead string
	wg   sync.WaitGroup
}

// Addr returns the address the server listens at.
func (s *RetroTank) Addr() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.addr
}

// Start listens and serves.
func (s *RetroTank) Start() error {
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
	pages, err := retrotank.BuildPages(&retrotank.Battlefield{Duration: 300, WinScore: 5, Width: 64, Height: 48,
		Obstacles: []retrotank.Area{{X: 1, Y: 2, Width: 3, Height: 4}}})
	if err != nil {
		c.Close()
		return err
	}
	quit := make(chan struct{})
	s.mu.Lock()
	s.srv = retrotank.NewServer(retrotank.ServerConfig{MaxClients: 255})
	s.addr = c.LocalAddr().String()
	s.pages = pages
	s.mu.Unlock()
	s.qmu.Lock()
	s.conn, s.quit, s.dead = c, quit, ""
	s.qmu.Unlock()
	s.wg.Add(2)
	go s.serve(c, quit)
	go s.tick(c, quit)
	return nil
}

func (s *RetroTank) serve(c *net.UDPConn, quit chan struct{}) {
	defer s.wg.Done()
	buf := make([]byte, 65536)
	for {
		n, from, err := c.ReadFromUDPAddrPort(buf)
		if err != nil {
			return
		}
		b := buf[:n]
		m, _, _ := retrotank.Decode(b, wire.FromClient)
		s.mu.Lock()
		if f := s.fires(b, m, from); f != nil {
			if f.Effect == Crash {
				s.mu.Unlock()
				s.crash("planted crash: " + f.Name)
				return
			}
			<-quit // Hang or Stall: the one loop stops, holding the lock
			s.mu.Unlock()
			return
		}
		now := time.Now()
		ev, _ := s.srv.Receive(from, b, now)
		if ev.Joined && ev.Peer != nil {
			pages := make([]retrotank.Acked, len(s.pages))
			for i, p := range s.pages {
				pages[i] = clonePage(p)
			}
			s.srv.SendSetup(ev.Peer, pages, now)
		}
		s.flush(c, now)
		s.mu.Unlock()
	}
}

// clonePage copies a setup page (the Acker sets its id).
func clonePage(p retrotank.Acked) retrotank.Acked {
	b, _ := p.AppendBinary(nil)
	m, _, _ := retrotank.Decode(b, wire.FromServer)
	a, _ := m.(retrotank.Acked)
	return a
}

// flush sends what the server has due; s.mu is held.
func (s *RetroTank) flush(c *net.UDPConn, now time.Time) {
	var buf []byte
	for {
		to, b, ok, _ := s.srv.Next(now, buf[:0])
		if !ok {
			return
		}
		c.WriteToUDPAddrPort(b, to)
		buf = b
	}
}

func (s *RetroTank) tick(c *net.UDPConn, quit chan struct{}) {
	defer s.wg.Done()
	t := time.NewTicker(5 * time.Millisecond)
	defer t.Stop()
	for {
		select {
		case <-quit:
			return
		case now := <-t.C:
			s.mu.Lock()
			s.flush(c, now)
			s.mu.Unlock()
		}
	}
}

// fires returns the fault that fires on datagram b (message m) from
// from; s.mu is held.
func (s *RetroTank) fires(b []byte, m wire.Message, from netip.AddrPort) *Fault {
	for i := range s.Faults {
		f := &s.Faults[i]
		if f.Frame == nil && f.Message == nil || f.Frame != nil && !f.Frame(b) || f.Message != nil && (m == nil || !f.Message(m)) {
			continue
		}
		if f.Joined {
			joined := false
			for _, p := range s.srv.Peers(nil) {
				joined = joined || p.Addr == from
			}
			if !joined {
				continue
			}
		}
		return f
	}
	return nil
}

// crash closes the socket, as a dying process's is.
func (s *RetroTank) crash(reason string) {
	s.qmu.Lock()
	defer s.qmu.Unlock()
	if s.dead == "" {
		s.dead = reason
	}
	select {
	case <-s.quit:
	default:
		close(s.quit)
		s.conn.Close()
	}
}

// Exited reports whether a planted crash killed the server, and which.
func (s *RetroTank) Exited() (bool, string) {
	s.qmu.Lock()
	defer s.qmu.Unlock()
	return s.dead != "" && s.dead != "stopped", s.dead
}

// Stop stops the server and waits for its goroutines.
func (s *RetroTank) Stop() error {
	s.qmu.Lock()
	started := s.quit != nil
	s.qmu.Unlock()
	if !started {
		return nil
	}
	s.crash("stopped")
	s.wg.Wait()
	return nil
}

// Restart stops the server and starts it again, on the same port.
func (s *RetroTank) Restart(ctx context.Context) error {
	s.Stop()
	if ctx.Err() != nil {
		return errors.Join(errors.New("planted: restart"), ctx.Err())
	}
	return s.Start()
}
