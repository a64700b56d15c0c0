// Package gentest holds what the tests of gamewire's generator packages
// (fuzz/*gen) share.
package gentest

import (
	"math/rand"
	"testing"

	"github.com/gamewire/gamewire/wire"
	"github.com/leanovate/gopter"
)

// Draw calls f with n values of g (a fifth of them under the race
// detector, which makes gopter's reflection ten times slower and looks
// for races, not for values), drawn with a fixed seed, in at most tries
// draws per value; it fails t when g yields fewer.
func Draw(t testing.TB, g gopter.Gen, n, tries int, f func(v any)) {
	t.Helper()
	if raceEnabled {
		n /= 5
	}
	params := gopter.DefaultGenParameters()
	params.Rng = rand.New(rand.NewSource(7))
	got := 0
	for i := 0; i < tries*n && got < n; i++ {
		v, ok := g(params).Retrieve()
		if !ok {
			continue
		}
		f(v)
		got++
	}
	if got < n {
		t.Fatalf("generator yielded %d of %d values", got, n)
	}
}

// Messages draws 500 values of the generator called name, with a fixed
// seed, and checks each: a wire.Message of direction from (0 or Both:
// either), that encodes, that passes Validate if valid is set and fails
// it if invalid is set. It returns the names of the forms drawn.
func Messages(t testing.TB, name string, g gopter.Gen, from wire.Direction, valid, invalid bool) map[string]bool {
	t.Helper()
	params := gopter.DefaultGenParameters()
	params.Rng = rand.New(rand.NewSource(7))
	forms := map[string]bool{}
	for i := 0; i < 500; i++ {
		v, ok := g(params).Retrieve()
		if !ok {
			continue
		}
		m, ok := v.(wire.Message)
		if !ok {
			t.Fatalf("%s yields %T", name, v)
		}
		forms[m.Form().Name] = true
		if (from == wire.FromClient || from == wire.FromServer) && !m.Form().From.Has(from) {
			t.Errorf("%s yields %s", name, m.Form().Name)
		}
		if _, err := m.AppendBinary(nil); err != nil {
			t.Fatalf("%s: %T does not encode: %v", name, m, err)
		}
		if err := m.Validate(); (valid && err != nil) || (invalid && err == nil) {
			t.Fatalf("%s: %T %+v: Validate = %v", name, m, m, err)
		}
	}
	return forms
}
