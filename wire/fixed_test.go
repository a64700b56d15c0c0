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

func TestBits(t *testing.T) {
	const v = 0xfedcba9876543210
	tests := []struct {
		lo, width uint
		want      uint64
	}{
		{0, 4, 0x0},
		{4, 8, 0x21},
		{60, 4, 0xf},
		{60, 8, 0xf}, // cut at bit 63
		{63, 1, 1},
		{0, 0, 0},
		{0, 64, v},
		{0, 100, v},
		{8, 64, v >> 8},
		{64, 8, 0},
		{100, 1, 0},
	}
	for _, tt := range tests {
		if got := wire.Bits(v, tt.lo, tt.width); got != tt.want {
			t.Errorf("Bits(%#x, %d, %d) = %#x, want %#x", uint64(v), tt.lo, tt.width, got, tt.want)
		}
	}
}

func TestSetBits(t *testing.T) {
	tests := []struct {
		v         uint64
		lo, width uint
		x, want   uint64
	}{
		{0, 4, 8, 0xbc, 0xbc0},
		{0xffff, 4, 8, 0, 0xf00f},
		{0, 0, 4, 0xff, 0xf}, // x wider than the field
		{0, 60, 8, 0xff, 0xf000000000000000},
		{0x1234, 64, 8, 0xff, 0x1234},
		{0x1234, 200, 8, 0xff, 0x1234},
		{0x1234, 0, 64, 0xabcd, 0xabcd},
		{0x1234, 0, 100, 0xabcd, 0xabcd},
		{0x1234, 0, 0, 0xff, 0x1234},
		{0, 63, 1, 1, 1 << 63},
	}
	for _, tt := range tests {
		if got := wire.SetBits(tt.v, tt.lo, tt.width, tt.x); got != tt.want {
			t.Errorf("SetBits(%#x, %d, %d, %#x) = %#x, want %#x", tt.v, tt.lo, tt.width, tt.x, got, tt.want)
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
