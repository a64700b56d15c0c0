package paintball

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/gamewire/gamewire/wire"
	"github.com/gamewire/gamewire/wire/codec"
)

// TestValidFacing: validFacing, one test of the exponent bits, answers as
// the rule's words do (not NaN, not infinite), for the special values,
// their neighbours and random bit patterns.
func TestValidFacing(t *testing.T) {
	plain := func(f float64) bool { return !math.IsNaN(f) && !math.IsInf(f, 0) }
	fs := []float64{0, math.Copysign(0, -1), 1, -1, math.Pi, math.MaxFloat64, -math.MaxFloat64,
		math.SmallestNonzeroFloat64, math.Inf(1), math.Inf(-1), math.NaN(),
		math.Float64frombits(0x7ff0000000000001), math.Float64frombits(0xfff8000000000000),
		math.Float64frombits(0x7fefffffffffffff), math.Nextafter(math.MaxFloat64, math.Inf(1))}
	r := rand.New(rand.NewPCG(1, 2))
	for range 100000 {
		bits := r.Uint64()
		if r.IntN(4) == 0 {
			bits |= expBits // the exponent of NaN and the infinities
		}
		fs = append(fs, math.Float64frombits(bits))
	}
	for _, f := range fs {
		if got, want := validFacing(f), plain(f); got != want {
			t.Errorf("validFacing(%#x) = %v, want %v", math.Float64bits(f), got, want)
		}
	}
}

// TestSplitArrays: for every type under 256, the arrays split reads first
// (fixedSizes, countAt) measure a packet as the table's lookup does: a
// fixed form by its size, a variable one by the count at the offset of
// its last field.
func TestSplitArrays(t *testing.T) {
	for c := range uint32(256) {
		f := table.Lookup(c, wire.Both)
		size, at := 0, 0
		if f != nil && f.Fixed() {
			size = f.Size
		} else if f != nil {
			lay := f.Layout()
			at = lay[len(lay)-1].Offset
		}
		if int(fixedSizes[c]) != size || int(countAt[c]) != at {
			t.Errorf("type %#x: fixedSizes %d, countAt %d; want %d, %d", c, fixedSizes[c], countAt[c], size, at)
		}
		if at == 0 {
			continue
		}
		b := codec.BigEndian.AppendU16([]byte{Marker, 0, byte(c)}, 0)
		b = append(b[:at], 0, 7)
		for k := range len(b) {
			if n, err := split(table, b[:k]); n != 0 || err != nil {
				t.Errorf("type %#x: split of %d bytes = %d, %v", c, k, n, err)
			}
		}
		if n, err := split(table, b); n != at+2+7 || err != nil {
			t.Errorf("type %#x: split = %d, %v; want %d", c, n, err, at+2+7)
		}
	}
}
