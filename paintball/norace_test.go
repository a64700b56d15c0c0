//go:build !race

package paintball_test

const raceEnabled = false
