package fuzz

import (
	"reflect"

	"github.com/gamewire/gamewire/wire"
	"github.com/gamewire/gamewire/wire/spec"
	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
)

// Struct returns a generator of *T that fills T with gen.StrictStruct from
// one generator per exported field. A field without a generator makes it
// panic when it is built (gopter's StrictStruct does), so a field added to
// a message type later cannot be forgotten by its generator. The
// per-protocol generator packages build their messages with it, or with
// Fill; use them for generators of your own.
func Struct[T any](fields map[string]gopter.Gen) gopter.Gen {
	return gen.StrictStruct(reflect.TypeFor[T](), fields).Map(func(v T) *T { return &v })
}

// Types gives the generator of a struct field by the field's Go type:
// Fill draws the fields its map does not name from here.
type Types map[reflect.Type]gopter.Gen

// Fill returns a generator of *T, as Struct, whose fields are drawn from
// fields, by name, or else from types, by their Go type, or else, for a
// field of a predeclared integer type or bool, from gopter's generator of
// any value. A protocol's generators share one map of the fields with
// rules of their own, by name (a name T does not have is passed over),
// and one Types for its declared types (an enum, a fixed-point number, a
// string), so that a message's generator says nothing of its own. A field
// none of these covers makes it panic when it is built, as Struct does.
func Fill[T any](types Types, fields map[string]gopter.Gen) gopter.Gen {
	all := map[string]gopter.Gen{}
	rt := reflect.TypeFor[T]()
	for i := 0; i < rt.NumField(); i++ {
		f := rt.Field(i)
		if g := fields[f.Name]; g != nil {
			all[f.Name] = g
		} else if g := types[f.Type]; g != nil {
			all[f.Name] = g
		} else if g := basic[f.Type]; g != nil {
			all[f.Name] = g
		}
	}
	return Struct[T](all)
}

// basic are gopter's generators of any value of the predeclared integer
// types and bool.
var basic = Types{
	reflect.TypeFor[bool](): gen.Bool(), reflect.TypeFor[int8](): gen.Int8(), reflect.TypeFor[int16](): gen.Int16(),
	reflect.TypeFor[int32](): gen.Int32(), reflect.TypeFor[int64](): gen.Int64(), reflect.TypeFor[uint8](): gen.UInt8(),
	reflect.TypeFor[uint16](): gen.UInt16(), reflect.TypeFor[uint32](): gen.UInt32(), reflect.TypeFor[uint64](): gen.UInt64(),
}

// Forms returns the generators form gives the forms of table t sent in
// direction from (every form for wire.Both), in the table's order; a form
// it gives none (nil) is left out. The per-protocol generator packages
// draw their messages of one direction this way.
func Forms(t *spec.Table, from wire.Direction, form func(*spec.Form) gopter.Gen) []gopter.Gen {
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
