//go:build race

package retrotank_test

const raceEnabled = true
