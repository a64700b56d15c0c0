package fuzz

import (
	"reflect"

	"github.com/gamewire/gamewire/wire"
	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
)

// Struct returns a generator of *T that fills T with gen.StrictStruct from
// one generator per exported field. A field without a generator makes it
// panic when it is built (gopter's StrictStruct does), so a field added to
// a message type later cannot be forgotten by its generator. The per-protocol generator packages build every message
// this way; use it for generators of your own.
func Struct[T any](fields map[string]gopter.Gen) gopter.Gen {
	return gen.StrictStruct(reflect.TypeFor[T](), fields).Map(func(v T) *T { return &v })
}

// Forms returns the generators form gives the forms of table t sent in
// direction from (every form for wire.Both), in the table's order; a form
// it gives none (nil) is left out. The per-protocol generator packages
// draw their messages of one direction this way.
func Forms(t *wire.Table, from wire.Direction, form func(*wire.Form) gopter.Gen) []gopter.Gen {
	var gs []gopter.Gen
	for i := range t.Forms {
		f := &t.Forms[i]
		if from != wire.Both && !f.From.Has(from) {
			continue
		}
		if g := form(f); g != nil {
			gs = append(gs, g)
		}
	}
	return gs
}
