//go:build race

package gentest

// raceEnabled: the race detector slows gopter's reflection.
const raceEnabled = true
