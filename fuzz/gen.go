package fuzz

import (
	"reflect"

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
