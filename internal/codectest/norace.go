//go:build !race

package codectest

// RaceEnabled reports whether the race detector is on (exact allocation
// counts are then meaningless).
const RaceEnabled = false
