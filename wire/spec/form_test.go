package spec_test

import (
	"errors"
	"testing"

	"github.com/gamewire/gamewire/wire/codec"
	"github.com/gamewire/gamewire/wire/internal/toy"
	"github.com/gamewire/gamewire/wire/spec"
)

// TestFormShort checks the field Short names for every end of input: the
// fixed field holding the byte, the first variable field past them, and
// the message itself past a fixed form's end.
func TestFormShort(t *testing.T) {
	header := []spec.Field{{Name: "code", Type: "u8", Role: spec.CodeRole}}
	forms := []spec.Form{
		{Name: "Fixed", Code: 1, From: spec.Both, Fields: []spec.Field{{Name: "a", Type: "u16"}, {Name: "b", Type: "u32"}}},
		{Name: "Var", Code: 2, From: spec.Both, Fields: []spec.Field{{Name: "a", Type: "u16"}, {Name: "s", Type: "str8"}, {Name: "c", Type: "u8"}}},
	}
	spec.NewTable(spec.Protocol{Name: "demo", Header: header, MaxFrame: 64}, forms, nil)
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
		var e *codec.Error
		if !errors.As(err, &e) || !errors.Is(err, codec.ErrShort) {
			t.Fatalf("%s.Short(%d) = %v, want a *codec.Error wrapping ErrShort", f.Name, tt.n, err)
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

// The gen protocol has a header of every role and width the decoders of
// generated code check: a marker, a length, a code and a second marker of
// eight bytes, little-endian.
var genTable = spec.NewTable(spec.Protocol{
	Name:  "gen",
	Order: codec.LittleEndian,
	Header: []spec.Field{
		{Name: "marker", Type: "u8", Go: "-", Role: spec.MarkerRole, Value: 0x2a},
		{Name: "length", Type: "u32", Go: "-", Role: spec.LengthRole, Adjust: 1},
		{Name: "code", Type: "u16", Go: "-", Role: spec.CodeRole},
		{Name: "tag", Type: "u64", Go: "-", Role: spec.MarkerRole, Value: 7},
	},
	MaxFrame: 64,
}, []spec.Form{
	{Name: "Fix", Code: 1, From: spec.Both, Type: "Fix", Fields: []spec.Field{{Name: "v", Type: "u8"}}},
	{Name: "Var", Code: 2, From: spec.Both, Type: "Var", Fields: []spec.Field{{Name: "s", Type: "str8", Max: 10}}},
}, func(int) spec.Message { return nil })

// genFrame returns a frame of the gen protocol: the header (length less
// its adjustment, code) and body.
func genFrame(length uint32, code uint16, body ...byte) []byte {
	b := []byte{0x2a}
	b = codec.LittleEndian.AppendU32(b, length)
	b = codec.LittleEndian.AppendU16(b, code)
	b = codec.LittleEndian.AppendU64(b, 7)
	return append(b, body...)
}

func TestMismatch(t *testing.T) {
	fix, vary := &genTable.Forms[0], &genTable.Forms[1]
	err := func(f *spec.Form, field string, off int, kind error) codec.Error {
		return codec.Error{Protocol: "gen", Message: f.Name, Field: field, Offset: off, Err: kind}
	}
	bad := func(at int, v byte) []byte {
		b := genFrame(15, 1, 9)
		b[at] = v
		return b
	}
	for _, tt := range []struct {
		name    string
		f       *spec.Form
		b       []byte
		wantOff int
		want    codec.Error
	}{
		{"short", fix, genFrame(15, 1)[:3], 1, err(fix, "length", 1, codec.ErrShort)},
		{"short body", fix, genFrame(15, 1), 15, err(fix, "v", 15, codec.ErrShort)},
		{"marker", fix, bad(0, '!'), 0, err(fix, "marker", 0, codec.ErrInvalid)},
		{"length", fix, bad(1, 16), 1, err(fix, "length", 1, codec.ErrInvalid)},
		{"code", fix, bad(5, 2), 5, err(fix, "code", 5, codec.ErrInvalid)},
		{"tag", fix, bad(14, 1), 7, err(fix, "tag", 7, codec.ErrInvalid)},
		{"a frame", fix, genFrame(15, 1, 9), 0, err(fix, "", 0, codec.ErrInvalid)},
		{"variable under its smallest", vary, genFrame(14, 2, 0), 1, err(vary, "length", 1, codec.ErrInvalid)},
		{"variable past b", vary, genFrame(17, 2, 2, 'h'), 15, err(vary, "s", 15, codec.ErrShort)},
		{"a variable frame", vary, genFrame(17, 2, 2, 'h', 'i'), 0, err(vary, "", 0, codec.ErrInvalid)},
	} {
		t.Run(tt.name, func(t *testing.T) {
			off, e := tt.f.Mismatch(tt.b)
			if off != tt.wantOff {
				t.Errorf("offset %d, want %d", off, tt.wantOff)
			}
			checkError(t, e, tt.want)
			if !raceEnabled {
				if n := testing.AllocsPerRun(100, func() { tt.f.Mismatch(tt.b) }); n != 0 {
					t.Errorf("Mismatch allocates %v", n)
				}
			}
		})
	}
}

// TestMismatchBigEndian reads a header of the other byte order: the toy
// protocol's big-endian length.
func TestMismatchBigEndian(t *testing.T) {
	off, err := toy.Table.Forms[0].Mismatch([]byte{0, 5, 0x70, 0x69, 0, 0, 0, 0})
	if off != 0 {
		t.Errorf("offset %d, want 0", off)
	}
	checkError(t, err, codec.Error{Protocol: "toy", Message: "MsgPing", Field: "length", Offset: 0, Err: codec.ErrInvalid})
}

func TestExact(t *testing.T) {
	f := &genTable.Forms[0]
	if err := f.Exact(16, 16, nil); err != nil {
		t.Errorf("Exact of a whole frame: %v", err)
	}
	checkError(t, f.Exact(16, 17, nil), codec.Error{Protocol: "gen", Message: "Fix", Err: codec.ErrTrailing})
	if err := f.Exact(3, 17, codec.ErrShort); err != codec.ErrShort {
		t.Errorf("Exact kept the decoder's error? got %v", err)
	}
}
