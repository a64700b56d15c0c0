package wire_test

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"math/rand"
	"reflect"
	"slices"
	"testing"

	"github.com/gamewire/gamewire/wire"
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

// orderMethod is the Append method and the read method of wire.Order for
// one type of orderGoldens, with the value as an any.
type orderMethod struct {
	append func(o wire.Order, b []byte, v any) []byte
	read   func(o wire.Order, b []byte) any
}

func methodsOf[T any](app func(wire.Order, []byte, T) []byte, read func(wire.Order, []byte) T) orderMethod {
	return orderMethod{
		append: func(o wire.Order, b []byte, v any) []byte { return app(o, b, v.(T)) },
		read:   func(o wire.Order, b []byte) any { return read(o, b) },
	}
}

// orderMethods holds the methods of every type of orderGoldens.
var orderMethods = map[reflect.Type]orderMethod{
	reflect.TypeFor[uint16]():  methodsOf(wire.Order.AppendU16, wire.Order.U16),
	reflect.TypeFor[uint32]():  methodsOf(wire.Order.AppendU32, wire.Order.U32),
	reflect.TypeFor[uint64]():  methodsOf(wire.Order.AppendU64, wire.Order.U64),
	reflect.TypeFor[int16]():   methodsOf(wire.Order.AppendI16, wire.Order.I16),
	reflect.TypeFor[int32]():   methodsOf(wire.Order.AppendI32, wire.Order.I32),
	reflect.TypeFor[int64]():   methodsOf(wire.Order.AppendI64, wire.Order.I64),
	reflect.TypeFor[float32](): methodsOf(wire.Order.AppendF32, wire.Order.F32),
	reflect.TypeFor[float64](): methodsOf(wire.Order.AppendF64, wire.Order.F64),
}

// appendValue calls the Append method of o for v's type.
func appendValue(o wire.Order, b []byte, v any) []byte {
	return orderMethods[reflect.TypeOf(v)].append(o, b, v)
}

// readValue calls the read method of o for like's type.
func readValue(o wire.Order, b []byte, like any) any {
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
			o    wire.Order
			want []byte
		}{{wire.BigEndian, unhex(g.big)}, {wire.LittleEndian, unhex(g.little)}} {
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
			big := appendValue(wire.BigEndian, nil, v)
			little := appendValue(wire.LittleEndian, nil, v)
			slices.Reverse(little)
			if !bytes.Equal(big, little) {
				t.Fatalf("%T %v: big % x, little reversed % x", v, v, big, little)
			}
			slices.Reverse(little)
			for _, c := range []struct {
				o wire.Order
				b []byte
			}{{wire.BigEndian, big}, {wire.LittleEndian, little}} {
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
		for _, o := range []wire.Order{wire.BigEndian, wire.LittleEndian} {
			for _, w := range []struct {
				want []byte // x's low bytes, as the width's own method appends them
				v    uint64 // and their value
			}{
				{wire.AppendU8(nil, uint8(x)), uint64(uint8(x))},
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
	if got := wire.BigEndian.Uint(b); got != 0x0102030405060708 {
		t.Errorf("Uint of 9 bytes = %#x", got)
	}
	wire.LittleEndian.PutUint(b, 0x1112131415161718)
	if want := unhex("18 17 16 15 14 13 12 11 09"); !bytes.Equal(b, want) {
		t.Errorf("PutUint into 9 bytes: % x, want % x", b, want)
	}
}

func TestOrderString(t *testing.T) {
	for _, c := range []struct {
		o    wire.Order
		want string
	}{{wire.BigEndian, "big-endian"}, {wire.LittleEndian, "little-endian"}} {
		if got := c.o.String(); got != c.want {
			t.Errorf("%d.String() = %q, want %q", c.o, got, c.want)
		}
	}
}

func TestAppendFuncs(t *testing.T) {
	long255 := bytes.Repeat([]byte{'x'}, 255)
	long65535 := bytes.Repeat([]byte{'y'}, 65535)
	must := func(b []byte, err error) []byte {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	tests := []struct {
		name string
		got  []byte
		want []byte
	}{
		{"AppendU8", wire.AppendU8([]byte{0xaa}, 0x01), unhex("aa 01")},
		{"AppendU8/ff", wire.AppendU8(nil, 0xff), unhex("ff")},
		{"AppendI8", wire.AppendI8(nil, -1), unhex("ff")},
		{"AppendI8/min", wire.AppendI8([]byte{0xaa}, math.MinInt8), unhex("aa 80")},
		{"AppendCString", wire.AppendCString([]byte{0xaa}, []byte("abc")), unhex("aa 61 62 63 00")},
		{"AppendCString/empty", wire.AppendCString(nil, nil), unhex("00")},
		{"AppendBytes8", must(wire.AppendBytes8([]byte{0xaa}, []byte("ab"))), unhex("aa 02 61 62")},
		{"AppendBytes8/empty", must(wire.AppendBytes8(nil, nil)), unhex("00")},
		{"AppendBytes8/255", must(wire.AppendBytes8(nil, long255)), append([]byte{0xff}, long255...)},
		{"AppendBytes16/big", must(wire.BigEndian.AppendBytes16([]byte{0xaa}, []byte("ab"))), unhex("aa 00 02 61 62")},
		{"AppendBytes16/little", must(wire.LittleEndian.AppendBytes16([]byte{0xaa}, []byte("ab"))), unhex("aa 02 00 61 62")},
		{"AppendBytes16/65535", must(wire.LittleEndian.AppendBytes16(nil, long65535)), append([]byte{0xff, 0xff}, long65535...)},
		{"AppendUTF", must(wire.AppendUTF([]byte{0xaa}, []byte("ab"))), unhex("aa 00 02 61 62")},
		{"AppendUTF/empty", must(wire.AppendUTF(nil, nil)), unhex("00 00")},
		{"AppendUTF/255", must(wire.AppendUTF(nil, long255)), append([]byte{0x00, 0xff}, long255...)},
		{"AppendJavaChar", wire.AppendJavaChar([]byte{0xaa}, 0x00e9), unhex("aa 00 e9")},
		{"AppendJavaChar/surrogate", wire.AppendJavaChar(nil, 0xd83d), unhex("d8 3d")},
	}
	for _, tt := range tests {
		if !bytes.Equal(tt.got, tt.want) {
			t.Errorf("%s = % x, want % x", tt.name, tt.got, tt.want)
		}
	}
}

// TestAppendTooLong checks that a string too long for its length prefix
// fails with ErrTooLong and appends nothing.
func TestAppendTooLong(t *testing.T) {
	tests := []struct {
		name string
		app  func(b, s []byte) ([]byte, error)
		max  int
	}{
		{"AppendBytes8", wire.AppendBytes8, 255},
		{"AppendBytes16/big", wire.BigEndian.AppendBytes16, 65535},
		{"AppendBytes16/little", wire.LittleEndian.AppendBytes16, 65535},
		{"AppendUTF", wire.AppendUTF, 65535},
	}
	for _, tt := range tests {
		prefix := []byte{0xaa, 0xbb}
		b, err := tt.app(prefix, make([]byte, tt.max+1))
		// coverage: these return the bare sentinel, not a *wire.Error; the
		// caller knows the field and adds the place.
		if !errors.Is(err, wire.ErrTooLong) {
			t.Errorf("%s(%d bytes) error = %v, want ErrTooLong", tt.name, tt.max+1, err)
		}
		if !bytes.Equal(b, []byte{0xaa, 0xbb}) {
			t.Errorf("%s(%d bytes) = % x, want the input aa bb unchanged", tt.name, tt.max+1, b)
		}
	}
}
