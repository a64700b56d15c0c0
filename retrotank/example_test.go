package retrotank_test

import (
	"fmt"
	"strings"
	"time"

	"github.com/gamewire/gamewire/retrotank"
)

// Decode one datagram and print it.
func ExampleDecode() {
	b := []byte{0x09, 0x00, 0x10, 0x00, 0x98, 0x96, 0x80} // MSG_TYPE_GAME_START, id 16
	m, _, err := retrotank.Decode(b, retrotank.FromServer)
	if err != nil {
		fmt.Println(err)
		return
	}
	start := m.(*retrotank.GameStart)
	fmt.Println(m.Form().Name, start.ID, start.StartTime)

	_, _, err = retrotank.Decode(b[:5], retrotank.FromServer)
	fmt.Println(err)
	// Output:
	// MSG_TYPE_GAME_START 16 10000000
	// retrotank: MSG_TYPE_GAME_START: field startTime at byte 3: short input
}

// The acknowledgement system between two peers: a message is resent until
// its ACK arrives, and delivered once.
func ExampleAcker() {
	now := time.Unix(0, 0)
	server := retrotank.NewAcker(retrotank.AckConfig{Resend: 100 * time.Millisecond})
	client := retrotank.NewAcker(retrotank.AckConfig{})
	client.Client = 3
	server.Queue(&retrotank.GameStart{StartTime: 5000}, now)

	b, _, _ := server.Next(now, nil) // lost on the way
	now = now.Add(100 * time.Millisecond)
	b, _, _ = server.Next(now, nil) // resent
	m, _, _ := retrotank.Decode(b, retrotank.FromServer)
	fmt.Println("deliver:", client.Receive(m, now))
	fmt.Println("deliver a copy:", client.Receive(m, now))

	ack, _, _ := client.Next(now, nil)
	fmt.Printf("ACK % x\n", ack)
	a, _, _ := retrotank.Decode(ack, retrotank.FromClient)
	server.Receive(a, now)
	fmt.Println("in flight:", server.InFlight())
	// Output:
	// deliver: true
	// deliver a copy: false
	// ACK 00 03 01 00 00
	// in flight: 0
}

// Split a battlefield into setup pages and assemble it again.
func ExampleBuildPages() {
	bf := &retrotank.Battlefield{Width: 640, Height: 480, Obstacles: make([]retrotank.Area, 130),
		Spawns: retrotank.TeamAreas{Red: make([]retrotank.Area, 2), Blue: make([]retrotank.Area, 2)}}
	pages, _ := retrotank.BuildPages(bf)
	var asm retrotank.Assembler
	var names []string
	for i := len(pages) - 1; i >= 0; i-- { // any order
		names = append(names, pages[i].Form().Name)
		asm.Add(pages[i])
	}
	got, err := asm.Battlefield()
	fmt.Println(strings.Join(names, " "))
	fmt.Println(len(got.Obstacles), len(got.Spawns.Red), len(got.Spawns.Blue), err)
	// Output:
	// MSG_TYPE_SPAWN MSG_TYPE_OBSTACLE MSG_TYPE_OBSTACLE MSG_TYPE_OBSTACLE MSG_TYPE_OPTION
	// 130 2 2 <nil>
}

// The client's time synchronisation: a request stamped with the client's
// clock, the server's answer, and the estimate of the common game time.
func ExampleTimeSync() {
	ts := retrotank.TimeSync{Client: 2}
	req := ts.Request(1000)                 // client clock 1000 ms
	rep, _ := retrotank.Answer(&req, 50020) // the server's game time on arrival
	fmt.Println(ts.Reply(&rep, 1040))       // back 40 ms after sending
	off, rtt, _ := ts.Estimate()
	fmt.Println(off, rtt, ts.GameTime(2000))
	// Output:
	// <nil>
	// 49000 40 51000
}
