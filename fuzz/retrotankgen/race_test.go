//go:build race

package retrotankgen_test

const raceEnabled = true
