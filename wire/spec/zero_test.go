package spec_test

import (
	"errors"
	"testing"

	"github.com/gamewire/gamewire/wire/codec"
	"github.com/gamewire/gamewire/wire/spec"
)

// TestZeroValues: a Table, Index or Form that NewTable did not build
// answers with nothing or an error, never a panic.
func TestZeroValues(t *testing.T) {
	var tab spec.Table
	if f := tab.Lookup(1, spec.FromClient); f != nil {
		t.Errorf("Lookup on a zero Table = %v", f)
	}
	if m := tab.New(nil); m != nil {
		t.Errorf("New(nil) = %v", m)
	}
	if m := tab.New(&spec.Form{}); m != nil {
		t.Errorf("New of a zero Table = %v", m)
	}
	if _, err := tab.Code([]byte{1, 2}); !errors.Is(err, codec.ErrInvalid) {
		t.Errorf("Code on a zero Table: %v", err)
	}
	if err := tab.UnknownCode(); !errors.Is(err, codec.ErrInvalid) {
		t.Errorf("UnknownCode on a zero Table: %v", err)
	}
	var x spec.Index
	if _, _, ok := x.Key(1, spec.FromServer); ok {
		t.Error("a zero Index holds a key")
	}
	f := &spec.Form{Name: "MsgX", Protocol: "p"}
	if err := f.ErrAt(3, codec.ErrShort); !errors.Is(err, codec.ErrShort) || err.Error() != "p: MsgX: at byte 0: short input" {
		t.Errorf("ErrAt past the layout: %v", err)
	}
}
