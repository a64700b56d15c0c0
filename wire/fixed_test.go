package wire_test

import (
	"math"
	"math/rand"
	"testing"

	"github.com/gamewire/gamewire/wire"
)

func TestToFixed(t *testing.T) {
	const (
		trunc = wire.Truncate
		away  = wire.RoundHalfAway
		even  = wire.RoundHalfEven
	)
	nan, inf := math.NaN(), math.Inf(1)
	tests := []struct {
		v, scale float64
		r        wire.Rounding
		want     int64
	}{
		{1.5, 1, trunc, 1},
		{-1.5, 1, trunc, -1},
		{2.5, 1, trunc, 2},
		{0.999, 1, trunc, 0},
		{-0.999, 1, trunc, 0},
		{1.25, 2, trunc, 2},
		{0.5, 1, away, 1},
		{1.5, 1, away, 2},
		{2.5, 1, away, 3},
		{-0.5, 1, away, -1},
		{-2.5, 1, away, -3},
		{2.4999, 1, away, 2},
		{-0.75, 2, away, -2},
		{0.5, 1, even, 0},
		{1.5, 1, even, 2},
		{2.5, 1, even, 2},
		{3.5, 1, even, 4},
		{-0.5, 1, even, 0},
		{-1.5, 1, even, -2},
		{-2.5, 1, even, -2},
		{-0.75, 2, even, -2},
		{1.25, 2, even, 2},
		{12.5, 100, even, 1250},
		{nan, 1, trunc, 0},
		{nan, 1, away, 0},
		{nan, 1, even, 0},
		{0, inf, trunc, 0}, // 0 * Inf is NaN
		{inf, 1, trunc, math.MaxInt64},
		{inf, 1, away, math.MaxInt64},
		{-inf, 1, even, math.MinInt64},
		{1e300, 1, trunc, math.MaxInt64},
		{-1e300, 1, away, math.MinInt64},
		{1, inf, even, math.MaxInt64},
		{0x1p63, 1, trunc, math.MaxInt64},
		{-0x1p63, 1, trunc, math.MinInt64},
		{0x1p63 - 1024, 1, trunc, 1<<63 - 1024}, // the largest float64 below 2^63
		{-0x1p62, 1, even, -1 << 62},
	}
	for _, tt := range tests {
		if got := wire.ToFixed(tt.v, tt.scale, tt.r); got != tt.want {
			t.Errorf("ToFixed(%v, %v, %d) = %d, want %d", tt.v, tt.scale, tt.r, got, tt.want)
		}
	}
}

func TestFromFixed(t *testing.T) {
	tests := []struct {
		v     int64
		scale float64
		want  float64
	}{
		{1234, 100, 12.34},
		{-5, 2, -2.5},
		{0, 1, 0},
		{1, 1 << 20, 0x1p-20},
		{math.MaxInt64, 1, 0x1p63},
	}
	for _, tt := range tests {
		if got := wire.FromFixed(tt.v, tt.scale); got != tt.want {
			t.Errorf("FromFixed(%d, %v) = %v, want %v", tt.v, tt.scale, got, tt.want)
		}
	}
}

// TestFixedPointRoundTrip: an integer read off the wire, turned into a
// float and back with rounding, is the same integer.
func TestFixedPointRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewSource(5))
	for range 10000 {
		v := rng.Int63n(1<<40) - 1<<39
		for _, scale := range []float64{1, 2, 10, 100, 1000, 1 << 16} {
			for _, r := range []wire.Rounding{wire.RoundHalfAway, wire.RoundHalfEven} {
				if got := wire.ToFixed(wire.FromFixed(v, scale), scale, r); got != v {
					t.Fatalf("ToFixed(FromFixed(%d, %v), %v, %d) = %d", v, scale, scale, r, got)
				}
			}
		}
	}
}

// bitsRef is Bits bit by bit: bit i of the field is bit lo+i of v, for
// the bits v has.
func bitsRef(v uint64, lo, width uint) (f uint64) {
	for i := uint(0); i < width && lo+i < 64; i++ {
		f |= (v >> (lo + i) & 1) << i
	}
	return f
}

// setBitsRef is SetBits bit by bit: bit lo+i of v becomes bit i of x, for
// the bits v has.
func setBitsRef(v uint64, lo, width uint, x uint64) uint64 {
	for i := uint(0); i < width && lo+i < 64; i++ {
		v = v&^(1<<(lo+i)) | (x>>i&1)<<(lo+i)
	}
	return v
}

// TestBits checks Bits and SetBits against bitsRef and setBitsRef for
// every start up to 200 and width up to 100 (fields cut at bit 63, or
// wholly past it), on a few values.
func TestBits(t *testing.T) {
	rng := rand.New(rand.NewSource(5))
	for _, v := range []uint64{0xfedcba9876543210, 0, math.MaxUint64, rng.Uint64()} {
		x := rng.Uint64()
		for lo := uint(0); lo <= 200; lo++ {
			for width := uint(0); width <= 100; width++ {
				if got, want := wire.Bits(v, lo, width), bitsRef(v, lo, width); got != want {
					t.Fatalf("Bits(%#x, %d, %d) = %#x, want %#x", v, lo, width, got, want)
				}
				if got, want := wire.SetBits(v, lo, width, x), setBitsRef(v, lo, width, x); got != want {
					t.Fatalf("SetBits(%#x, %d, %d, %#x) = %#x, want %#x", v, lo, width, x, got, want)
				}
			}
		}
	}
}

// TestBitsRoundTrip: a field set reads back as its low bits (cut at bit
// 63), and the other bits of v are untouched.
func TestBitsRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewSource(6))
	for range 10000 {
		v, x := rng.Uint64(), rng.Uint64()
		lo, width := uint(rng.Intn(70)), uint(rng.Intn(70))
		set := wire.SetBits(v, lo, width, x)
		var want uint64
		if lo < 64 {
			w := min(width, 64-lo)
			want = x
			if w < 64 {
				want &= 1<<w - 1
			}
		}
		if got := wire.Bits(set, lo, width); got != want {
			t.Fatalf("Bits(SetBits(%#x, %d, %d, %#x)) = %#x, want %#x", v, lo, width, x, got, want)
		}
		if back := wire.SetBits(set, lo, width, wire.Bits(v, lo, width)); back != v {
			t.Fatalf("restoring the field of %#x (lo %d, width %d) gave %#x", v, lo, width, back)
		}
	}
}
