package bzflag_test

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"time"

	"github.com/gamewire/gamewire/bzflag"
	"github.com/gamewire/gamewire/wire"
)

// player is a client game: a Game driven by one loop, with a frame clock
// that advances 10 ms a frame (the Game reads no clock of its own).
type player struct {
	g   *bzflag.Game
	nc  net.Conn
	now time.Duration
	out io.Writer
	// seen records what came from the server, for the script to wait on;
	// viaUDP what of it came over the UDP link.
	seen, viaUDP map[bzflag.Code]int
}

// dialPlayer connects to the server at addr, with a UDP socket if udp,
// and returns the player, ready to Start. wrap, if set, wraps the game
// connection; tap, if set, sees every frame of TCP and UDP.
func dialPlayer(addr string, udp bool, out io.Writer, wrap func(net.Conn) net.Conn,
	tap func(bzflag.Direction, []byte)) (*player, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	d := &bzflag.Dialer{Wrap: wrap, Tap: tap}
	c, h, err := d.Dial(ctx, addr, bzflag.ServerVersion)
	if err != nil {
		return nil, err
	}
	nc := c.ReadWriter().(net.Conn)
	server := nc.RemoteAddr().(*net.TCPAddr).AddrPort().Addr()
	g := &bzflag.Game{TCP: c, Server: server}
	g.Join.Enter = bzflag.Enter{
		// Until the server tells it otherwise, a client names itself
		// with the server's address and the reconnect port.
		ID:       bzflag.PlayerID{Host: bzflag.IPv4(server.As4()), Port: h.Port},
		Type:     bzflag.TankPlayer,
		Team:     bzflag.RedTeam,
		CallSign: bzflag.NewCallSign("gopher"),
		Email:    bzflag.NewEmail("gopher@localhost"),
	}
	if udp {
		uc, err := net.ListenUDP("udp", &net.UDPAddr{IP: net.IPv4(127, 0, 0, 1)})
		if err != nil {
			nc.Close()
			return nil, err
		}
		g.UDP = bzflag.NewUDPLink(uc, bzflag.FromServer)
		g.UDP.Tap = tap
	}
	return &player{g: g, nc: nc, out: out, seen: map[bzflag.Code]int{}, viaUDP: map[bzflag.Code]int{}}, nil
}

func (p *player) Close() {
	p.nc.Close()
	if p.g.UDP != nil {
		p.g.UDP.Conn().Close()
	}
}

// frame is one turn of the game loop: the clock advances, what the server
// sent is read (TCP, then UDP, each polled with a short read deadline: a
// timeout only means nothing has come) and handed to the Game, then Tick.
// A frame that does not decode, or a message that breaks a rule, leaves
// the connection in step (the package doc, Reading): it is reported and
// skipped, and the game reads on. Only an error of the framing or of the
// socket ends it.
func (p *player) frame() error {
	p.now += 10 * time.Millisecond
	m, err := p.readTCP()
	if wire.IsTimeout(err) && p.g.UDP != nil {
		m, err = p.readUDP()
	}
	switch {
	case wire.IsTimeout(err):
	case err != nil:
		return err
	case m != nil:
		p.seen[bzflag.CodeOf(m)]++
		if err := p.g.Handle(m, p.now); err != nil {
			return err
		}
	}
	return p.g.Tick(p.now)
}

// readTCP reads the next frame of the game connection, then decodes it:
// an error of the first step (a timeout, broken framing, the connection
// gone) is returned; one of the second is reported, and the message
// skipped (nil, nil).
func (p *player) readTCP() (bzflag.Message, error) {
	p.nc.SetReadDeadline(time.Now().Add(2 * time.Millisecond))
	b, err := p.g.TCP.NextFrame()
	if err != nil {
		return nil, err
	}
	m, err := p.g.TCP.Decode(b)
	if err != nil {
		fmt.Fprintln(p.out, "skipped:", err)
		return nil, nil
	}
	return m, nil
}

// readUDP reads the next datagram of the UDP link: an error of the socket
// (a timeout included) is returned; one of the datagram (not the link's,
// stale, or a message that does not decode) is reported, and the datagram
// skipped.
func (p *player) readUDP() (bzflag.Message, error) {
	p.g.UDP.Conn().SetReadDeadline(time.Now().Add(2 * time.Millisecond))
	m, err := p.g.UDP.Next()
	var sock *net.OpError
	switch {
	case errors.As(err, &sock):
		return nil, err
	case err != nil:
		fmt.Fprintln(p.out, "skipped over UDP:", err)
		return nil, nil
	}
	p.viaUDP[bzflag.CodeOf(m)]++
	return m, nil
}

// until plays frames until done reports true (at most 2000 frames).
func (p *player) until(what string, done func() bool) error {
	for i := 0; i < 2000; i++ {
		if done() {
			return nil
		}
		if err := p.frame(); err != nil {
			return err
		}
	}
	return errors.New("gave up waiting for " + what)
}

// play is the script of a whole session: join, relay and UDP link, come
// alive, drive to the flag and grab it, go through a teleporter, get
// shot, come back after the explosion, leave.
func (p *player) play() error {
	g := p.g
	if err := g.Start(p.now); err != nil {
		return err
	}
	if err := p.until("the game", func() bool { return g.State() == bzflag.GamePlaying }); err != nil {
		return err
	}
	// The server answers MsgUDPLinkRequest at once, or never (bzfs
	// -noudp): then everything stays on TCP.
	for i := 0; i < 50 && g.UDP != nil && !g.UDPUp(); i++ {
		if err := p.frame(); err != nil {
			return err
		}
	}
	fmt.Fprintf(p.out, "joined as player %d, world of %d bytes, relayed, UDP link up: %v\n",
		g.ID().Number, len(g.Join.Database()), g.UDPUp())
	for _, o := range g.Players() {
		fmt.Fprintf(p.out, "player %q (%s), %d wins\n", cstring(o.CallSign[:]), o.Team, o.Wins)
	}
	if err := g.Alive(bzflag.Vec3{0, 0, 0}, bzflag.Vec3{1, 0, 0}, p.now); err != nil {
		return err
	}
	// Drive to the flag at (5, 5) in one second, at 7.07 m/s.
	start := p.now
	for g.Me().Position[0] < 5 {
		f := float32((p.now - start).Seconds())
		if f > 1 {
			f = 1
		}
		g.Move(0, bzflag.Vec3{5 * f, 5 * f, 0}, bzflag.Vec3{5, 5, 0}, 0.785398, 0)
		if err := p.frame(); err != nil {
			return err
		}
	}
	g.Move(0, g.Me().Position, bzflag.Vec3{}, 0.785398, 0) // stop
	if err := p.until("the lag ping and the robot", func() bool {
		return p.seen[bzflag.CodeLagPing] > 0 && g.Player(robotID).Updated > 0
	}); err != nil {
		return err
	}
	fmt.Fprintln(p.out, "alive; lag ping echoed; the robot follows")
	if _, err := g.GrabFlag(0, p.now); err != nil {
		return err
	}
	if err := p.until("the flag", func() bool { return g.Me().Flag != bzflag.NullFlag }); err != nil {
		return err
	}
	fmt.Fprintf(p.out, "holding %s\n", g.Me().Flag)
	if err := g.Teleport(0, 1, p.now); err != nil {
		return err
	}
	if err := p.until("the teleport", func() bool { return p.seen[bzflag.CodeTeleport] > 0 }); err != nil {
		return err
	}
	if err := g.Killed(robotID, 1, p.now); err != nil {
		return err
	}
	if err := p.until("the kill", func() bool {
		return p.seen[bzflag.CodeKilled] > 0 && p.seen[bzflag.CodeScore] > 0
	}); err != nil {
		return err
	}
	me, robot := g.Me(), g.Player(robotID)
	fmt.Fprintf(p.out, "shot by the robot: %s, %d losses; the robot has %d wins; flag 0 %s\n",
		me.Status, me.Losses, robot.Wins, g.Flags()[0].Status)
	if err := g.Alive(bzflag.Vec3{0, 0, 0}, bzflag.Vec3{1, 0, 0}, p.now); !errors.Is(err, bzflag.ErrExploding) {
		return fmt.Errorf("alive while exploding: %v", err)
	}
	p.now += bzflag.ExplodeDuration
	if err := g.Tick(p.now); err != nil {
		return err
	}
	if err := g.Alive(bzflag.Vec3{-5, 0, 0}, bzflag.Vec3{0, 1, 0}, p.now); err != nil {
		return err
	}
	if err := p.until("the second life", func() bool { return p.seen[bzflag.CodeAlive] > 1 }); err != nil {
		return err
	}
	fmt.Fprintf(p.out, "alive again after %v\n", bzflag.ExplodeDuration)
	return g.Exit()
}

// A whole game over loopback, TCP and UDP, against a server written with
// the package (the test's gameServer): the client's Game joins (skipping
// a MsgTeamUpdate the server cut short, and reading on), gets the relay
// and the UDP link, comes alive, drives to a flag sending
// MsgPlayerUpdate at the 1.7 client's rate (over UDP), echoes the
// server's MsgLagPing, grabs the flag, teleports, is shot (dropping the
// flag and counting a loss), comes back after the explosion and leaves.
func Example_game() {
	s, err := newGameServer(true)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer s.Close()
	s.bad = badTeamUpdate()
	wait := background(s.serve)

	p, err := dialPlayer(s.addr(), true, os.Stdout, nil, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer p.Close()
	if err := p.play(); err != nil {
		fmt.Println("client:", err)
	}
	if err := wait(); err != nil {
		fmt.Println("server:", err)
	}
	fmt.Println("lag ping answered:", s.ponged)
	// Output:
	// skipped: bzflag: MsgTeamUpdate: field losses at byte 12: short input
	// joined as player 0, world of 162 bytes, relayed, UDP link up: true
	// player "robot" (RogueTeam), 3 wins
	// alive; lag ping echoed; the robot follows
	// holding GuidedMissileFlag
	// shot by the robot: Exploding, 1 losses; the robot has 4 wins; flag 0 FlagOnGround
	// alive again after 5s
	// lag ping answered: true
}

// badTeamUpdate is a MsgTeamUpdate frame cut two bytes short, its length
// field saying so: the frame is whole, the message does not decode.
func badTeamUpdate() []byte {
	b, err := (&bzflag.TeamUpdate{Team: bzflag.BlueTeam, Players: 1}).AppendBinary(nil)
	if err != nil {
		panic(err)
	}
	b = b[:len(b)-2]
	binary.BigEndian.PutUint16(b, uint16(len(b)-4))
	return b
}
