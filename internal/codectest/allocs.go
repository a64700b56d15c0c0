package codectest

import "testing"

// ExactAllocs returns how many heap allocations one call of pass makes,
// counted exactly: testing.AllocsPerRun with one run warms up once, then
// counts one whole pass with GOMAXPROCS at 1, dividing by nothing, so a
// few allocations over many thousands of inputs are not rounded down to
// zero as AllocsPerRun over many runs would.
//
// The runtime itself allocates now and then in the background (a GC
// cycle's own work lands in the count perhaps once in ten passes), so
// ExactAllocs measures up to three passes and returns the smallest count:
// an allocation made by the code under test happens in every pass and is
// never hidden. Under the race detector, which allocates on its own, it
// returns 0 without measuring; RaceEnabled tells.
func ExactAllocs(pass func()) float64 {
	if RaceEnabled {
		return 0
	}
	least := testing.AllocsPerRun(1, pass)
	for i := 0; i < 2 && least > 0; i++ {
		least = min(least, testing.AllocsPerRun(1, pass))
	}
	return least
}
