package retrotank_test

import (
	"context"
	"fmt"
	"net"
	"net/netip"
	"time"

	"github.com/gamewire/gamewire/retrotank"
	"github.com/gamewire/gamewire/session"
)

// A whole game over loopback UDP, through session.Packet drivers: a
// server (its game port and its time-sync port) and two clients join, get
// the battlefield, sync their clocks, move and shoot, see each other, and
// leave. Each step polls every driver until it is done, then prints what
// the server and each player saw.
func Example_game() {
	udp := func() net.PacketConn { pc, _ := net.ListenPacket("udp4", "127.0.0.1:0"); return pc }
	at := func(pc net.PacketConn) netip.AddrPort { return pc.LocalAddr().(*net.UDPAddr).AddrPort() }
	srv, _ := retrotank.NewServer(retrotank.ServerConfig{Relay: true, Epoch: time.Now(),
		Battlefield: &retrotank.Battlefield{Width: 800, Height: 600, Obstacles: make([]retrotank.Area, 70)}})
	gamePort, timePort := udp(), udp()
	d1, _ := session.NewPacket(gamePort, srv, netip.AddrPort{})
	d2, _ := session.NewPacket(timePort, srv.TimeServer(), netip.AddrPort{})
	drivers := []*session.Packet{d1, d2}
	var cs []*retrotank.Client
	step := func(done func() bool) {
		for !done() || !srv.Deadline().IsZero() { // and nothing in flight
			for _, d := range drivers {
				d.Poll(context.Background(), time.Millisecond)
			}
		}
		for e, ok := srv.Event(); ok; e, ok = srv.Event() {
			if e.Kind != retrotank.EventUpdate {
				fmt.Println("server:", e.Kind, "player", e.Player)
			}
		}
		for _, c := range cs {
			for e, ok := c.Event(); ok; e, ok = c.Event() {
				switch e.Kind {
				case retrotank.EventUpdate:
					fmt.Println("player", c.ID(), "sees player", e.Player, e.Flags, e.Data)
				case retrotank.EventPlayerJoined:
					fmt.Println("player", c.ID(), "hears of player", e.Player)
				case retrotank.EventGameOver:
					fmt.Println("player", c.ID(), "sees game over, winner", e.Winner)
				default:
					fmt.Println("player", c.ID(), e.Kind)
				}
			}
		}
	}
	for range 2 {
		c := retrotank.NewClient(retrotank.ClientConfig{TimeServer: at(timePort)})
		d, _ := session.NewPacket(udp(), c, at(gamePort))
		cs, drivers = append(cs, c), append(drivers, d)
		c.Join(time.Now())
		step(func() bool { return c.Synced() && c.State() == retrotank.ClientReady })
	}
	start, _ := srv.StartGame(time.Now(), 20*time.Millisecond)
	step(func() bool { return cs[0].Started(time.Now()) && cs[1].Started(time.Now()) })
	fmt.Println("both see the game started:", srv.GameTime(time.Now())-start < 1000)
	cs[0].Move(time.Now(), []byte{1, 2, 3, 4})
	step(func() bool { return cs[0].InFlight() == 0 })
	cs[1].Shoot(time.Now(), []byte{9})
	step(func() bool { return cs[1].InFlight() == 0 })
	srv.Broadcast(time.Now(), &retrotank.GameOver{Winner: retrotank.TeamRed, RedScore: 1})
	step(func() bool { return true })
	for _, c := range cs {
		c.Leave(time.Now())
		step(c.Done)
	}
	for _, d := range drivers {
		d.Close()
	}
	// Output:
	// server: joined player 0
	// server: setup-complete player 0
	// player 0 joined
	// player 0 setup-complete
	// player 0 synced
	// server: joined player 1
	// server: setup-complete player 1
	// player 1 joined
	// player 1 setup-complete
	// player 1 synced
	// player 0 game-start
	// player 1 game-start
	// both see the game started: true
	// player 1 hears of player 0
	// player 1 sees player 0 TANK [1 2 3 4]
	// player 0 hears of player 1
	// player 0 sees player 1 SHELL [9]
	// player 0 sees game over, winner red
	// player 1 sees game over, winner red
	// server: left player 0
	// player 0 closed
	// server: left player 1
	// player 1 closed
}
