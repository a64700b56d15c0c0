package tfightersgen_test

import (
	"math/rand"
	"testing"

	"github.com/gamewire/gamewire/fuzz/internal/gentest"
	"github.com/gamewire/gamewire/fuzz/tfightersgen"
	"github.com/gamewire/gamewire/tfighters"
	"github.com/leanovate/gopter"
)

func TestGenerators(t *testing.T) {
	for _, tc := range []gentest.Case{
		{Name: "ServerMessage", G: tfightersgen.ServerMessage(), From: tfighters.FromServer},
		{Name: "ClientMessage", G: tfightersgen.ClientMessage(), From: tfighters.FromClient},
		{Name: "Message", G: tfightersgen.Message(), From: tfighters.AnyDirection},
		{Name: "ValidMessage", G: tfightersgen.ValidMessage(), From: tfighters.AnyDirection, Valid: true},
		{Name: "InvalidMessage", G: tfightersgen.InvalidMessage(), From: tfighters.AnyDirection, Invalid: true},
	} {
		if forms := tc.Forms(t); len(forms) < 10 {
			t.Errorf("%s: only %d forms in 500 draws", tc.Name, len(forms))
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
