package tfighters_test

import (
	"bytes"
	"fmt"
	"io"

	"github.com/gamewire/gamewire/tfighters"
)

// Decode decodes one frame, here the SMSG_NEWUSER the original server sent
// for a player "Alice", into a new value of the type its code names.
func ExampleDecode() {
	frame := []byte{
		0x29, 0x00, 0x00, 0x06, // len 41 (the type and the data), type 0x0600
		5, 0, 0, 0, // id
		0x28, 0x23, 0, 0, 0x18, 0x79, 0, 0, 0x50, 0x46, 0, 0, // x, y, deg
		0,          // accel
		0, 0, 0, 0, // alive
		0, 0, // frags
		0, 0, 0, 0, // pending moves
		0, 0, // turn, type
		0, 0, 0, 0, // speed
		'A', 'l', 'i', 'c', 'e', 0, // nick
	}
	m, n, err := tfighters.Decode(frame, tfighters.FromServer)
	if err != nil {
		panic(err)
	}
	u := m.(*tfighters.NewUser)
	fmt.Println(m.Form().Name, n, "bytes")
	fmt.Printf("%s (%s) at (%s, %s) heading %s\n", u.Nick, u.Type, u.X, u.Y, u.Deg)
	// Output:
	// SMSG_NEWUSER 43 bytes
	// Alice (T_PLAYER) at (90.00, 310.00) heading 180.00
}

// A Decoder (wire.Decoder, built from the table) decodes a stream of
// frames without allocating: each message is the Decoder's own value for
// its type, reused by the next message of that type. Errors name the
// message, the field and the byte offset.
func ExampleNewDecoder() {
	var stream []byte
	stream, _ = (&tfighters.Ping{Time: 6653}).AppendBinary(stream)
	stream, _ = (&tfighters.ServerSay{ID: 5, Text: []byte("hello")}).AppendBinary(stream)
	stream = append(stream, 0x06, 0x00, 0x03, 0x00, 1, 0) // SMSG_LAG cut short

	d := tfighters.NewDecoder()
	for len(stream) > 0 {
		m, n, err := d.Decode(stream, tfighters.FromServer)
		if err != nil {
			fmt.Println(err)
			return
		}
		switch m := m.(type) {
		case *tfighters.Ping:
			fmt.Println("ping", m.Time)
		case *tfighters.ServerSay:
			fmt.Printf("%d says %s\n", m.ID, m.Text)
		}
		stream = stream[n:]
	}
	// Output:
	// ping 6653
	// 5 says hello
	// tfighters: SMSG_LAG: field diff at byte 4: short input
}

// A Stream reads the frames one side sends, here a capture of a server,
// with one reused buffer; Reset points it at the next capture without
// allocating. A code the spec does not define comes back as a *wire.Raw
// that re-encodes byte for byte, and a message that breaks a rule comes
// back with the error that names it: the stream goes on either way.
func ExampleNewStream() {
	var capture []byte
	capture, _ = (&tfighters.Hi{MyVersion: 1, UWID: 5}).AppendBinary(capture)
	capture = append(capture, 0x05, 0x00, 0xbc, 0x7a, 1, 2, 3) // code 0x7abc
	capture, _ = (&tfighters.ServerAccel{ID: 5, Accel: 7}).AppendBinary(capture)
	capture, _ = (&tfighters.Lag{Diff: 3}).AppendBinary(capture)

	r := bytes.NewReader(capture)
	s := tfighters.NewStream(r, tfighters.FromServer)
	for range 2 { // the same capture twice, through one Stream
		for {
			m, err := s.Next()
			if err == io.EOF {
				break
			}
			switch {
			case err != nil && m == nil:
				fmt.Println("malformed:", err)
			case err != nil:
				fmt.Println(m.Form().Name, "breaks a rule:", err)
			default:
				fmt.Println(m.Form().Name, tfighters.CodeOf(m), m.Size(), "bytes")
			}
		}
		r.Reset(capture)
		s.Reset(r)
	}
	// Output:
	// SMSG_HI SMSG_HI 12 bytes
	// unknown 0x7abc 7 bytes
	// SMSG_ACCEL breaks a rule: tfighters: SMSG_ACCEL: field accel at byte 16: invalid value
	// SMSG_LAG SMSG_LAG 8 bytes
	// SMSG_HI SMSG_HI 12 bytes
	// unknown 0x7abc 7 bytes
	// SMSG_ACCEL breaks a rule: tfighters: SMSG_ACCEL: field accel at byte 16: invalid value
	// SMSG_LAG SMSG_LAG 8 bytes
}
