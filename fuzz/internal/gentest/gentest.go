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

// Case is a generator of messages under test: its name, and what each
// message it yields must be.
type Case struct {
	Name string
	G    gopter.Gen
	// From is the direction of the messages (0 or wire.Both: either).
	From wire.Direction
	// Valid: every message passes Validate; Invalid: every one fails it.
	Valid, Invalid bool
}

// Forms draws 500 values of the generator, with a fixed seed, and checks
// each: a wire.Message of the case's direction that encodes, valid or
// invalid as the case says. It returns the names of the forms drawn.
func (c Case) Forms(t testing.TB) map[string]bool {
	t.Helper()
	params := gopter.DefaultGenParameters()
	params.Rng = rand.New(rand.NewSource(7))
	forms := map[string]bool{}
	for i := 0; i < 500; i++ {
		v, ok := c.G(params).Retrieve()
		if !ok {
			continue
		}
		m, ok := v.(wire.Message)
		if !ok {
			t.Fatalf("%s yields %T", c.Name, v)
		}
		forms[m.Form().Name] = true
		if (c.From == wire.FromClient || c.From == wire.FromServer) && !m.Form().From.Has(c.From) {
			t.Errorf("%s yields %s", c.Name, m.Form().Name)
		}
		if _, err := m.AppendBinary(nil); err != nil {
			t.Fatalf("%s: %T does not encode: %v", c.Name, m, err)
		}
		if err := m.Validate(); (c.Valid && err != nil) || (c.Invalid && err == nil) {
			t.Fatalf("%s: %T %+v: Validate = %v", c.Name, m, m, err)
		}
	}
	return forms
}
