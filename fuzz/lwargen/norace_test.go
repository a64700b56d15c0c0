//go:build !race

package lwargen_test

const raceEnabled = false
