//go:build race

package tfighters_test

// raceEnabled: the race detector allocates, so exact counts are off.
const raceEnabled = true
