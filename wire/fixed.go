package wire

import "math"

// Rounding says how ToFixed turns a scaled value into an integer.
type Rounding uint8

const (
	// Truncate rounds toward zero, as a C cast from double to int does.
	Truncate Rounding = iota
	// RoundHalfAway rounds to the nearest integer, halves away from zero.
	RoundHalfAway
	// RoundHalfEven rounds to the nearest integer, halves to even.
	RoundHalfEven
)

// FromFixed returns the value a scaled fixed-point integer stands for:
// v / scale. A protocol that sends 12.34 as 1234 has scale 100.
func FromFixed(v int64, scale float64) float64 { return float64(v) / scale }

// ToFixed returns v*scale as an integer, rounded as r says. NaN gives 0;
// values beyond the int64 range saturate. Narrow the result to the
// field's width yourself and check its range with the protocol's rules.
func ToFixed(v float64, scale float64, r Rounding) int64 {
	x := v * scale
	switch r {
	case RoundHalfAway:
		x = math.Round(x)
	case RoundHalfEven:
		x = math.RoundToEven(x)
	default:
		x = math.Trunc(x)
	}
	switch {
	case x != x:
		return 0
	case x >= math.MaxInt64:
		return math.MaxInt64
	case x <= math.MinInt64:
		return math.MinInt64
	}
	return int64(x)
}

// Bits returns the width-bit field of v that starts at bit lo (bit 0 is
// the least significant). Fields reaching past bit 63 are cut there.
func Bits(v uint64, lo, width uint) uint64 {
	if lo >= 64 {
		return 0
	}
	return (v >> lo) & mask(width)
}

// SetBits returns v with the width-bit field at bit lo replaced by the low
// width bits of x.
func SetBits(v uint64, lo, width uint, x uint64) uint64 {
	if lo >= 64 {
		return v
	}
	m := mask(width) << lo
	return v&^m | (x<<lo)&m
}

func mask(width uint) uint64 {
	if width >= 64 {
		return math.MaxUint64
	}
	return 1<<width - 1
}
