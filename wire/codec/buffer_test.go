package codec_test

import (
	"bytes"
	"testing"

	"github.com/gamewire/gamewire/wire/codec"
)

func TestPutAndGrow(t *testing.T) {
	for _, o := range []codec.Order{codec.BigEndian, codec.LittleEndian} {
		b := make([]byte, 30)
		o.PutU16(b, 0x1234)
		o.PutU32(b[2:], 0x56789abc)
		o.PutU64(b[6:], 0x0102030405060708)
		o.PutF32(b[14:], -1.5)
		o.PutF64(b[18:], 2.25)
		if o.U16(b) != 0x1234 || o.U32(b[2:]) != 0x56789abc || o.U64(b[6:]) != 0x0102030405060708 || o.F32(b[14:]) != -1.5 || o.F64(b[18:]) != 2.25 {
			t.Errorf("%v: Put then read differs: % x", o, b)
		}
		var want []byte
		want = o.AppendU16(want, 0x1234)
		want = o.AppendU32(want, 0x56789abc)
		want = o.AppendU64(want, 0x0102030405060708)
		want = o.AppendF32(want, -1.5)
		want = o.AppendF64(want, 2.25)
		if !bytes.Equal(want, b[:len(want)]) {
			t.Errorf("%v: Put and Append differ: % x, % x", o, b[:len(want)], want)
		}
	}
	b := []byte{1, 2}
	grown, p := codec.Grow(b, 3)
	if len(grown) != 5 || len(p) != 3 || grown[0] != 1 || grown[1] != 2 || &p[0] != &grown[2] {
		t.Errorf("Grow = % x, % x", grown, p)
	}
	roomy := make([]byte, 1, 10)
	g2, _ := codec.Grow(roomy, 4)
	if &g2[0] != &roomy[0] || len(g2) != 5 {
		t.Error("Grow reallocated with capacity to spare")
	}
	if n := testing.AllocsPerRun(100, func() { codec.Grow(roomy, 9) }); n != 0 {
		t.Errorf("Grow with capacity allocates %v", n)
	}
}

func TestResize(t *testing.T) {
	s := make([]int, 1, 8)
	r := codec.Resize(s, 5)
	if len(r) != 5 || cap(r) != 8 || &r[0] != &s[0] {
		t.Errorf("Resize to 5 within capacity 8: len %d cap %d, new storage %v", len(r), cap(r), &r[0] != &s[0])
	}
	if r := codec.Resize(s, 9); len(r) != 9 {
		t.Errorf("Resize to 9: len %d", len(r))
	}
}
