package bzflaggen_test

import (
	"math/rand"
	"testing"

	"github.com/gamewire/gamewire/bzflag"
	"github.com/gamewire/gamewire/fuzz/bzflaggen"
	"github.com/leanovate/gopter"
)

// TestEveryForm checks the coverage promise against the table: every form
// of bzflag.Table() has a generator, of any and of valid values, which
// ForForm finds and which yields the form's own Go type.
func TestEveryForm(t *testing.T) {
	if m := bzflaggen.Missing(); len(m) != 0 {
		t.Errorf("forms of bzflag.Table() without a generator: %v", m)
	}
	params := gopter.DefaultGenParameters()
	params.Rng = rand.New(rand.NewSource(3))
	tab := bzflag.Table()
	for i := range tab.Forms {
		f := &tab.Forms[i]
		for _, valid := range []bool{false, true} {
			g := bzflaggen.ForForm(f, valid)
			if g == nil {
				t.Errorf("%s (%s): no generator (valid %v)", f.Type, f.Name, valid)
				continue
			}
			v, ok := g(params).Retrieve()
			m, isMsg := v.(bzflag.Message)
			if !ok || !isMsg || m.Form() != f {
				t.Errorf("%s (%s): generator (valid %v) yields %T", f.Type, f.Name, valid, v)
			}
		}
	}
}
