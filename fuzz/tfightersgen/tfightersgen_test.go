package tfightersgen_test

import (
	"math/rand"
	"testing"

	"github.com/gamewire/gamewire/fuzz/tfightersgen"
	"github.com/gamewire/gamewire/tfighters"
	"github.com/leanovate/gopter"
)

func TestGenerators(t *testing.T) {
	tests := []struct {
		name    string
		g       gopter.Gen
		from    tfighters.Direction
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
		params := gopter.DefaultGenParameters()
		params.Rng = rand.New(rand.NewSource(7))
		codes := map[tfighters.Code]bool{}
		for i := 0; i < 500; i++ {
			v, ok := tt.g(params).Retrieve()
			if !ok {
				continue
			}
			m, ok := v.(tfighters.Message)
			if !ok {
				t.Fatalf("%s yields %T", tt.name, v)
			}
			codes[m.Code()] = true
			if tt.from != tfighters.AnyDirection && m.Code().From() != tt.from {
				t.Errorf("%s yields %s", tt.name, m.Code())
			}
			if _, err := m.AppendBinary(nil); err != nil {
				t.Fatalf("%s: %T does not encode: %v", tt.name, m, err)
			}
			if err := m.Validate(); (tt.valid && err != nil) || (tt.invalid && err == nil) {
				t.Fatalf("%s: %T %+v: Validate = %v", tt.name, m, m, err)
			}
		}
		if len(codes) < 10 {
			t.Errorf("%s: only %d codes in 500 draws", tt.name, len(codes))
		}
	}
}
