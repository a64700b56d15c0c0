package lwar_test

import (
	"fmt"
	"net/netip"
	"time"

	"github.com/gamewire/gamewire/lwar"
)

// A client connects to a server, chats, and disconnects. The datagrams
// travel in memory here; over UDP, write each packet to the socket and
// pass what you read to Receive.
func ExampleClient() {
	now := time.Date(2013, 6, 4, 0, 0, 0, 0, time.UTC)
	srv := lwar.NewServer(lwar.ServerConfig{
		Handler: func(ev *lwar.ServerEvent) {
			switch ev.Kind {
			case lwar.ServerJoin:
				fmt.Println("server: player", ev.Player, "joined")
			case lwar.ServerLeave:
				fmt.Println("server: player", ev.Player, "left:", ev.Cause)
			}
		},
	})
	addr := netip.MustParseAddrPort("127.0.0.1:50000")
	cl, _ := lwar.NewClient([]byte("alice"), lwar.ChannelConfig{}, now, func(m lwar.Message) {
		if c, ok := m.(*lwar.Chat); ok {
			fmt.Printf("client: chat from %v: %s\n", c.PlayerID, c.Msg)
		}
	})

	buf := make([]byte, 0, lwar.MaxPacketSize)
	tick := func() {
		now = now.Add(30 * time.Millisecond)
		if pkt, ok := cl.AppendPacket(buf[:0], now); ok {
			_ = srv.Receive(addr, pkt, now)
		}
		for {
			to, pkt, ok := srv.AppendPacket(buf[:0], now)
			if !ok {
				break
			}
			if to == addr {
				_ = cl.Receive(pkt, now)
			}
		}
	}

	for cl.State() != lwar.ClientConnected {
		tick()
	}
	fmt.Println("client:", cl.State(), "as player", cl.Player())

	_, _ = cl.Channel().QueueReliable(&lwar.Chat{PlayerID: cl.Player(), Msg: []byte("gg")})
	tick()
	tick()

	_ = cl.Disconnect(now)
	for !cl.State().Final() {
		tick()
	}
	fmt.Println("client:", cl.State())
	// Output:
	// server: player 0/1 joined
	// client: connected as player 0/1
	// client: chat from 0/1: gg
	// server: player 0/1 left: disconnect
	// client: closed
}
