package lwar_test

import (
	"fmt"

	"github.com/gamewire/gamewire/lwar"
)

// A client's first packet: the Connect message with sequence number 1.
func ExampleBuilder() {
	var b lwar.Builder
	b.Start(lwar.Header{Ack: 0, Timestamp: 16})
	reliable := []lwar.Message{&lwar.Connect{Seqno: 1, Name: []byte("Axel")}}
	unreliable := []lwar.Message{&lwar.Input{PlayerID: lwar.ID{Identity: 1}, FrameNo: 1, Forward: 1}}
	nr, nu, err := b.Fill(reliable, unreliable)
	fmt.Println(nr, nu, err)
	fmt.Printf("% x\n", b.Bytes()[:22])
	// Output:
	// 1 1 <nil>
	// f2 70 87 c5 00 00 00 00 00 00 00 10 01 00 00 00 01 04 41 78 65 6c
}

// Walking the messages of a received packet without allocating.
func ExampleIterator() {
	packet := []byte{
		0xf2, 0x70, 0x87, 0xc5, 0, 0, 0, 1, 0, 0, 0x0b, 0xb8, // header: ack 1, timestamp 3000
		3, 0, 0, 0, 1, 0, 0, 0, 1, 4, 'A', 'x', 'e', 'l', // Join seqno 1, player 1/0, "Axel"
		10, 0, 0, 0, 2, // Synced seqno 2
		104, // Full
	}
	var it lwar.Iterator
	if err := it.Reset(packet); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("ack", it.Header.Ack, "timestamp", it.Header.Timestamp)
	for it.Next() {
		m := it.Message()
		if j, ok := m.(*lwar.Join); ok {
			fmt.Printf("Join #%d: player %v is %s\n", j.Seqno, j.PlayerID, j.Name)
		} else if seqno, reliable := it.Seqno(); reliable {
			fmt.Printf("%v #%d\n", lwar.TypeOf(m), seqno)
		} else {
			fmt.Println(lwar.TypeOf(m))
		}
	}
	fmt.Println("err:", it.Err())
	// Output:
	// ack 1 timestamp 3000
	// Join #1: player 1/0 is Axel
	// Synced #2
	// Full
	// err: <nil>
}

// A datagram from another application is rejected by its appId.
func ExampleHeader_Decode() {
	var h lwar.Header
	_, err := h.Decode([]byte{0xde, 0xad, 0xbe, 0xef, 0, 0, 0, 0, 0, 0, 0, 0})
	fmt.Println(err)
	// Output:
	// lwar: Packet Header: field appId at byte 0: invalid value
}

// The deprecated type id 102 is recognized and named.
func ExampleDecode() {
	_, _, err := lwar.Decode([]byte{102, 0}, lwar.FromServer)
	fmt.Println(err)
	// Output:
	// lwar: message type 102 (deprecated, formerly Update): field type at byte 0: unknown code
}
