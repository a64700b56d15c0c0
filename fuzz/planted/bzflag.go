package planted

import (
	"net"
	"net/netip"
	"time"

	"github.com/gamewire/gamewire/bzflag"
	"github.com/gamewire/gamewire/bzflag/world"
	"github.com/gamewire/gamewire/wire"
	"github.com/gamewire/gamewire/wire/spec"
)

// BZFlag returns a new game of BZFlag 1.7 served as bzfs 1.7 serves it:
// the hello on the well-known port names a port of the client's own,
// where the game connection is made (Greet); a bzflag.Server runs the
// join (the world download from a small world, MsgEnter accepted with the
// player's own MsgAddPlayer) and the game (MsgNetworkRelay accepted,
// MsgAlive sent back to every player, ...), each connection a peer of its
// own address; MsgQueryGame is answered here (Server.Send).
func BZFlag(time.Time) Game {
	w := &world.World{
		Style: world.Style{MaxPlayers: 4, MaxShots: 1, MaxFlags: 1, ShakeTimeout: 50, ShakeWins: 2},
		Boxes: []world.Box{{Center: [3]float32{10, 20, 0}, Width: 30, Depth: 30, Height: 9.42}},
	}
	w.SetOrder()
	db, _ := w.MarshalBinary()
	ws, _ := bzflag.NewWorldServer(db, 256) // bzfs 1.7's chunk size
	return &bzGame{srv: bzflag.Server{Worlds: ws, MaxPlayers: bzflag.MaxPlayers}, out: map[netip.AddrPort][]wire.Message{}}
}

type bzGame struct {
	srv    bzflag.Server
	n      uint16 // connections accepted, for their addresses
	out    map[netip.AddrPort][]wire.Message
	closed map[netip.AddrPort]bool
	buf    []byte
}

// bzPeer is one connection: the address the Server knows it by.
type bzPeer struct{ addr netip.AddrPort }

func (g *bzGame) Table() *spec.Table { return bzflag.Table() }

// Greet sends the hello with the port of a listener of the client's own
// and serves the client's reconnection there; the first connection
// closes once it is made. A client that sends on the first connection,
// or closes it, and does not reconnect at once is dropped.
func (g *bzGame) Greet(c net.Conn) (net.Conn, error) {
	defer c.Close()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	defer ln.Close()
	h := bzflag.Handshake{Version: bzflag.ServerVersion, Port: uint16(ln.Addr().(*net.TCPAddr).Port)}
	if err := bzflag.WriteHandshake(c, h); err != nil {
		return nil, err
	}
	// "the server will not wait long for the reconnection", and hardly
	// at all once the first connection shows activity (bytes, or its
	// close): a moment, for a reconnection already made, which the
	// client closes its first connection after.
	tl := ln.(*net.TCPListener)
	tl.SetDeadline(time.Now().Add(2 * time.Second))
	go func() {
		var b [1]byte
		c.Read(b[:]) // returns when Greet closes c, at the latest
		tl.SetDeadline(time.Now().Add(250 * time.Millisecond))
	}()
	return ln.Accept()
}

func (g *bzGame) Accept(now time.Time) any {
	g.n++
	p := &bzPeer{addr: netip.AddrPortFrom(netip.AddrFrom4([4]byte{127, 0, 0, 1}), g.n)}
	g.srv.Connected(now, p.addr)
	return p
}

func (g *bzGame) Handle(p any, m wire.Message, now time.Time) {
	q := p.(*bzPeer)
	b, err := m.AppendBinary(g.buf[:0])
	if err != nil {
		return
	}
	g.buf = b
	g.srv.Handle(now, q.addr, b)
	if _, ok := m.(*bzflag.QueryGameRequest); ok {
		g.srv.Send(q.addr, &bzflag.QueryGameReply{MaxPlayers: 4, MaxShots: 1})
	}
	g.route(now)
}

// route sorts what the Server has to send by peer, and notes its
// hang-ups.
func (g *bzGame) route(now time.Time) {
	for {
		to, u, ok := g.srv.Transmit(now, nil)
		if !ok {
			break
		}
		if m, _, err := bzflag.Decode(u, wire.FromServer); err == nil {
			g.out[to] = append(g.out[to], m)
		}
	}
	for {
		peer, ok := g.srv.Hangup()
		if !ok {
			return
		}
		if g.closed == nil {
			g.closed = map[netip.AddrPort]bool{}
		}
		g.closed[peer] = true
	}
}

func (g *bzGame) Tick(time.Time) {}

// Closed: the Server hung up (MsgExit).
func (g *bzGame) Closed(p any) bool { return g.closed[p.(*bzPeer).addr] }

func (g *bzGame) Leave(p any, now time.Time) {
	q := p.(*bzPeer)
	g.srv.Disconnected(now, q.addr)
	delete(g.out, q.addr)
	delete(g.closed, q.addr)
	g.route(now)
}

// Joined: the player's own MsgAddPlayer was sent.
func (g *bzGame) Joined(p any) bool { return g.srv.State(p.(*bzPeer).addr) == bzflag.ServerJoined }

func (g *bzGame) Out(p any) []wire.Message {
	q := p.(*bzPeer)
	out := g.out[q.addr]
	delete(g.out, q.addr)
	return out
}
