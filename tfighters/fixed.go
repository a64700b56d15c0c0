package tfighters

import "math"

// rounding says how toFixed turns a scaled value into an integer.
type rounding uint8

const (
	// truncate rounds toward zero, as a C cast from double to int does.
	truncate rounding = iota
	// roundHalfAway rounds to the nearest integer, halves away from zero.
	roundHalfAway
	// roundHalfEven rounds to the nearest integer, halves to even.
	roundHalfEven
)

// fromFixed returns the value a scaled fixed-point integer stands for:
// v / scale. A protocol that sends 12.34 as 1234 has scale 100.
func fromFixed(v int64, scale float64) float64 { return float64(v) / scale }

// toFixed returns v*scale as an integer, rounded as r says. NaN gives 0;
// values beyond the int64 range saturate. Narrow the result to the
// field's width yourself and check its range with the protocol's rules.
func toFixed(v float64, scale float64, r rounding) int64 {
	x := v * scale
	switch r {
	case roundHalfAway:
		x = math.Round(x)
	case roundHalfEven:
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
