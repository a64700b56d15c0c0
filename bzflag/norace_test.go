//go:build !race

package bzflag_test

// raceEnabled is true under the race detector, which makes allocation
// counts meaningless.
const raceEnabled = false
