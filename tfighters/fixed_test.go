package tfighters

import (
	"math"
	"math/rand"
	"testing"
)

func TestToFixed(t *testing.T) {
	const (
		trunc = truncate
		away  = roundHalfAway
		even  = roundHalfEven
	)
	nan, inf := math.NaN(), math.Inf(1)
	tests := []struct {
		v, scale float64
		r        rounding
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
		if got := toFixed(tt.v, tt.scale, tt.r); got != tt.want {
			t.Errorf("toFixed(%v, %v, %d) = %d, want %d", tt.v, tt.scale, tt.r, got, tt.want)
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
		if got := fromFixed(tt.v, tt.scale); got != tt.want {
			t.Errorf("fromFixed(%d, %v) = %v, want %v", tt.v, tt.scale, got, tt.want)
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
			for _, r := range []rounding{roundHalfAway, roundHalfEven} {
				if got := toFixed(fromFixed(v, scale), scale, r); got != v {
					t.Fatalf("toFixed(fromFixed(%d, %v), %v, %d) = %d", v, scale, scale, r, got)
				}
			}
		}
	}
}
