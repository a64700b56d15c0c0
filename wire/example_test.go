package wire_test

import (
	"bytes"
	"errors"
	"fmt"
	"io"

	"github.com/gamewire/gamewire/wire"
)

// A decoder with a variable part reads with a Reader and checks the error
// once at the end; the error says which field failed and where.
func ExampleReader() {
	decode := func(b []byte) {
		r := wire.NewReader(b, wire.BigEndian, "demo", "Hello")
		version := r.U16("version")
		name := r.CString("name", 16)
		score := r.I32("score")
		if err := r.Err(); err != nil {
			fmt.Println("error:", err)
			return
		}
		fmt.Printf("version %d, name %q, score %d\n", version, name, score)
	}
	decode([]byte("\x00\x02bob\x00\xff\xff\xff\xfe"))
	decode([]byte("\x00\x02bob\x00\xff\xff"))
	decode([]byte("\x00\x02a name longer than sixteen bytes\x00"))
	// Output:
	// version 2, name "bob", score -2
	// error: demo: Hello: field score at byte 6: short input
	// error: demo: Hello: field name at byte 2: too long
}

// Errors wrap a sentinel for errors.Is and carry their place for errors.As.
func ExampleNewError() {
	err := wire.NewError("demo", "Hello", "name", 2, wire.ErrTooLong)
	var e *wire.Error
	if errors.As(err, &e) {
		fmt.Println(e.Field, e.Offset, errors.Is(err, wire.ErrTooLong))
	}
	// Output:
	// name 2 true
}

// A stream protocol with a 2-byte big-endian length header (the frame's
// total length) is split into frames with a FrameReader, and written with
// a FrameWriter, one Write call per message.
func ExampleFrameReader() {
	var conn bytes.Buffer // stands for a net.Conn
	fw := wire.NewFrameWriter(&conn)
	for _, s := range []string{"hi", "there"} {
		fw.WriteMessage(frameOf(s))
	}
	conn.WriteByte(0x00) // half a header: the stream ends inside a frame

	fr := wire.NewFrameReader(&conn, 2, 512, func(h []byte) (int, error) {
		return int(wire.BigEndian.U16(h)), nil
	})
	fr.Protocol = "demo"
	for {
		frame, err := fr.Next()
		if err != nil {
			fmt.Println(err, errors.Is(err, io.ErrUnexpectedEOF), fr.Buffered())
			break
		}
		fmt.Printf("%q\n", frame[2:])
	}
	// Output:
	// "hi"
	// "there"
	// demo: frame: at byte 1: stream ends inside a frame: short input true [0]
}

// frameOf is a message that appends its payload after a length header.
type frameOf string

func (f frameOf) AppendBinary(b []byte) ([]byte, error) {
	b = wire.BigEndian.AppendU16(b, uint16(2+len(f)))
	return append(b, f...), nil
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
