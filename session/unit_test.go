package session_test

import (
	"errors"
	"testing"

	"github.com/gamewire/gamewire/session"
	"github.com/gamewire/gamewire/wire"
)

// TestUnitDecoder: a unit is one whole message, decoded without
// allocating; bytes after it fail, and an unknown code comes back as a
// *wire.Raw.
func TestUnitDecoder(t *testing.T) {
	var u session.UnitDecoder
	line, _ := (&Line{Text: []byte("hi")}).MarshalBinary()
	m, err := u.Decode(toyTable, line, wire.FromClient, false)
	if err != nil || string(m.(*Line).Text) != "hi" {
		t.Fatalf("Decode(%x) = %v, %v", line, m, err)
	}
	if n := testing.AllocsPerRun(100, func() { u.Decode(toyTable, line, wire.FromClient, false) }); n > 0 {
		t.Errorf("Decode allocates %v times", n)
	}
	tests := []struct {
		name string
		unit []byte
		lax  bool
		kind error // nil: a message
		raw  bool
	}{
		{"trailing", append(line[:len(line):len(line)], 0), false, wire.ErrTrailing, false},
		{"short", line[:1], false, wire.ErrShort, false},
		{"lax", line, true, nil, false},
		{"unknown code", []byte{2, 9}, false, nil, true},
	}
	for _, tt := range tests {
		m, err := u.Decode(toyTable, tt.unit, wire.FromClient, tt.lax)
		_, raw := m.(*wire.Raw)
		if !errors.Is(err, tt.kind) || (tt.kind == nil) != (m != nil) || raw != tt.raw {
			t.Errorf("%s: %T, %v; want %v (raw %v)", tt.name, m, err, tt.kind, tt.raw)
		}
	}
	if _, err := u.Decode(nil, line, wire.FromClient, false); err == nil {
		t.Error("Decode with no table answered")
	}
}
