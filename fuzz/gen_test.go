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
