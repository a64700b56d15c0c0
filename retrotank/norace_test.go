//go:build !race

package retrotank_test

const raceEnabled = false
