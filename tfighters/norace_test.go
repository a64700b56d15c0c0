//go:build !race

package tfighters_test

const raceEnabled = false
