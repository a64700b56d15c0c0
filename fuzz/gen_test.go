package fuzz_test

import (
	"reflect"
	"testing"

	"github.com/gamewire/gamewire/fuzz"
	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
)

type pair struct {
	A uint8
	B string
}

func TestStruct(t *testing.T) {
	g := fuzz.Struct[pair](map[string]gopter.Gen{"A": gen.Const(uint8(7)), "B": gen.Const("x")})
	v, ok := g(gopter.DefaultGenParameters()).Retrieve()
	p, isPtr := v.(*pair)
	if !ok || !isPtr || *p != (pair{7, "x"}) {
		t.Fatalf("Struct generated %#v (%T), ok=%v; want &pair{7, \"x\"}", v, v, ok)
	}
	if reflect.TypeFor[pair]().NumField() != 2 {
		t.Fatal("test type changed")
	}
}

func TestStructMissingField(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("Struct with a field left out did not panic")
		}
	}()
	fuzz.Struct[pair](map[string]gopter.Gen{"A": gen.Const(uint8(7))})
}

// level is a declared type: Fill draws it from Types only.
type level uint8

type filled struct {
	Any   uint16 // predeclared: any value
	Named level  // from Types
	Text  []byte // from Types
	Rule  uint8  // named in fields
}

// TestFill checks that a field is drawn by name first (a name the type
// does not have is passed over), then by its Go type, then, for a
// predeclared integer, from any value, and that a field none of them
// covers panics.
func TestFill(t *testing.T) {
	types := fuzz.Types{
		reflect.TypeFor[level]():  gen.Const(level(3)),
		reflect.TypeFor[[]byte](): gen.Const([]byte("t")),
		reflect.TypeFor[uint8]():  gen.Const(uint8(9)), // not Rule's: fields come first
	}
	g := fuzz.Fill[filled](types, map[string]gopter.Gen{"Rule": gen.Const(uint8(1)), "Other": gen.Const(2)})
	v, ok := g(gopter.DefaultGenParameters()).Retrieve()
	f, isPtr := v.(*filled)
	if !ok || !isPtr || f.Named != 3 || string(f.Text) != "t" || f.Rule != 1 {
		t.Fatalf("Fill generated %#v (%T), ok=%v", v, v, ok)
	}
	defer func() {
		if recover() == nil {
			t.Error("Fill without a generator of a declared type did not panic")
		}
	}()
	fuzz.Fill[filled](fuzz.Types{}, nil)
}
