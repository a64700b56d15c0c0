package wire_test

import (
	"errors"
	"testing"

	"github.com/gamewire/gamewire/wire"
)

// TestFormShort checks the field Short names for every end of input: the
// fixed field holding the byte, the first variable field past them, and
// the message itself past a fixed form's end.
func TestFormShort(t *testing.T) {
	header := []wire.Field{{Name: "code", Type: "u8", Role: wire.CodeRole}}
	forms := []wire.Form{
		{Name: "Fixed", Code: 1, From: wire.Both, Fields: []wire.Field{{Name: "a", Type: "u16"}, {Name: "b", Type: "u32"}}},
		{Name: "Var", Code: 2, From: wire.Both, Fields: []wire.Field{{Name: "a", Type: "u16"}, {Name: "s", Type: "str8"}, {Name: "c", Type: "u8"}}},
	}
	wire.NewTable(wire.Protocol{Name: "demo", Header: header, MaxFrame: 64}, forms, nil)
	tests := []struct {
		form  int
		n     int
		off   int
		field string
	}{
		{0, 0, 0, "code"},
		{0, 1, 1, "a"},
		{0, 2, 1, "a"},
		{0, 3, 3, "b"},
		{0, 6, 3, "b"},
		{0, 7, 7, ""},
		{1, 2, 1, "a"},
		{1, 3, 3, "s"},
		{1, 40, 3, "s"},
	}
	for _, tt := range tests {
		f := &forms[tt.form]
		off, err := f.Short(tt.n)
		var e *wire.Error
		if !errors.As(err, &e) || !errors.Is(err, wire.ErrShort) {
			t.Fatalf("%s.Short(%d) = %v, want a *wire.Error wrapping ErrShort", f.Name, tt.n, err)
		}
		if off != tt.off || e.Field != tt.field || e.Message != f.Name || e.Protocol != "demo" {
			t.Errorf("%s.Short(%d) = %d, %v; want %d and field %q", f.Name, tt.n, off, err, tt.off, tt.field)
		}
		if e.Field != "" && e.Offset != tt.off {
			t.Errorf("%s.Short(%d): error offset %d, want %d", f.Name, tt.n, e.Offset, tt.off)
		}
		if a := testing.AllocsPerRun(100, func() { f.Short(tt.n) }); a != 0 {
			t.Errorf("%s.Short(%d) allocates %v times", f.Name, tt.n, a)
		}
	}
}
