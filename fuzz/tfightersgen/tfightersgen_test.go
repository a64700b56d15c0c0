package tfightersgen_test

import (
	"math/rand"
	"testing"

	"github.com/gamewire/gamewire/fuzz/internal/gentest"
	"github.com/gamewire/gamewire/fuzz/tfightersgen"
	"github.com/gamewire/gamewire/tfighters"
	"github.com/gamewire/gamewire/wire"
	"github.com/leanovate/gopter"
)

func TestGenerators(t *testing.T) {
	tests := []struct {
		name    string
		g       gopter.Gen
		from    wire.Direction
		valid   bool
		invalid bool
	}{
		{"ServerMessage", tfightersgen.ServerMessage(), tfighters.FromServer, false, false},
		{"ClientMessage", tfightersgen.ClientMessage(), tfighters.FromClient, false, false},
		{"Message", tfightersgen.Message(), tfighters.AnyDirection, false, false},
		{"ValidMessage", tfightersgen.ValidMessage(), tfighters.AnyDirection, true, false},
		{"InvalidMessage", tfightersgen.InvalidMessage(), tfighters.AnyDirection, false, true},
	}
	for _, tt := range tests {
		if forms := gentest.Messages(t, tt.name, tt.g, tt.from, tt.valid, tt.invalid); len(forms) < 10 {
			t.Errorf("%s: only %d forms in 500 draws", tt.name, len(forms))
		}
	}
}

// TestGeneratorsCoverTheTable reads the table: every form has a generator
// of any and of valid values, which yields the form's own Go type.
func TestGeneratorsCoverTheTable(t *testing.T) {
	params := gopter.DefaultGenParameters()
	params.Rng = rand.New(rand.NewSource(3))
	tab := tfighters.Table()
	for i := range tab.Forms {
		f := &tab.Forms[i]
		for _, valid := range []bool{false, true} {
			g := tfightersgen.ForForm(f, valid)
			if g == nil {
				t.Errorf("%s (%s): no generator (valid %v)", f.Name, f.Type, valid)
				continue
			}
			v, ok := g(params).Retrieve()
			m, isMsg := v.(tfighters.Message)
			if !ok || !isMsg || m.Form() != f {
				t.Errorf("%s: generator (valid %v) yields %T", f.Name, valid, v)
			}
		}
	}
}
