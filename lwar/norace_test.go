//go:build !race

package lwar_test

const raceEnabled = false
