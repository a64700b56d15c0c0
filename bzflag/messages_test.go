package bzflag_test

import (
	"reflect"
	"testing"

	"github.com/gamewire/gamewire/bzflag"
	"github.com/gamewire/gamewire/fuzz/bzflaggen"
)

// TestMessages runs the shared harness (internal/codectest) on every form
// of the table, with its structural generator from fuzz/bzflaggen (rules
// broken at times): a form added to the table is checked as soon as it has
// a generator, and fails here until it has one.
func TestMessages(t *testing.T) {
	for _, f := range bzflag.Table().Forms {
		t.Run(f.Type, func(t *testing.T) {
			if !bzflaggen.Check(t, f.Type) {
				t.Errorf("%s (%s) has no generator in fuzz/bzflaggen", f.Type, f.Name)
			}
		})
	}
}

// TestGeneratorsCoverEveryForm checks that bzflaggen.Message yields every
// message form, so the fuzz seeds and the dispatch tests drawn from it
// cover them all.
func TestGeneratorsCoverEveryForm(t *testing.T) {
	seen := map[string]bool{}
	for _, v := range sample(bzflaggen.Message(), 2000) {
		seen[reflect.TypeOf(v).Elem().Name()] = true
	}
	for _, l := range bzflag.Table().Forms {
		if !seen[l.Type] {
			t.Errorf("bzflaggen.Message yields no %s", l.Type)
		}
	}
}
