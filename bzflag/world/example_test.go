package world_test

import (
	"fmt"

	"github.com/gamewire/gamewire/bzflag/world"
)

// Build a world database, encode it, and decode it again.
func ExampleWorld() {
	w := &world.World{
		Style:       world.Style{MaxPlayers: 20, MaxShots: 1, MaxFlags: 10},
		Boxes:       []world.Box{{Center: [3]float32{0, 0, 0}, Width: 30, Depth: 30, Height: 9.42}},
		Teleporters: []world.Teleporter{{Center: [3]float32{100, 0, 0}, Width: 0.56, Depth: 4.48, Height: 9.1, Border: 1.12}},
		Links:       []world.Link{{From: 0, To: 1}, {From: 1, To: 0}},
	}
	w.SetOrder() // the order bzfs writes blocks in
	db, err := w.MarshalBinary()
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%d bytes: style, box, teleporter, 2 links, end\n", len(db))

	var back world.World
	if err := back.UnmarshalBinary(db); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(back.Order, back.Validate())

	// A database cut short says where.
	fmt.Println(back.UnmarshalBinary(db[:50]))
	// Output:
	// 106 bytes: style, box, teleporter, 2 links, end
	// [WorldCodeBox WorldCodeTeleporter WorldCodeLink WorldCodeLink] <nil>
	// bzflag: WorldCodeBox: field depth at byte 50: short input
}

// The download, both sides, without a network: the client asks for the
// Assembler's Offset and feeds each reply; the server answers from a
// Chunker.
func ExampleAssembler() {
	db := make([]byte, 600) // any database
	server, err := world.NewChunker(db, 256)
	if err != nil {
		fmt.Println(err)
		return
	}
	var client world.Assembler
	for !client.Done() {
		offset := client.Offset()                                    // send MsgGetWorld{offset}
		remaining, data := server.Chunk(offset)                      // the server's reply
		if err := client.Feed(offset, remaining, data); err != nil { // on receipt
			fmt.Println(err)
			return
		}
		fmt.Printf("offset %d: remaining %d, %d bytes\n", offset, remaining, len(data))
	}
	fmt.Println(len(client.Database()), "bytes")
	// Output:
	// offset 0: remaining 600, 256 bytes
	// offset 256: remaining 344, 256 bytes
	// offset 512: remaining 88, 88 bytes
	// 600 bytes
}
