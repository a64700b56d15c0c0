package toydgram

import (
	"reflect"
	"testing"

	"github.com/gamewire/gamewire/internal/codectest"
	"github.com/gamewire/gamewire/wire"
	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
)

func vecGen() gopter.Gen {
	return gen.StrictStruct(reflect.TypeFor[Vec](), map[string]gopter.Gen{"X": codectest.Float32(), "Y": codectest.Float32()})
}

// TestCodecs runs the shared harness on every toydgram message. A
// datagram message has no length: the harness's mutated and truncated
// inputs may decode as long as they re-encode to what they consumed.
func TestCodecs(t *testing.T) {
	t.Run("Move", func(t *testing.T) {
		codectest.Check[Move](t, gen.StrictStruct(reflect.TypeFor[Move](), map[string]gopter.Gen{
			"Pos":   vecGen(),
			"Angle": gen.Int16(),
			"Speed": gen.UInt32(),
			"Turn":  gen.Int8().Map(func(v int8) Turn { return Turn(v) }),
		}))
	})
	t.Run("Say", func(t *testing.T) {
		codectest.Check[Say](t, gen.StrictStruct(reflect.TypeFor[Say](), map[string]gopter.Gen{
			"Seq":   gen.UInt16(),
			"Name":  codectest.BytesUpTo(30, false),
			"Words": codectest.BytesUpTo(200, false),
			"Mood":  gen.Int8(),
			"Path": gen.IntRange(0, 8).FlatMap(func(n any) gopter.Gen {
				return gen.SliceOfN(n.(int), vecGen())
			}, reflect.TypeFor[[]Vec]()),
		}))
	})
	t.Run("Trail", func(t *testing.T) {
		codectest.Check[Trail](t, gen.StrictStruct(reflect.TypeFor[Trail](), map[string]gopter.Gen{
			"Player": gen.UInt8(),
			"Points": gen.IntRange(0, 16).FlatMap(func(n any) gopter.Gen {
				return gen.SliceOfN(n.(int), vecGen())
			}, reflect.TypeFor[[]Vec]()),
		}), codectest.TakesRest())
	})
	t.Run("Bye", func(t *testing.T) {
		codectest.Check[Bye](t, gen.StrictStruct(reflect.TypeFor[Bye](), map[string]gopter.Gen{
			"Seq":    gen.UInt16(),
			"Reason": codectest.BytesUpTo(15, true),
		}))
	})
}

// TestGolden pins the little-endian layout, the big-endian UTF length and
// the marker.
func TestGolden(t *testing.T) {
	codectest.Golden(t, &Move{Pos: Vec{X: 1, Y: -2}, Angle: -1, Speed: 0x01020304, Turn: -2},
		"2a 01 | 0000803f 000000c0 | ffff | 04030201 | fe")
	codectest.Golden(t, &Say{Seq: 0x0102, Name: []byte("ab"), Words: []byte("c"), Mood: 3, Path: []Vec{{X: 0, Y: 1}}},
		"2a 02 0201 | 0002 6162 | 0100 63 | 03 | 01 | 00000000 0000803f")
	codectest.Golden(t, &Bye{Seq: 7, Reason: []byte("no")}, "2a 03 0700 | 6e6f00")
	codectest.Golden(t, &Trail{Player: 5, Points: []Vec{{X: 1}, {Y: 1}}}, "2a 04 05 | 0000803f 00000000 | 00000000 0000803f")
}

// TestDecodeErrors checks the marker, a count after a variable part and
// a datagram holding two messages.
func TestDecodeErrors(t *testing.T) {
	say, _ := (&Say{Name: []byte("a")}).MarshalBinary() // hops at 4+3+2+1 = 10
	tests := []struct {
		name  string
		m     wire.Message
		b     []byte
		kind  error
		field string
		off   int
	}{
		{"marker", new(Move), []byte("#\x01" + string(make([]byte, 15))), wire.ErrInvalid, "marker", 0},
		{"type", new(Bye), []byte("*\x01\x00\x00\x00"), wire.ErrInvalid, "type", 1},
		{"count over Max", new(Say), patch(say, 10, 9), wire.ErrTooLong, "hops", 10},
		{"list past the input", new(Say), patch(say, 10, 1), wire.ErrShort, "path", 11},
		{"a part of an entry", new(Trail), []byte("*\x04\x00" + string(make([]byte, 8+3))), wire.ErrShort, "points", 3},
		{"entries over Max", new(Trail), []byte("*\x04\x00" + string(make([]byte, 8*17))), wire.ErrTooLong, "points", 3},
		{"cstring over Max", new(Bye), []byte("*\x03\x00\x00xxxxxxxxxxxxxxxx"), wire.ErrTooLong, "reason", 4},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			codectest.DecodeFails(t, tt.m, tt.b, tt.kind, tt.field, tt.off)
		})
	}
	two := append(say, say...)
	if n, err := new(Say).Decode(two); err != nil || n != len(say) {
		t.Errorf("Decode of two messages = %d, %v; want the first, %d bytes", n, err, len(say))
	}
}

func patch(b []byte, i int, v byte) []byte {
	b = append([]byte(nil), b...)
	b[i] = v
	return b
}
