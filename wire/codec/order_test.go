package codec_test

import (
	"bytes"
	"encoding/hex"
	"fmt"
	"math"
	"math/rand"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/gamewire/gamewire/wire/codec"
)

// orderGoldens are values with their encodings in both byte orders, written
// out by hand. Floats are compared by their bits, so NaN payloads, the sign
// of zero and infinities must come back exactly.
var orderGoldens = []struct {
	v           any // uint16, uint32, uint64, int16, int32, int64, float32 or float64
	big, little string
}{
	{uint16(0), "00 00", "00 00"},
	{uint16(0x0102), "01 02", "02 01"},
	{uint16(0xfffe), "ff fe", "fe ff"},
	{uint32(0x01020304), "01 02 03 04", "04 03 02 01"},
	{uint32(0xdeadbeef), "de ad be ef", "ef be ad de"},
	{uint64(0x0102030405060708), "01 02 03 04 05 06 07 08", "08 07 06 05 04 03 02 01"},
	{uint64(math.MaxUint64), "ff ff ff ff ff ff ff ff", "ff ff ff ff ff ff ff ff"},
	{int16(0x0102), "01 02", "02 01"},
	{int16(-2), "ff fe", "fe ff"},
	{int16(math.MinInt16), "80 00", "00 80"},
	{int32(-2), "ff ff ff fe", "fe ff ff ff"},
	{int32(math.MinInt32), "80 00 00 00", "00 00 00 80"},
	{int32(math.MaxInt32), "7f ff ff ff", "ff ff ff 7f"},
	{int64(-1), "ff ff ff ff ff ff ff ff", "ff ff ff ff ff ff ff ff"},
	{int64(-0x0102030405060708), "fe fd fc fb fa f9 f8 f8", "f8 f8 f9 fa fb fc fd fe"},
	{int64(math.MaxInt64), "7f ff ff ff ff ff ff ff", "ff ff ff ff ff ff ff 7f"},
	{float32(1), "3f 80 00 00", "00 00 80 3f"},
	{float32(-2.5), "c0 20 00 00", "00 00 20 c0"},
	{f32(0x80000000), "80 00 00 00", "00 00 00 80"}, // -0
	{float32(math.Inf(1)), "7f 80 00 00", "00 00 80 7f"},
	{float32(math.Inf(-1)), "ff 80 00 00", "00 00 80 ff"},
	{f32(0x7fc00001), "7f c0 00 01", "01 00 c0 7f"}, // quiet NaN, payload 1
	{f32(0x7f800001), "7f 80 00 01", "01 00 80 7f"}, // signalling NaN
	{f32(0xffbfffff), "ff bf ff ff", "ff ff bf ff"}, // negative signalling NaN
	{f32(0x00000001), "00 00 00 01", "01 00 00 00"}, // smallest subnormal
	{float64(1), "3f f0 00 00 00 00 00 00", "00 00 00 00 00 00 f0 3f"},
	{float64(-2.5), "c0 04 00 00 00 00 00 00", "00 00 00 00 00 00 04 c0"},
	{f64(0x8000000000000000), "80 00 00 00 00 00 00 00", "00 00 00 00 00 00 00 80"}, // -0
	{math.Inf(1), "7f f0 00 00 00 00 00 00", "00 00 00 00 00 00 f0 7f"},
	{math.Inf(-1), "ff f0 00 00 00 00 00 00", "00 00 00 00 00 00 f0 ff"},
	{f64(0x7ff0000000000001), "7f f0 00 00 00 00 00 01", "01 00 00 00 00 00 f0 7f"}, // signalling NaN
	{f64(0xfff8000000000abc), "ff f8 00 00 00 00 0a bc", "bc 0a 00 00 00 00 f8 ff"}, // quiet NaN with payload
	{f64(1), "00 00 00 00 00 00 00 01", "01 00 00 00 00 00 00 00"},                  // smallest subnormal
}

// orderMethod is the Append method and the read method of codec.Order for
// one type of orderGoldens, with the value as an any.
type orderMethod struct {
	append func(o codec.Order, b []byte, v any) []byte
	read   func(o codec.Order, b []byte) any
}

func methodsOf[T any](app func(codec.Order, []byte, T) []byte, read func(codec.Order, []byte) T) orderMethod {
	return orderMethod{
		append: func(o codec.Order, b []byte, v any) []byte { return app(o, b, v.(T)) },
		read:   func(o codec.Order, b []byte) any { return read(o, b) },
	}
}

// orderMethods holds the methods of every type of orderGoldens.
var orderMethods = map[reflect.Type]orderMethod{
	reflect.TypeFor[uint16]():  methodsOf(codec.Order.AppendU16, codec.Order.U16),
	reflect.TypeFor[uint32]():  methodsOf(codec.Order.AppendU32, codec.Order.U32),
	reflect.TypeFor[uint64]():  methodsOf(codec.Order.AppendU64, codec.Order.U64),
	reflect.TypeFor[int16]():   methodsOf(codec.Order.AppendI16, codec.Order.I16),
	reflect.TypeFor[int32]():   methodsOf(codec.Order.AppendI32, codec.Order.I32),
	reflect.TypeFor[int64]():   methodsOf(codec.Order.AppendI64, codec.Order.I64),
	reflect.TypeFor[float32](): methodsOf(codec.Order.AppendF32, codec.Order.F32),
	reflect.TypeFor[float64](): methodsOf(codec.Order.AppendF64, codec.Order.F64),
}

// appendValue calls the Append method of o for v's type.
func appendValue(o codec.Order, b []byte, v any) []byte {
	return orderMethods[reflect.TypeOf(v)].append(o, b, v)
}

// readValue calls the read method of o for like's type.
func readValue(o codec.Order, b []byte, like any) any {
	return orderMethods[reflect.TypeOf(like)].read(o, b)
}

// sameValue reports whether a and b have the same type and value, floats
// compared by their bits.
func sameValue(a, b any) bool {
	switch a := a.(type) {
	case float32:
		b, ok := b.(float32)
		return ok && math.Float32bits(a) == math.Float32bits(b)
	case float64:
		b, ok := b.(float64)
		return ok && math.Float64bits(a) == math.Float64bits(b)
	}
	return a == b
}

func TestOrderGolden(t *testing.T) {
	for _, g := range orderGoldens {
		for _, c := range []struct {
			o    codec.Order
			want []byte
		}{{codec.BigEndian, unhex(g.big)}, {codec.LittleEndian, unhex(g.little)}} {
			name := fmt.Sprintf("%T/%v/%s", g.v, g.v, c.o)
			t.Run(name, func(t *testing.T) {
				if got := appendValue(c.o, nil, g.v); !bytes.Equal(got, c.want) {
					t.Errorf("append to nil = % x, want % x", got, c.want)
				}
				prefix := []byte{0xaa, 0xbb}
				if got := appendValue(c.o, prefix, g.v); !bytes.Equal(got, append([]byte{0xaa, 0xbb}, c.want...)) {
					t.Errorf("append to aa bb = % x, want aa bb % x", got, c.want)
				}
				// Bytes past the value are ignored.
				in := append(slices.Clone(c.want), 0x55, 0x55)
				if got := readValue(c.o, in, g.v); !sameValue(got, g.v) {
					t.Errorf("read % x = %v, want %v", in, got, g.v)
				}
			})
		}
	}
}

// TestOrderMirror checks on random values that each little-endian encoding
// is the big-endian one reversed, and that every value reads back.
func TestOrderMirror(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	for range 1000 {
		x := rng.Uint64()
		for _, v := range []any{
			uint16(x), uint32(x), x, int16(x), int32(x), int64(x),
			f32(uint32(x)), f64(x),
		} {
			big := appendValue(codec.BigEndian, nil, v)
			little := appendValue(codec.LittleEndian, nil, v)
			slices.Reverse(little)
			if !bytes.Equal(big, little) {
				t.Fatalf("%T %v: big % x, little reversed % x", v, v, big, little)
			}
			slices.Reverse(little)
			for _, c := range []struct {
				o codec.Order
				b []byte
			}{{codec.BigEndian, big}, {codec.LittleEndian, little}} {
				if got := readValue(c.o, c.b, v); !sameValue(got, v) {
					t.Fatalf("%T %v %s: read back %v", v, v, c.o, got)
				}
			}
		}
	}
}

// TestOrderUint checks Uint and PutUint, an integer of any width, against
// the methods of each width, on random values: PutUint stores the low
// bytes of the value as the width's Put does, and Uint reads them back.
func TestOrderUint(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	for range 1000 {
		x := rng.Uint64()
		for _, o := range []codec.Order{codec.BigEndian, codec.LittleEndian} {
			for _, w := range []struct {
				want []byte // x's low bytes, as the width's own method appends them
				v    uint64 // and their value
			}{
				{[]byte{uint8(x)}, uint64(uint8(x))},
				{o.AppendU16(nil, uint16(x)), uint64(uint16(x))},
				{o.AppendU32(nil, uint32(x)), uint64(uint32(x))},
				{o.AppendU64(nil, x), x},
			} {
				b := bytes.Repeat([]byte{0x55}, len(w.want)+1)
				o.PutUint(b[:len(w.want)], x)
				if !bytes.Equal(b[:len(w.want)], w.want) || b[len(w.want)] != 0x55 {
					t.Fatalf("%s PutUint(%d bytes, %#x) = % x, want % x then 55", o, len(w.want), x, b, w.want)
				}
				if got := o.Uint(w.want); got != w.v {
					t.Fatalf("%s Uint(% x) = %#x, want %#x", o, w.want, got, w.v)
				}
			}
		}
	}
	// Another length goes as the 8-byte width: its first 8 bytes.
	b := unhex("01 02 03 04 05 06 07 08 09")
	if got := codec.BigEndian.Uint(b); got != 0x0102030405060708 {
		t.Errorf("Uint of 9 bytes = %#x", got)
	}
	codec.LittleEndian.PutUint(b, 0x1112131415161718)
	if want := unhex("18 17 16 15 14 13 12 11 09"); !bytes.Equal(b, want) {
		t.Errorf("PutUint into 9 bytes: % x, want % x", b, want)
	}
}

func TestOrderString(t *testing.T) {
	for _, c := range []struct {
		o    codec.Order
		want string
	}{{codec.BigEndian, "big-endian"}, {codec.LittleEndian, "little-endian"}} {
		if got := c.o.String(); got != c.want {
			t.Errorf("%d.String() = %q, want %q", c.o, got, c.want)
		}
	}
}

func unhex(s string) []byte {
	b, err := hex.DecodeString(strings.ReplaceAll(s, " ", ""))
	if err != nil {
		panic(err)
	}
	return b
}

func f32(bits uint32) float32 { return math.Float32frombits(bits) }
func f64(bits uint64) float64 { return math.Float64frombits(bits) }
