package lwar_test

import (
	"context"
	"fmt"
	"net"
	"net/netip"
	"time"

	"github.com/gamewire/gamewire/lwar"
	"github.com/gamewire/gamewire/session"
)

// A whole game over UDP on 127.0.0.1: a server and two clients, each
// under a session.Packet driver. They join and see each other; alice
// moves, bob picks a ship and chats; bob leaves.
func Example_game() {
	ctx := context.Background()
	udp := func() net.PacketConn { c, _ := net.ListenPacket("udp", "127.0.0.1:0"); return c }
	srv := lwar.NewServer(lwar.ServerConfig{})
	ds, _ := session.NewPacket(udp(), srv, netip.AddrPort{})
	defer ds.Close()
	at := netip.MustParseAddrPort(ds.LocalAddr().String())
	alice, bob := lwar.NewClient(lwar.ClientConfig{}), lwar.NewClient(lwar.ClientConfig{})
	da, _ := session.NewPacket(udp(), alice, at)
	db, _ := session.NewPacket(udp(), bob, at)
	defer da.Close()
	defer db.Close()

	last := map[string]lwar.EventKind{} // the last event alice and the server reported
	show := func(who string, next func() (lwar.Event, bool)) {
		for e, ok := next(); ok; e, ok = next() {
			switch e.Kind {
			case lwar.EventJoined, lwar.EventName:
				fmt.Printf("%s: %v %s is %s\n", who, e.Kind, e.Player, e.Name)
			case lwar.EventInput:
				fmt.Printf("%s: %s input %d, forward %v\n", who, e.Player, e.Input.FrameNo, e.Input.Forward&1 == 1)
			case lwar.EventSelection:
				fmt.Printf("%s: %s flies ship type %d\n", who, e.Player, e.Ship)
			case lwar.EventChat:
				fmt.Printf("%s: %s says %q\n", who, e.Player, e.Text)
			case lwar.EventLeft:
				fmt.Printf("%s: %s left\n", who, e.Player)
			}
			last[who] = e.Kind
		}
	}
	poll := func(until func() bool) {
		for !until() {
			ds.Poll(ctx, time.Millisecond)
			show("server", srv.Event)
			da.Poll(ctx, time.Millisecond)
			show("alice", alice.Event)
			db.Poll(ctx, time.Millisecond)
		}
	}
	alice.Join(time.Now(), []byte("alice"))
	poll(func() bool { return alice.State() == lwar.ClientConnected })
	bob.Join(time.Now(), []byte("bob"))
	poll(func() bool { return bob.State() == lwar.ClientConnected && last["alice"] == lwar.EventJoined })
	alice.Move(lwar.Controls{Forward: true, AimX: 100})
	poll(func() bool { return last["server"] == lwar.EventInput })
	bob.Select(lwar.EntityTypeShip, [4]uint8{lwar.EntityTypeGun})
	poll(func() bool { return last["alice"] == lwar.EventSelection })
	bob.Chat([]byte("gg"))
	poll(func() bool { return last["alice"] == lwar.EventChat })
	bob.Leave()
	poll(func() bool { return bob.Done() && last["alice"] == lwar.EventLeft })
	fmt.Println("bob:", bob.State(), "; alice knows", len(alice.Players(nil)), "player")
	// Output:
	// server: joined 0/1 is alice
	// server: joined 0/2 is bob
	// alice: joined 0/2 is bob
	// server: 0/1 input 1, forward true
	// server: 0/2 flies ship type 2
	// alice: 0/2 flies ship type 2
	// server: 0/2 says "gg"
	// alice: 0/2 says "gg"
	// server: 0/2 left
	// alice: 0/2 left
	// bob: closed ; alice knows 1 player
}
