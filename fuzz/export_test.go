package fuzz

import "math/rand"

// Units returns the first n units the mutator makes for p from seed.
func Units(p *Protocol, seed int64, n int, history [][]byte) []Unit {
	m := newMutator(p, rand.New(rand.NewSource(seed)))
	us := make([]Unit, n)
	for i := range us {
		us[i] = m.next(history)
	}
	return us
}
