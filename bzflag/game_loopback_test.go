package bzflag_test

import (
	"context"
	"errors"
	"net"
	"net/netip"
	"slices"
	"testing"
	"time"

	"github.com/gamewire/gamewire/bzflag"
	"github.com/gamewire/gamewire/session"
)

// driven is a Game over real sockets: a Conn on the game connection and,
// with a UDP socket, a Packet on its UDPLink, polled by one loop.
type driven struct {
	g      *bzflag.Game
	tcp    *session.Conn
	udp    *session.Packet
	link   *countLink
	events []bzflag.Event
}

// countLink counts the datagrams the UDP link takes.
type countLink struct {
	*bzflag.UDPLink
	n int
}

func (c *countLink) Handle(now time.Time, from netip.AddrPort, unit []byte) error {
	err := c.UDPLink.Handle(now, from, unit)
	if err == nil {
		c.n++
	}
	return err
}

// dialGame dials addr (the handshake and the reconnection) and starts a
// Game as callSign, with a UDP socket if udp.
func dialGame(t *testing.T, addr, callSign string, udp bool) *driven {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	nc, h, err := bzflag.Dial(ctx, addr, bzflag.ServerVersion)
	if err != nil {
		t.Fatal(err)
	}
	server := nc.RemoteAddr().(*net.TCPAddr).AddrPort().Addr()
	g := &bzflag.Game{Server: server}
	g.Join.Enter = bzflag.Enter{ID: bzflag.PlayerID{Host: bzflag.IPv4(server.As4()), Port: h.Port},
		Type: bzflag.TankPlayer, Team: bzflag.RedTeam, CallSign: bzflag.NewCallSign(callSign)}
	d := &driven{g: g}
	if d.tcp, err = session.NewConn(nc, g); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.tcp.Close() })
	if udp {
		uc, err := net.ListenUDP("udp", &net.UDPAddr{IP: net.IPv4(127, 0, 0, 1)})
		if err != nil {
			t.Fatal(err)
		}
		g.UDPPort = uint16(uc.LocalAddr().(*net.UDPAddr).Port)
		d.link = &countLink{UDPLink: g.UDPLink()}
		if d.udp, err = session.NewPacket(uc, d.link, netip.AddrPort{}); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { d.udp.Close() })
	}
	if err := g.Start(time.Now()); err != nil {
		t.Fatal(err)
	}
	return d
}

// poll polls the Game's drivers once; a refused unit is not an error.
func (d *driven) poll(t *testing.T) {
	t.Helper()
	for _, p := range []interface {
		Poll(context.Context, time.Duration) error
	}{d.tcp, d.udp} {
		if p == (*session.Packet)(nil) {
			continue
		}
		var r *session.Refused
		if err := p.Poll(context.Background(), time.Millisecond); err != nil && !errors.As(err, &r) && !errors.Is(err, session.ErrDone) {
			t.Fatalf("Poll: %v", err)
		}
	}
	d.events = append(d.events, events(d.g)...)
}

// until polls every driver until done, failing t after 10 seconds.
func until(t *testing.T, what string, done func() bool, polls ...func()) {
	t.Helper()
	for end := time.Now().Add(10 * time.Second); !done(); {
		if time.Now().After(end) {
			t.Fatal("gave up waiting for " + what)
		}
		for _, p := range polls {
			p()
		}
	}
}

// TestGameLoopbackUDP plays two Games against a Server over loopback TCP,
// one with a UDP link: the test, in the server's place, answers its
// MsgUDPLinkRequest with the port of a UDP socket of its own (Server.Send),
// and reads the datagrams that arrive there: the Game's MsgPlayerUpdate
// and MsgShotBegin, over UDP, in numbered datagrams; a datagram sent back
// reaches the Game through its UDPLink.
func TestGameLoopbackUDP(t *testing.T) {
	addr, srv, ln := startServer(t)
	a := dialGame(t, addr, "a", true)
	b := dialGame(t, addr, "b", false)
	pollAll := func() { ln.Poll(context.Background(), time.Millisecond); a.poll(t); b.poll(t) }
	until(t, "the game", func() bool { return a.g.State() == bzflag.GamePlaying && b.g.State() == bzflag.GamePlaying }, pollAll)
	us, err := net.ListenUDP("udp", &net.UDPAddr{IP: net.IPv4(127, 0, 0, 1)})
	if err != nil {
		t.Fatal(err)
	}
	defer us.Close()
	peer := netip.MustParseAddrPort(a.tcp.LocalAddr().String())
	if err := srv.Send(peer, &bzflag.UDPLinkRequest{Port: uint16(us.LocalAddr().(*net.UDPAddr).Port)}); err != nil {
		t.Fatal(err)
	}
	until(t, "the UDP link", a.g.UDPUp, pollAll)
	if err := a.g.Alive(bzflag.Vec3{}, bzflag.Vec3{1, 0, 0}, time.Now()); err != nil {
		t.Fatal(err)
	}
	if _, err := a.g.Shoot(time.Now()); err != nil {
		t.Fatal(err)
	}
	// Over UDP: the update of the Alive bit and the shot, numbered 0 and 1.
	buf := make([]byte, 2048)
	var got []bzflag.Code
	var from netip.AddrPort
	for len(got) < 2 {
		pollAll()
		us.SetReadDeadline(time.Now().Add(time.Millisecond))
		n, src, err := us.ReadFromUDPAddrPort(buf)
		if err != nil {
			continue
		}
		_, seq, frame, err := bzflag.ParseDatagram(buf[:n])
		if err != nil || int(seq) != len(got) {
			t.Fatalf("datagram %d: seq %d, %v", len(got), seq, err)
		}
		m, _, err := bzflag.Decode(frame, bzflag.FromClient)
		if err != nil {
			t.Fatal(err)
		}
		got, from = append(got, bzflag.CodeOf(m)), src
	}
	slices.Sort(got) // the update leaves at the next Poll, the shot at once
	if got[0] != bzflag.CodePlayerUpdate || got[1] != bzflag.CodeShotBegin {
		t.Errorf("over UDP: %v", got)
	}
	// A datagram from the server: another player's update.
	bid, _ := srv.ID(netip.MustParseAddrPort(b.tcp.LocalAddr().String()))
	frame, _ := (&bzflag.PlayerUpdate{ID: bid, Status: bzflag.StatusAlive, Position: bzflag.Vec3{7, 0, 0}}).AppendBinary(nil)
	us.WriteToUDPAddrPort(bzflag.AppendDatagram(nil, 0, 0, frame), from)
	until(t, "the update over UDP", func() bool { p := a.g.Player(bid); return p != nil && p.Position[0] == 7 }, pollAll)
	if a.link.n != 1 {
		t.Errorf("%d datagrams taken, want 1", a.link.n)
	}
	a.g.Leave()
	b.g.Leave()
	until(t, "the end", func() bool { return srv.Players() == 0 }, pollAll)
}

// startServer runs a Server of the test world behind a Listener and the
// handshake on a port of its own, and returns the handshake's address.
func startServer(t *testing.T) (string, *bzflag.Server, *session.Listener) {
	t.Helper()
	ws, err := bzflag.NewWorldServer(testWorld(t), 0)
	if err != nil {
		t.Fatal(err)
	}
	wks, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	gl, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go bzflag.ServeHandshake(wks, uint16(gl.Addr().(*net.TCPAddr).Port))
	srv := &bzflag.Server{Worlds: ws}
	ln, err := session.NewListener(gl, srv)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ln.Close(); wks.Close() })
	return wks.Addr().String(), srv, ln
}
