package gamewire_test

//go:generate go run ./internal/apigen

import (
	"reflect"
	"strings"
	"testing"
	"time"
)

// export is an exported function or method of the library, as a func
// value (a method as its method expression, receiver first).
type export struct {
	name string
	fn   any
}

// preconditions are the exports allowed to panic on zero values: what
// their docs make the caller's to check, not a peer's input.
var preconditions = map[string]string{
	"spec.NewTable": "a table that cannot be right is a mistake of the program, found when the package initialises",
}

// slicePrecondition reports the codec.Order methods, which read or store
// at the start of a slice whose length the caller has checked (their doc
// says so, for a bounds-check-free codec).
func slicePrecondition(name string) bool {
	return strings.HasPrefix(name, "codec.Order.") && !strings.HasSuffix(name, ".String") && !strings.Contains(name, ".Append")
}

// TestNilAndZero calls every exported function and method of the library
// with nil and zero values (a method on a new zero value of its type):
// none panics or blocks. A nil message, a nil pointer, a zero session or
// driver gets an error or a zero answer, never a crash.
func TestNilAndZero(t *testing.T) {
	if len(exported) < 500 {
		t.Fatalf("only %d exports listed: run go generate", len(exported))
	}
	for _, e := range exported {
		if preconditions[e.name] != "" || slicePrecondition(e.name) {
			continue
		}
		if p, blocked := callZero(e); blocked {
			t.Errorf("%s blocks on zero values", e.name)
		} else if p != nil {
			t.Errorf("%s panics on zero values: %v", e.name, p)
		}
	}
}

// callZero calls e with the zero value of every parameter, a method on a
// new zero value of its receiver, and returns what it panicked with, or
// blocked when it did not return within two seconds.
func callZero(e export) (panicked any, blocked bool) {
	f := reflect.ValueOf(e.fn)
	ft := f.Type()
	args := make([]reflect.Value, ft.NumIn())
	method := strings.HasPrefix(e.name, "(") || strings.Count(e.name, ".") == 2
	for i := range args {
		in := ft.In(i)
		if i == 0 && method && in.Kind() == reflect.Pointer {
			args[i] = reflect.New(in.Elem())
		} else {
			args[i] = reflect.Zero(in)
		}
	}
	done := make(chan any, 1)
	go func() {
		defer func() { done <- recover() }()
		if ft.IsVariadic() {
			f.CallSlice(args)
		} else {
			f.Call(args)
		}
	}()
	select {
	case p := <-done:
		return p, false
	case <-time.After(2 * time.Second):
		return nil, true
	}
}
