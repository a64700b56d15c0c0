package bzflag_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/netip"
	"strconv"
	"time"

	"github.com/gamewire/gamewire/bzflag"
	"github.com/gamewire/gamewire/bzflag/world"
	"github.com/gamewire/gamewire/wire"
)

// tinyServer is a one-player BZFlag server written with the package's own
// types: a well-known port that answers with the handshake, a reconnect
// port for the game connection, the world download, the join sequence
// (one robot is already in the game, one flag is on the ground), and an
// echo of what the player does.
type tinyServer struct {
	wks, game net.Listener
	worlds    *bzflag.WorldServer
	// wrap, if set, wraps the game connection (to record it).
	wrap func(net.Conn) net.Conn
}

var robotID = bzflag.PlayerID{Host: bzflag.IPv4{127, 0, 0, 1}, Port: 1, Number: 7}

func newTinyServer() (*tinyServer, error) {
	w := &world.World{
		Style:       world.Style{GameStyle: 0, MaxPlayers: 4, MaxShots: 1, MaxFlags: 1, ShakeTimeout: 50, ShakeWins: 2},
		Walls:       []world.Wall{{Center: [3]float32{400, 0, 0}, Width: 400, Height: 6.15}},
		Boxes:       []world.Box{{Center: [3]float32{10, 20, 0}, Width: 30, Depth: 30, Height: 9.42}},
		Pyramids:    []world.Pyramid{{Center: [3]float32{-100, 100, 0}, Width: 8, Depth: 8, Height: 10}},
		Teleporters: []world.Teleporter{{Center: [3]float32{-50, 50, 0}, Width: 0.56, Depth: 4.48, Height: 9.1, Border: 1.12}},
		Links:       []world.Link{{From: 0, To: 1}, {From: 1, To: 0}},
	}
	w.SetOrder()
	db, err := w.MarshalBinary()
	if err != nil {
		return nil, err
	}
	ws, err := bzflag.NewWorldServer(db, 256) // bzfs 1.7's chunk size
	if err != nil {
		return nil, err
	}
	wks, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	game, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		wks.Close()
		return nil, err
	}
	return &tinyServer{wks: wks, game: game, worlds: ws}, nil
}

func (s *tinyServer) Close() { s.wks.Close(); s.game.Close() }

// addr is the address of the well-known port.
func (s *tinyServer) addr() string {
	return net.JoinHostPort("127.0.0.1", strconv.Itoa(s.wks.Addr().(*net.TCPAddr).Port))
}

// accept takes one client through the handshake on the well-known port
// and returns its game connection, on the reconnect port it was given.
func (s *tinyServer) accept() (net.Conn, uint16, error) {
	first, err := s.wks.Accept()
	if err != nil {
		return nil, 0, err
	}
	port := uint16(s.game.Addr().(*net.TCPAddr).Port)
	err = bzflag.WriteHandshake(first, bzflag.Handshake{Version: bzflag.ServerVersion, Port: port})
	first.Close()
	if err != nil {
		return nil, 0, err
	}
	nc, err := s.game.Accept()
	return nc, port, err
}

// serveOne serves one client from handshake to MsgExit.
func (s *tinyServer) serveOne() error {
	nc, port, err := s.accept()
	if err != nil {
		return err
	}
	nc.SetDeadline(time.Now().Add(10 * time.Second))
	if s.wrap != nil {
		nc = s.wrap(nc)
	}
	defer nc.Close()
	c := bzflag.NewConn(nc, bzflag.FromClient)
	send := func(ms ...bzflag.Message) error {
		for _, m := range ms {
			if err := c.WriteMessage(m); err != nil {
				return err
			}
		}
		return nil
	}
	var me bzflag.PlayerID // the id the client gave in MsgEnter
	for {
		m, err := c.Next()
		if err != nil {
			return err
		}
		switch m := m.(type) {
		case *bzflag.GetWorldRequest: // the world download
			r, _ := s.worlds.Reply(m)
			err = send(r)
		case *bzflag.Enter:
			// bzfs 1.7 assigns the id from the connection (address, port,
			// slot); the player's own MsgAddPlayer tells it, under the id
			// it asked for.
			me = m.ID
			err = send(
				&bzflag.Accept{},
				&bzflag.TeamUpdate{Team: bzflag.RogueTeam, Players: 1, Active: 1},
				&bzflag.TeamUpdate{Team: m.Team, Players: 1, Active: 1},
				&bzflag.FlagUpdate{Index: 0, Flag: bzflag.FlagStatus{ID: bzflag.GuidedMissileFlag,
					Status: bzflag.FlagOnGround, Type: bzflag.FlagUnstable, Position: bzflag.Vec3{5, 5, 0}}},
				&bzflag.AddPlayer{ID: robotID, Type: bzflag.ComputerPlayer, Team: bzflag.RogueTeam, Wins: 3,
					CallSign: bzflag.NewCallSign("robot"), Email: bzflag.NewEmail("robot@localhost")},
				&bzflag.AddPlayer{ID: m.ID, Type: m.Type, Team: m.Team, CallSign: m.CallSign, Email: m.Email,
					HasAssignedID: true, AssignedID: bzflag.PlayerID{Host: bzflag.IPv4{127, 0, 0, 1}, Port: port, Number: 0}},
			)
		}
		if err != nil {
			return err
		}
		switch m := m.(type) {
		case *bzflag.AliveFromClient:
			err = send(&bzflag.AliveFromServer{ID: me, Position: m.Position, Forward: m.Forward})
		case *bzflag.ShotBegin:
			err = send(m) // the server relays shots to every player
		case *bzflag.MessageFromClient:
			err = send(&bzflag.MessageFromServer{From: robotID, To: me, Team: bzflag.RogueTeam,
				Text: bzflag.NewMessageText("hello, " + cstring(m.Text[:]))})
		case *bzflag.Exit:
			return nil
		}
		if err != nil {
			return err
		}
	}
}

// cstring returns b up to its first NUL.
func cstring(b []byte) string {
	for i, c := range b {
		if c == 0 {
			return string(b[:i])
		}
	}
	return string(b)
}

// playSession is the client: it connects (and reconnects to the port the
// server gives), downloads the world and joins with a Client, then comes
// alive, sends an update and a shot, chats and exits. It reports what it
// saw on out.
func playSession(addr string, out io.Writer) error {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	nc, h, err := bzflag.Dial(ctx, addr, bzflag.ServerVersion)
	if err != nil {
		return err
	}
	defer nc.Close()
	c := bzflag.NewConn(nc, bzflag.FromServer)
	nc.SetDeadline(time.Now().Add(10 * time.Second))
	fmt.Fprintf(out, "server %s\n", h.Version)

	world := false
	j, err := join(c, h.Port, "gopher", func(j *bzflag.Client, in bzflag.Message) {
		switch in := in.(type) {
		case *bzflag.AddPlayer:
			if in.ID != j.Enter.ID {
				fmt.Fprintf(out, "player %s (%s)\n", cstring(in.CallSign[:]), in.Team)
			}
		case *bzflag.FlagUpdate:
			fmt.Fprintf(out, "flag %d: %s %s\n", in.Index, in.Flag.ID, in.Flag.Status)
		}
		if j.State() == bzflag.ClientEntering && !world {
			world = true
			w := &j.World
			fmt.Fprintf(out, "world: %d bytes, %d walls, %d boxes, %d pyramids, %d teleporters, %d links\n",
				len(j.Database()), len(w.Walls), len(w.Boxes), len(w.Pyramids), len(w.Teleporters), len(w.Links))
		}
	})
	if err != nil {
		return err
	}
	id := j.ID()
	fmt.Fprintf(out, "joined as player %d\n", id.Number)

	pos, fwd := bzflag.Vec3{0, 0, 0}, bzflag.Vec3{1, 0, 0}
	if err := c.WriteMessage(&bzflag.AliveFromClient{Position: pos, Forward: fwd}); err != nil {
		return err
	}
	if err := expect(c, bzflag.CodeAlive); err != nil {
		return err
	}
	fmt.Fprintln(out, "alive")
	for i := range 3 {
		pos[0] += 1
		up := &bzflag.PlayerUpdate{ID: id, Status: bzflag.StatusAlive, Position: pos, Velocity: bzflag.Vec3{25, 0, 0}, Azimuth: float32(i) / 10}
		if err := c.WriteMessage(up); err != nil {
			return err
		}
	}
	shot := &bzflag.ShotBegin{Shooter: id, ShotID: 1, Position: pos, Velocity: bzflag.Vec3{100, 0, 0}, Lifetime: 3.5}
	if err := c.WriteMessage(shot); err != nil {
		return err
	}
	if err := expect(c, bzflag.CodeShotBegin); err != nil {
		return err
	}
	fmt.Fprintln(out, "shot fired")
	chat := &bzflag.MessageFromClient{Team: bzflag.RogueTeam, Text: bzflag.NewMessageText("gopher")}
	if err := c.WriteMessage(chat); err != nil {
		return err
	}
	m, err := c.Next()
	if err != nil {
		return err
	}
	if r, ok := m.(*bzflag.MessageFromServer); ok {
		fmt.Fprintf(out, "chat: %s\n", cstring(r.Text[:]))
	}
	return c.WriteMessage(&bzflag.Exit{})
}

// join takes a client through the join sequence on the game connection
// c, as callSign, driving a Client by hand (the frames it transmits are
// written to c, the frames c reads handed to it), and returns it joined.
// Until the game server tells it otherwise, a client names itself with
// the server's address and the reconnect port the handshake gave. each,
// if not nil, sees every message from the server, after the client
// handled it.
func join(c *wire.Conn, port uint16, callSign string, each func(j *bzflag.Client, in bzflag.Message)) (*bzflag.Client, error) {
	j := &bzflag.Client{Enter: bzflag.Enter{
		ID:       bzflag.PlayerID{Host: bzflag.IPv4{127, 0, 0, 1}, Port: port},
		Type:     bzflag.TankPlayer,
		Team:     bzflag.RedTeam,
		CallSign: bzflag.NewCallSign(callSign),
		Email:    bzflag.NewEmail(callSign + "@localhost"),
	}}
	flush := func() error {
		for {
			_, u, ok := j.Transmit(time.Now(), nil)
			if !ok {
				return nil
			}
			if _, err := c.ReadWriter().Write(u); err != nil {
				return err
			}
		}
	}
	if err := j.Start(time.Now()); err != nil {
		return j, err
	}
	for {
		if err := flush(); err != nil || j.State() == bzflag.ClientJoined {
			return j, err // the last: MsgIdAck
		}
		b, err := c.NextFrame()
		if err != nil {
			return j, err
		}
		if err := j.Handle(time.Now(), netip.AddrPort{}, b); err != nil {
			return j, err
		}
		if each != nil {
			in, _, _ := bzflag.Decode(b, bzflag.FromServer)
			each(j, in)
		}
	}
}

// background runs serve in a goroutine; wait returns what it returned.
func background(serve func() error) (wait func() error) {
	done := make(chan error, 1)
	go func() { done <- serve() }()
	return func() error { return <-done }
}

// expect reads one message and checks its code.
func expect(c *wire.Conn, code bzflag.Code) error {
	m, err := c.Next()
	if err != nil {
		return err
	}
	if bzflag.CodeOf(m) != code {
		return errors.New("got " + bzflag.CodeOf(m).String() + ", want " + code.String())
	}
	return nil
}
