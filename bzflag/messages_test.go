package bzflag_test

import (
	"reflect"
	"testing"

	"github.com/gamewire/gamewire/bzflag"
	"github.com/gamewire/gamewire/fuzz/bzflaggen"
	"github.com/gamewire/gamewire/internal/codectest"
)

// harnessOptions are the harness options of the Go types that need them,
// by type: few samples for the types without fields (every value encodes
// alike) and fewer for those whose bytes may fill a whole body (the
// harness decodes every prefix of every sample).
var harnessOptions = map[string][]codectest.Option{
	"Accept":                 {codectest.Samples(5)},
	"SuperKill":              {codectest.Samples(5)},
	"GetWorldReply":          {codectest.Samples(60)},
	"Exit":                   {codectest.Samples(5)},
	"NetworkRelay":           {codectest.Samples(5)},
	"IDAck":                  {codectest.Samples(5)},
	"WantWHashRequest":       {codectest.Samples(5)},
	"WantWHashReply":         {codectest.Samples(60)},
	"QueryGameRequest":       {codectest.Samples(5)},
	"QueryPlayersRequest":    {codectest.Samples(5)},
	"ReleaseRadioFromClient": {codectest.Samples(5)},
}

// TestMessages runs the shared harness (internal/codectest) on every form
// of the table, with its structural generator from fuzz/bzflaggen (rules
// broken at times) and its Go type from its golden vector: a form added
// to the table is checked as soon as it has a generator and a vector, and
// fails here until it has both.
func TestMessages(t *testing.T) {
	tab := bzflag.Table()
	types := map[string]bool{}
	for i := range tab.Forms {
		f := &tab.Forms[i]
		types[f.Type] = true
		t.Run(f.Type, func(t *testing.T) {
			g := bzflaggen.ForForm(f, false)
			if g == nil {
				t.Fatalf("%s (%s) has no generator in fuzz/bzflaggen", f.Type, f.Name)
			}
			for _, v := range goldenVectors {
				if v.m.Form() == f {
					v.harness(t, g, harnessOptions[f.Type]...)
					return
				}
			}
			t.Errorf("%s (%s) has no golden vector (goldenVectors), which gives the harness its Go type", f.Type, f.Name)
		})
	}
	for typ := range harnessOptions {
		if !types[typ] {
			t.Errorf("harnessOptions has options for %s, the Go type of no form of the table", typ)
		}
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
