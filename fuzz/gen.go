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

// Types gives the generator of a struct field by the field's Go type:
// Fill draws the fields its map does not name from here.
type Types map[reflect.Type]gopter.Gen

// Fill returns a generator of *T, as Struct, whose fields are drawn from
// fields, by name, or else from types, by their Go type, or else, for a
// field of a predeclared integer type or bool, from gopter's generator of
// any value: a message's generator names only the fields with rules of their
// own, and a protocol's generators share one Types for its named types
// (an enum, a fixed-point number, a string). A field none of these covers
// makes it panic when it is built, as Struct does.
func Fill[T any](types Types, fields map[string]gopter.Gen) gopter.Gen {
	all := make(map[string]gopter.Gen, len(fields))
	rt := reflect.TypeFor[T]()
	for i := 0; i < rt.NumField(); i++ {
		f := rt.Field(i)
		if g := fields[f.Name]; g != nil {
			all[f.Name] = g
		} else if g := types[f.Type]; g != nil {
			all[f.Name] = g
		} else if g := basic(f.Type); g != nil {
			all[f.Name] = g
		}
	}
	for name, g := range fields {
		all[name] = g // a name T does not have panics in Struct
	}
	return Struct[T](all)
}

// basic returns gopter's generator of any value of t, a predeclared
// integer type or bool, or nil.
func basic(t reflect.Type) gopter.Gen {
	if t.PkgPath() != "" { // a declared type: its values may have rules
		return nil
	}
	switch t.Kind() {
	case reflect.Bool:
		return gen.Bool()
	case reflect.Int8:
		return gen.Int8()
	case reflect.Int16:
		return gen.Int16()
	case reflect.Int32:
		return gen.Int32()
	case reflect.Int64:
		return gen.Int64()
	case reflect.Uint8:
		return gen.UInt8()
	case reflect.Uint16:
		return gen.UInt16()
	case reflect.Uint32:
		return gen.UInt32()
	case reflect.Uint64:
		return gen.UInt64()
	}
	return nil
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
