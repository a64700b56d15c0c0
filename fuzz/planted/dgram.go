package planted

import (
	"net/netip"
	"time"

	"github.com/gamewire/gamewire/lwar"
	"github.com/gamewire/gamewire/retrotank"
	"github.com/gamewire/gamewire/wire"
)

// RetroTankGame returns a Retro Tank game-port server (retrotank.Server,
// a session.Session) that accepts every client and sends it the setup
// pages of a small battlefield.
func RetroTankGame() DatagramGame {
	srv, _ := retrotank.NewServer(retrotank.ServerConfig{MaxClients: 255, Battlefield: &retrotank.Battlefield{
		Duration: 300, WinScore: 5, Width: 64, Height: 48, Obstacles: []retrotank.Area{{X: 1, Y: 2, Width: 3, Height: 4}}}})
	return &rtGame{srv: srv}
}

type rtGame struct {
	srv   *retrotank.Server
	peers []retrotank.Peer
}

func (g *rtGame) Messages(b []byte) []wire.Message {
	if m, _, _ := retrotank.Decode(b, wire.FromClient); m != nil {
		return []wire.Message{m}
	}
	return nil
}

func (g *rtGame) Receive(from netip.AddrPort, b []byte, now time.Time) {
	g.srv.Handle(now, from, b)
	for _, ok := g.srv.Event(); ok; _, ok = g.srv.Event() {
	}
}

func (g *rtGame) Next(now time.Time, buf []byte) (netip.AddrPort, []byte, bool) {
	return g.srv.Transmit(now, buf[:0])
}

func (g *rtGame) Tick(now time.Time) {
	if d := g.srv.Deadline(); !d.IsZero() && !now.Before(d) {
		g.srv.Tick(now)
	}
}

func (g *rtGame) Joined(from netip.AddrPort) bool {
	g.peers = g.srv.Peers(g.peers[:0])
	for _, p := range g.peers {
		if p.Addr == from {
			return true
		}
	}
	return false
}

// LwarGame returns an lwar server (lwar.Server) with room for 64 clients
// (the spec's server has 8: a fuzzer's clients that linger until the
// disconnect timeout would fill it).
func LwarGame() DatagramGame {
	return &lwGame{srv: lwar.NewServer(lwar.ServerConfig{MaxClients: 64}), joined: map[netip.AddrPort]bool{}}
}

type lwGame struct {
	srv    *lwar.Server
	joined map[netip.AddrPort]bool
}

// Messages returns the messages of a packet, up to the first that does
// not decode.
func (g *lwGame) Messages(b []byte) []wire.Message {
	var out []wire.Message
	for off := lwar.HeaderSize; off < len(b); {
		m, n, _ := lwar.Decode(b[off:], wire.FromClient)
		if m == nil {
			break
		}
		out = append(out, m)
		off += n
	}
	return out
}

// Receive hands the datagram to the session (a refused one changes
// nothing) and reads its events.
func (g *lwGame) Receive(from netip.AddrPort, b []byte, now time.Time) {
	g.srv.Handle(now, from, b)
	g.events()
}

// events keeps the joined clients from the session's events.
func (g *lwGame) events() {
	for e, ok := g.srv.Event(); ok; e, ok = g.srv.Event() {
		switch e.Kind {
		case lwar.EventJoined:
			g.joined[e.Addr] = true
		case lwar.EventLeft:
			delete(g.joined, e.Addr)
		}
	}
}

func (g *lwGame) Next(now time.Time, buf []byte) (netip.AddrPort, []byte, bool) {
	return g.srv.Transmit(now, buf[:0])
}

// Tick runs the session's timers when its deadline has passed.
func (g *lwGame) Tick(now time.Time) {
	if d := g.srv.Deadline(); !d.IsZero() && !now.Before(d) {
		g.srv.Tick(now)
		g.events()
	}
}
func (g *lwGame) Joined(from netip.AddrPort) bool { return g.joined[from] }
