package toy

import (
	"bytes"
	"errors"
	"testing"

	"github.com/gamewire/gamewire/internal/codectest"
	"github.com/gamewire/gamewire/wire"
	"github.com/gamewire/gamewire/wire/codec"
	"github.com/leanovate/gopter/gen"
)

// TestCodecs runs the shared harness on every toy message: round trips
// both ways, every strict prefix, mutations, reuse and allocations.
func TestCodecs(t *testing.T) {
	t.Run("Hello", func(t *testing.T) { codectest.Check[Hello](t, helloGen()) })
	t.Run("Chat", func(t *testing.T) { codectest.Check[Chat](t, chatGen()) })
	t.Run("Scores", func(t *testing.T) { codectest.Check[Scores](t, scoresGen()) })
	t.Run("Data", func(t *testing.T) { codectest.Check[Data](t, dataGen()) })
	t.Run("Ping", func(t *testing.T) { codectest.Check[Ping](t, gen.Const(Ping{})) })
	t.Run("Odd", func(t *testing.T) { codectest.Check[Odd](t, oddGen()) })
}

// TestGolden pins the bytes of one message of each shape.
func TestGolden(t *testing.T) {
	id := PlayerID{Port: 0x1234, Number: 7, Addr: [4]byte{10, 0, 0, 1}}
	codectest.Golden(t, &Chat{To: id, Text: []byte("hi"), Note: []byte("n"), Seq: 0x01020304, Blob: []byte{0xff}},
		"0013 6368 | 1234 07 0a000001 | 686900 | 01 6e | 01020304 | 0001 ff")
	codectest.Golden(t, &Scores{Round: 9, Scores: []Score{{Player: id, Points: -2, Pos: [3]float32{1, 0, -1}}}},
		"001a 7363 | 01 | 0009 | 1234 07 0a000001 fffffffe 3f800000 00000000 bf800000")
	codectest.Golden(t, &Data{Kind: 1, Payload: []byte("xyz")}, "0004 6461 | 01 | 78797a")
	codectest.Golden(t, &Ping{}, "0000 7069")
	codectest.Golden(t, &Odd{Value: 1, From: id}, "000b 6f64 | fffffffe | 1234 07 0a000001")
}

func frame(m Message) []byte {
	b, err := m.MarshalBinary()
	if err != nil {
		panic(err)
	}
	return b
}

// TestDecodeErrors checks what a malformed frame fails with: the kind,
// the field, the offset Decode returns, and that it allocates nothing.
func TestDecodeErrors(t *testing.T) {
	// text at 11, note at 17, seq at 19, blob at 23.
	chat := frame(&Chat{Text: []byte("hello"), Note: []byte("n"), Blob: []byte("b")})
	long := frame(&Chat{Text: bytes.Repeat([]byte("a"), maxText-1)})
	noNUL := frameOf(codeChat, bytes.Repeat([]byte("x"), 7+12))
	scores := frame(&Scores{Scores: make([]Score, 2)})
	tests := []struct {
		name  string
		m     Message
		b     []byte
		kind  error
		field string
		off   int
	}{
		{"fixed short", new(Hello), frame(new(Hello))[:20], wire.ErrShort, "callSign", 15},
		{"fixed code", new(Hello), patch(frame(new(Hello)), 3, 0), wire.ErrInvalid, "code", 2},
		{"fixed length", new(Hello), patch(frame(new(Hello)), 1, 0), wire.ErrInvalid, "length", 0},
		{"empty", new(Chat), nil, wire.ErrShort, "length", 0},
		{"variable code", new(Chat), patch(chat, 2, 0), wire.ErrInvalid, "code", 2},
		{"length under the smallest frame", new(Chat), patch(chat, 1, 3), wire.ErrInvalid, "length", 0},
		{"frame past the input", new(Chat), chat[:len(chat)-1], wire.ErrShort, "text", 11},
		{"bytes left in the frame", new(Chat), append(patch(bytes.Clone(chat), 1, chat[1]+1), 0), wire.ErrInvalid, "length", 0},
		{"cstring without NUL", new(Chat), noNUL, wire.ErrShort, "text", 11},
		{"cstring over Max", new(Chat), patch(long, 11+maxText-1, 'x'), wire.ErrTooLong, "text", 11},
		{"str8 over Max", new(Chat), patch(chat, 17, 41), wire.ErrTooLong, "note", 17},
		{"str8 past the frame", new(Chat), patch(chat, 17, 30), wire.ErrShort, "note", 17},
		{"fixed after variable", new(Chat), cut(chat, 21), wire.ErrShort, "seq", 19},
		{"str16 past the frame", new(Chat), cut(chat, len(chat)-1), wire.ErrShort, "blob", 23},
		{"count over Max", new(Scores), patch(scores, 4, maxScores+1), wire.ErrTooLong, "count", 4},
		{"list past the frame", new(Scores), patch(scores, 4, 3), wire.ErrShort, "scores", 7},
		{"rest over Max", new(Data), frameOf(codeData, make([]byte, 258)), wire.ErrTooLong, "payload", 5},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if e := codectest.DecodeFails(t, tt.m, tt.b, tt.kind, tt.field, tt.off); e.Offset >= 0 && e.Offset != tt.off {
				t.Errorf("error offset %d, Decode returned %d", e.Offset, tt.off)
			}
		})
	}
}

// patch returns a copy of b with b[i] = v.
func patch(b []byte, i int, v byte) []byte {
	b = bytes.Clone(b)
	b[i] = v
	return b
}

// cut returns b's first n bytes with the length field saying so: a
// whole frame that ends early.
func cut(b []byte, n int) []byte {
	b = bytes.Clone(b[:n])
	codec.BigEndian.PutU16(b, uint16(n-headerLen))
	return b
}

// frameOf returns a frame of code with body.
func frameOf(code uint16, body []byte) []byte {
	b := codec.BigEndian.AppendU16(nil, uint16(len(body)))
	b = codec.BigEndian.AppendU16(b, code)
	return append(b, body...)
}

// TestEncodeErrors checks that a value too long for its field fails with
// the field's error and leaves b as it was.
func TestEncodeErrors(t *testing.T) {
	tests := []struct {
		name  string
		m     Message
		kind  error
		field string
	}{
		{"cstring too long", &Chat{Text: make([]byte, maxText)}, wire.ErrTooLong, "text"},
		{"cstring with a NUL", &Chat{Text: []byte("a\x00b")}, wire.ErrInvalid, "text"},
		{"str8 over Max", &Chat{Note: make([]byte, 41)}, wire.ErrTooLong, "note"},
		{"str16 over the frame", &Chat{Blob: make([]byte, 1025)}, wire.ErrTooLong, "blob"},
		{"list over Max", &Scores{Scores: make([]Score, maxScores+1)}, wire.ErrTooLong, "scores"},
		{"rest over Max", &Data{Payload: make([]byte, 257)}, wire.ErrTooLong, "payload"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := make([]byte, 3, 4096)
			out, err := tt.m.AppendBinary(b)
			var e *wire.Error
			if !errors.Is(err, tt.kind) || !errors.As(err, &e) || e.Field != tt.field {
				t.Fatalf("AppendBinary = %v; want field %s: %v", err, tt.field, tt.kind)
			}
			if len(out) != 3 || &out[0] != &b[0] {
				t.Errorf("AppendBinary returned %d bytes, want b as it was", len(out))
			}
			if a := testing.AllocsPerRun(100, func() { tt.m.AppendBinary(b) }); a != 0 {
				t.Errorf("the failing AppendBinary allocates %v times", a)
			}
		})
	}
}

// TestDecoder decodes frames of every form through wire.Decoder: dispatch
// by code, and the exact offset of an error after a variable part.
func TestDecoder(t *testing.T) {
	d := wire.NewDecoder(Table())
	for _, m := range []Message{&Hello{Team: -1}, &Chat{Text: []byte("x")}, &Scores{Round: 1}, &Data{Kind: 2}, &Ping{}, &Odd{Value: 3}} {
		b := frame(m)
		from := wire.FromClient
		if !m.Form().From.Has(from) {
			from = wire.FromServer
		}
		got, n, err := d.Decode(b, from)
		if err != nil || n != len(b) || got.Form() != m.Form() {
			t.Errorf("%s: Decoder.Decode = %v, %d, %v", m.Form().Name, got, n, err)
		}
	}
	chat := frame(&Chat{Text: []byte("hello"), Note: []byte("y")})
	_, _, err := d.Decode(cut(chat, 21), wire.FromClient)
	var e *wire.Error
	if !errors.As(err, &e) || e.Field != "seq" || e.Offset != 19 {
		t.Errorf("a short seq = %v, want field seq at byte 19", err)
	}
	if _, _, err := d.Decode(frame(&Hello{Type: 9}), wire.FromClient); !errors.Is(err, wire.ErrInvalid) {
		t.Errorf("a Hello of an unknown type = %v, want its Validate's error", err)
	}
}
