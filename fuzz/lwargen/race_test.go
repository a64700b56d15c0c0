//go:build race

package lwargen_test

const raceEnabled = true
