//go:build !race

package gentest

const raceEnabled = false
