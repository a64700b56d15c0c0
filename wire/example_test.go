package wire_test

import (
	"bytes"
	"errors"
	"fmt"
	"io"

	"github.com/gamewire/gamewire/wire"
	"github.com/gamewire/gamewire/wire/codec"
	"github.com/gamewire/gamewire/wire/spec"
)

// demo is a protocol of frames of 512 bytes at most: a big-endian u16
// length of the whole frame, header included, then a one-byte code. It
// has no forms, so that every frame comes back as a *wire.Raw; a
// protocol package gives its own table, with its forms and their types.
var demo = spec.NewTable(spec.Protocol{
	Name:  "demo",
	Order: codec.BigEndian,
	Header: []spec.Field{
		{Name: "length", Type: "u16", Role: spec.LengthRole},
		{Name: "code", Type: "u8", Role: spec.CodeRole},
	},
	MaxFrame: 512,
}, nil, nil)

// A Stream splits a connection into frames as the table's header says,
// and decodes each. A stream that ends inside a frame says so, and keeps
// what it received.
func ExampleStream() {
	conn := bytes.NewReader([]byte("\x00\x05\x01hi\x00\x08\x02there\x00")) // stands for a net.Conn
	s := wire.NewStream(demo, conn, wire.FromServer)
	for {
		m, err := s.Next()
		if err != nil {
			fmt.Println(err, errors.Is(err, io.ErrUnexpectedEOF), s.Buffered())
			break
		}
		r := m.(*wire.Raw) // a code the table does not know
		fmt.Printf("code %d: %q\n", r.Code, r.Frame[3:])
	}
	// Output:
	// code 1: "hi"
	// code 2: "there"
	// demo: frame: at byte 1: stream ends inside a frame: short input true [0]
}

// Errors wrap a sentinel for errors.Is and carry their place for
// errors.As; a frame too long also says its length and the limit.
func ExampleError() {
	s := wire.NewStream(demo, bytes.NewReader([]byte{0x02, 0x58, 1}), wire.FromServer)
	_, err := s.Next()
	var e *wire.Error
	if errors.As(err, &e) {
		fmt.Println(e)
		fmt.Println(e.Field, e.Length, e.Limit, errors.Is(err, wire.ErrTooLong))
	}
	// Output:
	// demo: frame length 600 exceeds 512
	// length 600 512 true
}

// Text shows raw bytes losslessly as readable text, for JSON.
func ExampleText() {
	t, _ := wire.Text("caf\xc3\xa9\x00\xff\\").MarshalText()
	fmt.Println(string(t))
	var back wire.Text
	back.UnmarshalText(t)
	fmt.Printf("%q\n", back)
	// Output:
	// café\x00\xff\\
	// "café\x00\xff\\"
}
