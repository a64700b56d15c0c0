//go:build race

package compare

// raceEnabled is true under the race detector, which makes allocation
// counts meaningless.
const raceEnabled = true
