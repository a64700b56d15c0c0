package lwar_test

import (
	"fmt"
	"time"

	"github.com/gamewire/gamewire/lwar"
)

// Two channels talk over a link that loses the first packet: the Chat is
// resent until acknowledged and processed exactly once.
func ExampleChannel() {
	start := time.Date(2013, 6, 4, 0, 0, 0, 0, time.UTC)
	a := lwar.NewChannel(lwar.ChannelConfig{}, start)
	b := lwar.NewChannel(lwar.ChannelConfig{}, start)

	seq, _ := a.QueueReliable(&lwar.Chat{PlayerID: lwar.ID{Identity: 1}, Msg: []byte("hello")})
	fmt.Println("queued with seqno", seq)

	var it lwar.Iterator
	buf := make([]byte, 0, lwar.MaxPacketSize)
	for tick := 1; tick <= 3; tick++ {
		now := start.Add(time.Duration(tick) * 30 * time.Millisecond)
		pkt := a.AppendPacket(buf[:0], now)
		if tick == 1 {
			fmt.Println("tick 1: packet lost")
			continue
		}
		if _, err := b.Receive(pkt, now); err != nil {
			panic(err)
		}
		_ = it.Reset(pkt)
		for it.Next() {
			if b.Admit(it.Bytes()) {
				fmt.Printf("tick %d: processed %s %q\n", tick, lwar.TypeOf(it.Message()), it.Message().(*lwar.Chat).Msg)
			} else {
				fmt.Printf("tick %d: discarded a copy\n", tick)
			}
		}
		// b acknowledges; a stops resending.
		if _, err := a.Receive(b.AppendPacket(nil, now), now); err != nil {
			panic(err)
		}
		fmt.Printf("tick %d: %d unacknowledged\n", tick, a.Unacked())
	}
	// Output:
	// queued with seqno 1
	// tick 1: packet lost
	// tick 2: processed Chat "hello"
	// tick 2: 0 unacknowledged
	// tick 3: 0 unacknowledged
}
