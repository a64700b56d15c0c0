package planted

import (
	"net"
	"time"

	"github.com/gamewire/gamewire/bzflag"
	"github.com/gamewire/gamewire/bzflag/world"
	"github.com/gamewire/gamewire/wire"
	"github.com/gamewire/gamewire/wire/spec"
)

// BZFlag returns a new game of BZFlag 1.7 served as bzfs 1.7 serves it:
// the hello on the well-known port names a port of the client's own,
// where the game connection is made (Greet); bzflag.Server runs the join
// (the world download from a small world, MsgEnter accepted with the
// player's own MsgAddPlayer), MsgNetworkRelay is accepted, MsgQueryGame
// answered, MsgAlive echoed.
func BZFlag(time.Time) Game {
	w := &world.World{
		Style: world.Style{MaxPlayers: 4, MaxShots: 1, MaxFlags: 1, ShakeTimeout: 50, ShakeWins: 2},
		Boxes: []world.Box{{Center: [3]float32{10, 20, 0}, Width: 30, Depth: 30, Height: 9.42}},
	}
	w.SetOrder()
	db, _ := w.MarshalBinary()
	ws, _ := bzflag.NewWorldServer(db, 256) // bzfs 1.7's chunk size
	return &bzGame{worlds: ws}
}

type bzGame struct {
	worlds *bzflag.WorldServer
	n      uint16 // players accepted
}

// bzPeer is one client: its join and what is queued for it.
type bzPeer struct {
	join bzflag.Server
	out  []wire.Message
}

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

func (g *bzGame) Accept(time.Time) any { return &bzPeer{join: bzflag.Server{Worlds: g.worlds}} }

func (g *bzGame) Handle(p any, m wire.Message, _ time.Time) {
	q := p.(*bzPeer)
	reply, _ := q.join.Handle(m)
	if reply != nil {
		q.out = append(q.out, reply)
	}
	if q.join.State() == bzflag.ServerDeciding {
		g.n++
		q.out = append(q.out, q.join.Accept(bzflag.PlayerID{Host: bzflag.IPv4{127, 0, 0, 1}, Number: g.n}), q.join.Welcome())
	}
	switch m := m.(type) {
	case *bzflag.NetworkRelay:
		q.out = append(q.out, &bzflag.Accept{})
	case *bzflag.QueryGameRequest:
		q.out = append(q.out, &bzflag.QueryGameReply{MaxPlayers: 4, MaxShots: 1})
	case *bzflag.AliveFromClient:
		q.out = append(q.out, &bzflag.AliveFromServer{ID: q.join.Request().ID, Position: m.Position, Forward: m.Forward})
	}
}

func (g *bzGame) Tick(time.Time)       {}
func (g *bzGame) Closed(any) bool      { return false }
func (g *bzGame) Leave(any, time.Time) {}

// Joined: the player's own MsgAddPlayer was sent.
func (g *bzGame) Joined(p any) bool { return p.(*bzPeer).join.State() == bzflag.ServerJoined }

func (g *bzGame) Out(p any) []wire.Message {
	q := p.(*bzPeer)
	out := q.out
	q.out = nil
	return out
}
