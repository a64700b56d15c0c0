package tfighters_test

import (
	"testing"

	"github.com/gamewire/gamewire/fuzz/tfightersgen"
	"github.com/gamewire/gamewire/tfighters"
)

// TestContract runs the shared harness (internal/codectest) on the Go type
// of every form of the table, with the generator of any value that
// encodes and with the one of valid values (fuzz/tfightersgen).
func TestContract(t *testing.T) {
	tab := tfighters.Table()
	for i := range tab.Forms {
		f := &tab.Forms[i]
		t.Run(f.Type, func(t *testing.T) {
			if !tfightersgen.Contract(t, f) {
				t.Errorf("%s (%s) has no generator in fuzz/tfightersgen", f.Name, f.Type)
			}
		})
	}
}
