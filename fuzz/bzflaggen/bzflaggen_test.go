package bzflaggen_test

import (
	"testing"

	"github.com/gamewire/gamewire/fuzz/bzflaggen"
)

// TestEveryForm checks the coverage promise against the table: every form
// of bzflag.Table() has a generator.
func TestEveryForm(t *testing.T) {
	if m := bzflaggen.Missing(); len(m) != 0 {
		t.Errorf("forms of bzflag.Table() without a generator: %v", m)
	}
}
