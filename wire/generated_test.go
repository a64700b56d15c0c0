package wire_test

import (
	"errors"
	"testing"

	"github.com/gamewire/gamewire/wire"
)

// The gen protocol has a header of every role and width the helpers of
// generated code read: a marker, a length, a code and a second marker of
// eight bytes, little-endian.
var genTable = wire.NewTable(wire.Protocol{
	Name:  "gen",
	Order: wire.LittleEndian,
	Header: []wire.Field{
		{Name: "marker", Type: "u8", Go: "-", Role: wire.MarkerRole, Value: 0x2a},
		{Name: "length", Type: "u32", Go: "-", Role: wire.LengthRole, Adjust: 1},
		{Name: "code", Type: "u16", Go: "-", Role: wire.CodeRole},
		{Name: "tag", Type: "u64", Go: "-", Role: wire.MarkerRole, Value: 7},
	},
	MaxFrame: 64,
}, []wire.Form{
	{Name: "Fix", Code: 1, From: wire.Both, Type: "Fix", Fields: []wire.Field{{Name: "v", Type: "u8"}}},
	{Name: "Var", Code: 2, From: wire.Both, Type: "Var", Fields: []wire.Field{{Name: "s", Type: "str8", Max: 10}}},
}, func(int) wire.Message { return nil })

// genFrame returns a frame of the gen protocol: the header (length less
// its adjustment, code) and body.
func genFrame(length uint32, code uint16, body ...byte) []byte {
	b := []byte{0x2a}
	b = wire.LittleEndian.AppendU32(b, length)
	b = wire.LittleEndian.AppendU16(b, code)
	b = wire.LittleEndian.AppendU64(b, 7)
	return append(b, body...)
}

func TestMismatch(t *testing.T) {
	fix, vary := &genTable.Forms[0], &genTable.Forms[1]
	err := func(f *wire.Form, field string, off int, kind error) wire.Error {
		return wire.Error{Protocol: "gen", Message: f.Name, Field: field, Offset: off, Err: kind}
	}
	bad := func(at int, v byte) []byte {
		b := genFrame(15, 1, 9)
		b[at] = v
		return b
	}
	for _, tt := range []struct {
		name    string
		f       *wire.Form
		b       []byte
		wantOff int
		want    wire.Error
	}{
		{"short", fix, genFrame(15, 1)[:3], 1, err(fix, "length", 1, wire.ErrShort)},
		{"short body", fix, genFrame(15, 1), 15, err(fix, "v", 15, wire.ErrShort)},
		{"marker", fix, bad(0, '!'), 0, err(fix, "marker", 0, wire.ErrInvalid)},
		{"length", fix, bad(1, 16), 1, err(fix, "length", 1, wire.ErrInvalid)},
		{"code", fix, bad(5, 2), 5, err(fix, "code", 5, wire.ErrInvalid)},
		{"tag", fix, bad(14, 1), 7, err(fix, "tag", 7, wire.ErrInvalid)},
		{"a frame", fix, genFrame(15, 1, 9), 0, err(fix, "", 0, wire.ErrInvalid)},
		{"variable under its smallest", vary, genFrame(14, 2, 0), 1, err(vary, "length", 1, wire.ErrInvalid)},
		{"variable past b", vary, genFrame(17, 2, 2, 'h'), 15, err(vary, "s", 15, wire.ErrShort)},
		{"a variable frame", vary, genFrame(17, 2, 2, 'h', 'i'), 0, err(vary, "", 0, wire.ErrInvalid)},
	} {
		t.Run(tt.name, func(t *testing.T) {
			off, e := tt.f.Mismatch(tt.b)
			if off != tt.wantOff {
				t.Errorf("offset %d, want %d", off, tt.wantOff)
			}
			checkError(t, e, tt.want)
		})
	}
}

// TestMismatchBigEndian reads a header of the other byte order: the toy
// protocol's big-endian length.
func TestMismatchBigEndian(t *testing.T) {
	off, err := toyTable.Forms[0].Mismatch([]byte{0, 5, 0x70, 0x69, 0, 0, 0, 0})
	if off != 0 {
		t.Errorf("offset %d, want 0", off)
	}
	checkError(t, err, wire.Error{Protocol: "toy", Message: "MsgPing", Field: "length", Offset: 0, Err: wire.ErrInvalid})
}

func TestFail(t *testing.T) {
	v := struct{ A, B int }{1, 2}
	off, err := wire.Fail(&v, &genTable.Forms[0], nil)
	if v.A != 0 || v.B != 0 || off != 0 {
		t.Errorf("Fail left %+v, offset %d", v, off)
	}
	checkError(t, err, wire.Error{Protocol: "gen", Message: "Fix", Field: "marker", Offset: 0, Err: wire.ErrShort})
}

func TestExact(t *testing.T) {
	f := &genTable.Forms[0]
	if err := f.Exact(16, 16, nil); err != nil {
		t.Errorf("Exact of a whole frame: %v", err)
	}
	checkError(t, f.Exact(16, 17, nil), wire.Error{Protocol: "gen", Message: "Fix", Err: wire.ErrTrailing})
	if err := f.Exact(3, 17, wire.ErrShort); err != wire.ErrShort {
		t.Errorf("Exact kept the decoder's error? got %v", err)
	}
}

func TestCountedError(t *testing.T) {
	if err := wire.CountedError(4, 3); err != wire.ErrTooLong {
		t.Errorf("a length over max: %v", err)
	}
	if err := wire.CountedError(3, 3); err != wire.ErrShort {
		t.Errorf("a length within max: %v", err)
	}
}

func TestCStringError(t *testing.T) {
	if err := wire.CStringError(3, 3); err != wire.ErrTooLong {
		t.Errorf("no NUL in max bytes: %v", err)
	}
	if err := wire.CStringError(2, 3); err != wire.ErrShort {
		t.Errorf("no NUL in fewer bytes: %v", err)
	}
}

func TestResize(t *testing.T) {
	s := make([]int, 1, 8)
	r := wire.Resize(s, 5)
	if len(r) != 5 || cap(r) != 8 || &r[0] != &s[0] {
		t.Errorf("Resize to 5 within capacity 8: len %d cap %d, new storage %v", len(r), cap(r), &r[0] != &s[0])
	}
	if r := wire.Resize(s, 9); len(r) != 9 {
		t.Errorf("Resize to 9: len %d", len(r))
	}
}

func TestNew(t *testing.T) {
	newMessage := wire.Constructors{wire.New[toyPing], wire.New[toyPong]}.New
	if p, ok := newMessage(0).(*toyPing); !ok || *p != (toyPing{}) {
		t.Errorf("new value of form 0 = %#v", newMessage(0))
	}
	if _, ok := newMessage(1).(*toyPong); !ok {
		t.Errorf("new value of form 1 = %#v", newMessage(1))
	}
	for _, i := range []int{-1, 2} {
		if m := newMessage(i); m != nil {
			t.Errorf("new value of form %d = %#v, want nil", i, m)
		}
	}
}

func TestDecodeNew(t *testing.T) {
	frame := []byte{0, 4, 0x70, 0x69, 0, 0, 0, 7, 0xee}
	m, n, err := wire.DecodeNew(new(toyPing), frame)
	if p, ok := m.(*toyPing); !ok || n != 8 || err != nil || p.Value != 7 {
		t.Errorf("DecodeNew = %v, %d, %v; want the ping of 7 in 8 bytes", m, n, err)
	}
	m, n, err = wire.DecodeNew(new(toyPing), frame[:5])
	if m != nil || n != 4 || !errors.Is(err, wire.ErrShort) {
		t.Errorf("DecodeNew of 5 bytes = %v, %d, %v; want nil, 4, ErrShort", m, n, err)
	}
}
