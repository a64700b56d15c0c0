package lwar_test

import (
	"testing"

	"github.com/gamewire/gamewire/fuzz/lwargen"
	"github.com/gamewire/gamewire/internal/codectest"
	"github.com/gamewire/gamewire/lwar"
)

// lists bounds the samples for the counted lists: a value may hold 255
// entries (2.8 kB), and the harness decodes every prefix of it.
var lists = codectest.Samples(samples(60))

// samples returns n, or a fifth of it under the race detector, which runs
// these loops ten times slower and looks for races, not for inputs (the
// package's tests hit the 10-minute limit with -race -count=3 otherwise).
func samples(n int) int {
	if raceEnabled {
		return max(n/5, 10)
	}
	return n
}

// TestContract runs the shared harness on every form of the table, with
// the form's generator from lwargen and its type from its golden vector.
func TestContract(t *testing.T) {
	tab := lwar.Table()
	for i := range tab.Forms {
		f := &tab.Forms[i]
		t.Run(f.Name, func(t *testing.T) {
			for _, g := range golden {
				if g.msg.Form() != f {
					continue
				}
				var opts []codectest.Option
				for _, fl := range f.Layout() {
					if fl.Type == "list" {
						opts = append(opts, lists)
					}
				}
				g.check(t, opts...)
				return
			}
			t.Fatalf("no golden vector for %s", f.Name)
		})
	}
	t.Run("Header", func(t *testing.T) {
		codectest.Check[lwar.Header](t, lwargen.Header())
	})
}
