package wire_test

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/gamewire/gamewire/wire"
)

func TestTableLayout(t *testing.T) {
	tests := []struct {
		form, field   string
		offset, size  int
		formSize, max int
	}{
		{"MsgPing", "length", 0, 2, 8, 8},
		{"MsgPing", "code", 2, 2, 8, 8},
		{"MsgPing", "value", 4, 4, 8, 8},
		{"MsgPong", "at", 4, 4, 10, 10},
		{"MsgPong", "id", 8, 2, 10, 10},
		{"MsgSay", "kind", 4, 1, 7, 27},
		{"MsgSay", "text", 5, 0, 7, 27},
		{"MsgSay", "after", -1, 1, 7, 27},
	}
	for _, tt := range tests {
		f := toyTable.Form(tt.form, 0)
		if f == nil {
			t.Fatalf("no form %s", tt.form)
		}
		fl := f.Field(tt.field)
		if fl == nil || fl.Offset != tt.offset || fl.Size != tt.size {
			t.Errorf("%s.%s = %+v, want offset %d size %d", tt.form, tt.field, fl, tt.offset, tt.size)
		}
		if f.Size != tt.formSize || f.MaxSize != tt.max {
			t.Errorf("%s: size %d..%d, want %d..%d", tt.form, f.Size, f.MaxSize, tt.formSize, tt.max)
		}
		if f.Fixed() != (tt.formSize == tt.max) || f.Table() != toyTable || f.Protocol != "toy" {
			t.Errorf("%s: Fixed %v, Table, Protocol %q", tt.form, f.Fixed(), f.Protocol)
		}
		if fl.Fixed() != (tt.size > 0) {
			t.Errorf("%s.%s: Fixed() = %v", tt.form, tt.field, fl.Fixed())
		}
	}
	if got := len(toyTable.Form("MsgSay", 0).Layout()); got != 5 {
		t.Errorf("MsgSay layout has %d fields, want 5", got)
	}
	if toyTable.Form("Pong", wire.FromClient) != nil || toyTable.Form("Pong", wire.FromServer) == nil {
		t.Error("Form by Go type and direction")
	}
	if toyTable.Form("Nope", 0) != nil || toyTable.Type("Nope") != nil || toyTable.Type("Point").Size != 4 {
		t.Error("Form or Type lookup")
	}
	onlyServer := wire.NewTable(toyProtocol, []wire.Form{{Name: "S", Code: 5, From: wire.FromServer}, {Name: "C", Code: 6, From: wire.FromClient}}, nil)
	if onlyServer.Lookup(5, wire.Both).Name != "S" || onlyServer.Lookup(6, wire.Both).Name != "C" {
		t.Error("Lookup with Both finds the one form of a code")
	}
	if len(toyTable.Header()) != 2 || toyTable.RawForm().Name != "unknown" {
		t.Error("Header or RawForm")
	}
	if toyTable.Form("MsgPing", 0).Field("nope") != nil {
		t.Error("Field of an unknown name")
	}
}

func TestTableFieldAt(t *testing.T) {
	ping := toyTable.Form("MsgPing", 0)
	for off, want := range []string{"length", "length", "code", "code", "value", "value", "value", "value"} {
		if fl := ping.FieldAt(off); fl == nil || fl.Name != want {
			t.Errorf("FieldAt(%d) = %v, want %s", off, fl, want)
		}
	}
	say := toyTable.Form("MsgSay", 0)
	if say.FieldAt(5).Name != "text" || say.FieldAt(40).Name != "text" {
		t.Error("a variable field holds every byte after its start")
	}
	if ping.FieldAt(8) != nil {
		t.Error("FieldAt past a fixed form")
	}
	sayNoVar := wire.NewTable(toyProtocol, []wire.Form{{Name: "A", Code: 1, From: wire.Both, Fields: []wire.Field{{Name: "s", Type: "cstring", Max: 4}, {Name: "b", Type: "u8"}}}}, nil)
	if sayNoVar.Forms[0].FieldAt(30).Name != "s" || sayNoVar.Forms[0].FieldAt(-1) != nil {
		t.Error("FieldAt after a variable field")
	}
}

func TestTableLookup(t *testing.T) {
	tests := []struct {
		code uint32
		from wire.Direction
		want string
	}{
		{0x7069, wire.FromClient, "MsgPing"},
		{0x7069, wire.FromServer, "MsgPong"},
		{0x7361, wire.FromClient, "MsgSay"},
		{0x7361, wire.FromServer, "MsgSay"},
		{0x7362, wire.FromServer, ""},
		{0x1234, wire.FromServer, ""},
		{0x7069, wire.Both, ""}, // two forms: the direction must say
		{0x7361, wire.Both, "MsgSay"},
		{0x7362, wire.Both, ""},
		{0x7361, 0, "MsgSay"},
		{0x7069, 9, ""},
		{0x17069, wire.FromClient, ""},
	}
	for _, tt := range tests {
		f := toyTable.Lookup(tt.code, tt.from)
		if (f == nil && tt.want != "") || (f != nil && f.Name != tt.want) {
			t.Errorf("Lookup(%#x, %v) = %v, want %q", tt.code, tt.from, f, tt.want)
		}
	}
	if m := toyTable.New(toyTable.Lookup(0x7069, wire.FromServer)); m.Form().Name != "MsgPong" {
		t.Error("New")
	}
}

// TestTableLookupEveryCode compares Lookup, for every code and direction,
// with a scan of the forms, over tables whose codes have the shapes the
// protocols use: pairs of letters, a code space split by direction at
// 0x8000, single bytes, and none at all; in a big-endian and a
// little-endian two-byte code field, and in a one-byte field (where the
// wider codes are forms no frame can reach, which Lookup finds all the
// same).
func TestTableLookupEveryCode(t *testing.T) {
	le := toyProtocol
	le.Order = wire.LittleEndian
	narrow := toyProtocol
	narrow.Header = []wire.Field{{Name: "code", Type: "u8", Go: "-", Role: wire.CodeRole}}
	for field, p := range map[string]wire.Protocol{"big-endian u16": toyProtocol, "little-endian u16": le, "u8": narrow} {
		lookupEveryCode(t, field, p)
	}
}

func lookupEveryCode(t *testing.T, field string, p wire.Protocol) {
	shapes := map[string][]wire.Form{"none": nil}
	for i := range 300 {
		letters := uint32('a'+i%26)<<8 | uint32('a'+i/26)
		shapes["letters"] = append(shapes["letters"], wire.Form{Code: letters, From: wire.Direction(1 + i%3)})
		split := uint32(i)
		if i%2 == 1 {
			split |= 0x8000
		}
		shapes["split"] = append(shapes["split"], wire.Form{Code: split, From: wire.Direction(1 + i%2)})
		if i < 256 {
			shapes["bytes"] = append(shapes["bytes"], wire.Form{Code: uint32(i), From: wire.Direction(1 + i%3)})
		}
	}
	for name, forms := range shapes {
		for i := range forms {
			forms[i].Name = fmt.Sprint(name, i)
		}
		tb := wire.NewTable(p, forms, nil)
		for code := uint32(0); code <= 0x10000; code++ {
			for from := range wire.Direction(5) {
				var want *wire.Form
				if from >= 1 && from <= wire.Both && code <= 0xffff {
					for i := range tb.Forms {
						if f := &tb.Forms[i]; f.Code == code && f.From&from != 0 {
							if want != nil && want.From&from != from {
								want = nil // either peer, two forms
								break
							}
							want = f
						}
					}
				}
				if from == 0 {
					want = tb.Lookup(code, wire.Both)
				}
				if got := tb.Lookup(code, from); got != want {
					t.Fatalf("%s code, %s: Lookup(%#x, %v) = %v, want %v", field, name, code, from, got, want)
				}
			}
		}
	}
}

func TestTableErrors(t *testing.T) {
	ping := toyTable.Form("MsgPing", 0)
	err := ping.Err("value", wire.ErrShort)
	if err.Error() != "toy: MsgPing: field value at byte 4: short input" || !errors.Is(err, wire.ErrShort) {
		t.Errorf("Err = %v", err)
	}
	if ping.Err("value", wire.ErrShort) != err {
		t.Error("Err does not return the prebuilt error")
	}
	if got := ping.ErrAt(1, wire.ErrInvalid).Error(); got != "toy: MsgPing: field code at byte 2: invalid value" {
		t.Errorf("ErrAt = %s", got)
	}
	if got := ping.Err("", wire.ErrTrailing).Error(); got != "toy: MsgPing: at byte 0: trailing bytes" {
		t.Errorf("whole-message Err = %s", got)
	}
	custom := errors.New("custom")
	if e := ping.Err("value", custom); !errors.Is(e, custom) || e == ping.Err("value", custom) {
		t.Error("a kind that is not a sentinel gets an error of its own")
	}
	say := toyTable.Form("MsgSay", 0)
	if got := say.Err("after", wire.ErrShort).Error(); got != "toy: MsgSay: field after: short input" {
		t.Errorf("a field after a variable part = %s", got)
	}
	// A form never given to NewTable builds its errors on first use.
	var loose wire.Form
	loose.Name = "Loose"
	if got := loose.Err("", wire.ErrInvalid).Error(); got != "Loose: at byte 0: invalid value" {
		t.Errorf("loose form Err = %s", got)
	}
}

func TestTableCodeAndFrameLen(t *testing.T) {
	if _, err := toyTable.Code([]byte{0, 4, 0x70}); !errors.Is(err, wire.ErrShort) {
		t.Errorf("Code of 3 bytes: %v", err)
	}
	if c, err := toyTable.Code([]byte{0, 4, 0x70, 0x69}); c != 0x7069 || err != nil {
		t.Errorf("Code = %#x, %v", c, err)
	}
	tests := []struct {
		in   []byte
		n    int
		kind error
	}{
		{[]byte{0}, 0, nil},
		{[]byte{0, 4}, 8, nil},
		{[]byte{0, 28}, 32, nil},
		{[]byte{0, 29}, 33, wire.ErrTooLong}, // the length read, with the error
		{[]byte{0xff, 0xfd}, 65537, wire.ErrTooLong},
	}
	for _, tt := range tests {
		n, err := toyTable.FrameLen(tt.in)
		if n != tt.n || !errors.Is(err, tt.kind) || (tt.kind == nil) != (err == nil) {
			t.Errorf("FrameLen(% x) = %d, %v; want %d, %v", tt.in, n, err, tt.n, tt.kind)
		}
		if tt.kind != nil {
			// The table's shared error, which says no length.
			checkError(t, err, wire.Error{Protocol: "toy", Message: "frame", Field: "length", Err: tt.kind})
		}
	}
	// A one-byte code and length, with Adjust making a frame shorter than
	// its header impossible.
	small := wire.NewTable(wire.Protocol{Name: "small", MaxFrame: 300, Header: []wire.Field{
		{Name: "code", Type: "u8", Role: wire.CodeRole}, {Name: "len", Type: "u8", Role: wire.LengthRole},
	}}, []wire.Form{{Name: "A", Code: 7, From: wire.Both}}, nil)
	if c, _ := small.Code([]byte{7, 0}); c != 7 {
		t.Error("one-byte code")
	}
	if n, err := small.FrameLen([]byte{7, 1}); n != 0 || !errors.Is(err, wire.ErrInvalid) {
		t.Errorf("frame under the header: %d, %v", n, err)
	}
	if n, err := small.FrameLen([]byte{7, 200}); n != 200 || err != nil {
		t.Errorf("one-byte length: %d, %v", n, err)
	}
	wide := wire.NewTable(wire.Protocol{Name: "wide", Order: wire.LittleEndian, MaxFrame: 100, Header: []wire.Field{
		{Name: "len", Type: "u32", Role: wire.LengthRole}, {Name: "code", Type: "u16", Role: wire.CodeRole},
	}}, nil, nil)
	if n, err := wide.FrameLen([]byte{10, 0, 0, 0}); n != 10 || err != nil {
		t.Errorf("four-byte length: %d, %v", n, err)
	}
	dgram := wire.NewTable(wire.Protocol{Name: "dgram", Datagram: true, MaxFrame: 10, Header: []wire.Field{{Name: "type", Type: "u8", Role: wire.CodeRole}}}, nil, nil)
	if n, err := dgram.FrameLen([]byte{1, 2, 3}); n != 3 || err != nil {
		t.Errorf("datagram FrameLen = %d, %v", n, err)
	}
	noLen := wire.NewTable(wire.Protocol{Name: "nolen", MaxFrame: 10, Header: []wire.Field{{Name: "type", Type: "u8", Role: wire.CodeRole}}}, nil, nil)
	if _, err := noLen.FrameLen([]byte{1, 2, 3}); !errors.Is(err, wire.ErrInvalid) {
		t.Errorf("FrameLen with no length field: %v", err)
	}
	split := wire.NewTable(wire.Protocol{Name: "split", MaxFrame: 10, Header: []wire.Field{{Name: "type", Type: "u8", Role: wire.CodeRole}},
		Split: func(t *wire.Table, b []byte) (int, error) { return 2, nil }}, nil, nil)
	if n, _ := split.FrameLen(nil); n != 2 {
		t.Error("Split not used")
	}
}

func TestTableSizes(t *testing.T) {
	fields := []wire.Field{
		{Name: "a", Type: "u8"}, {Name: "b", Type: "s64"}, {Name: "c", Type: "f64"},
		{Name: "d", Type: "f32[3]"}, {Name: "e", Type: "bytes[5]"}, {Name: "f", Type: "Point[2]"},
		{Name: "g", Type: "cstring", Max: 8}, {Name: "h", Type: "str8"}, {Name: "i", Type: "str16", Max: 3},
		{Name: "j", Type: "utf", Max: 4}, {Name: "k", Type: "rest", Max: 5}, {Name: "l", Type: "list", Entry: "Point", Max: 2},
	}
	p := toyProtocol
	p.HardMax = 1000
	tb := wire.NewTable(p, []wire.Form{{Name: "Big", Code: 1, From: wire.Both, Fields: fields}}, nil)
	f := &tb.Forms[0]
	// fixed: 4 + 1+8+8+12+5+8 = 46; least: +1 +1 +2 +2 = 52; most: 46+8+256+5+6+5+8 = 334
	if f.Size != 52 || f.MaxSize != 334 {
		t.Errorf("Big: %d..%d, want 52..334", f.Size, f.MaxSize)
	}
	own := wire.NewTable(p, []wire.Form{{Name: "Own", Code: 2, From: wire.Both,
		Header: []wire.Field{{Name: "code", Type: "u16", Role: wire.CodeRole}, {Name: "seq", Type: "u32"}}}}, nil)
	if f := &own.Forms[0]; f.Size != 6 || f.Field("seq").Offset != 2 || f.Field("length") != nil {
		t.Errorf("a form's own header: size %d", f.Size)
	}
	bound := wire.NewTable(p, []wire.Form{{Name: "Bound", Code: 1, From: wire.Both, MaxSize: 40, Fields: []wire.Field{{Name: "r", Type: "rest"}}}}, nil)
	if bound.Forms[0].MaxSize != 40 {
		t.Errorf("explicit MaxSize: %d", bound.Forms[0].MaxSize)
	}
	unbound := wire.NewTable(p, []wire.Form{{Name: "Unbound", Code: 1, From: wire.Both, Fields: []wire.Field{{Name: "r", Type: "rest", Max: 5000}}}}, nil)
	if unbound.Forms[0].MaxSize != 4+1000 {
		t.Errorf("rest without a bound: %d", unbound.Forms[0].MaxSize)
	}
}

func TestTablePanics(t *testing.T) {
	code := []wire.Field{{Name: "code", Type: "u16", Role: wire.CodeRole}}
	tests := []struct {
		name  string
		p     wire.Protocol
		forms []wire.Form
		want  string
	}{
		{"no code", wire.Protocol{Name: "x"}, nil, "needs a code field"},
		{"wide code", wire.Protocol{Name: "x", Header: []wire.Field{{Name: "code", Type: "u32", Role: wire.CodeRole}}}, nil, "needs a code field"},
		{"unknown type", wire.Protocol{Name: "x", Header: code}, []wire.Form{{Name: "A", From: wire.Both, Fields: []wire.Field{{Name: "a", Type: "u24"}}}}, "unknown field type u24"},
		{"bad array", wire.Protocol{Name: "x", Header: code}, []wire.Form{{Name: "A", From: wire.Both, Fields: []wire.Field{{Name: "a", Type: "u24[2]"}}}}, "unknown field type"},
		{"unknown entry", wire.Protocol{Name: "x", Header: code}, []wire.Form{{Name: "A", From: wire.Both, Fields: []wire.Field{{Name: "a", Type: "list", Entry: "Nope"}}}}, "unknown entry type Nope"},
		{"variable type", wire.Protocol{Name: "x", Header: code, Types: []wire.Form{{Name: "T", Fields: []wire.Field{{Name: "s", Type: "str8"}}}}}, nil, "type T is not fixed"},
		{"duplicate", wire.Protocol{Name: "x", Header: code}, []wire.Form{{Name: "A", Code: 1, From: wire.Both}, {Name: "B", Code: 1, From: wire.FromServer}}, "two forms for the code of B"},
		{"code over 16 bits", wire.Protocol{Name: "x", Header: code}, []wire.Form{{Name: "A", Code: 1 << 16, From: wire.Both}}, "code over 16 bits"},
		{"wide marker", wire.Protocol{Name: "x", Header: append(code, wire.Field{Name: "m", Type: "bytes[3]", Role: wire.MarkerRole})}, nil, "header frame.m: a code, length or marker field must be 1, 2, 4 or 8 bytes"},
		{"variable length", wire.Protocol{Name: "x", Header: code}, []wire.Form{{Name: "A", From: wire.Both, Fields: []wire.Field{{Name: "n", Type: "str8", Role: wire.LengthRole}}}}, "form A.n: a code"},
		{"MaxSize too small", wire.Protocol{Name: "x", Header: code}, []wire.Form{{Name: "A", Code: 1, From: wire.Both, MaxSize: 3, Fields: []wire.Field{{Name: "s", Type: "cstring", Max: 9}, {Name: "b", Type: "u32"}}}}, "MaxSize below"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			defer func() {
				r := recover()
				if s, _ := r.(string); !strings.Contains(s, tt.want) {
					t.Errorf("panic %v, want one containing %q", r, tt.want)
				}
			}()
			wire.NewTable(tt.p, tt.forms, nil)
		})
	}
}

func TestParseArray(t *testing.T) {
	for in, want := range map[string]struct {
		elem string
		n    int
	}{"f32[3]": {"f32", 3}, "bytes[128]": {"bytes", 128}} {
		if elem, n, ok := wire.ParseArray(in); elem != want.elem || n != want.n || !ok {
			t.Errorf("ParseArray(%q) = %q, %d, %v", in, elem, n, ok)
		}
	}
	for _, in := range []string{"u8", "u8[]", "u8[0]", "u8[x]", "abc]", "[3]"} {
		if elem, n, ok := wire.ParseArray(in); elem != "" || n != 0 || ok {
			t.Errorf("ParseArray(%q) = %q, %d, %v; want no array", in, elem, n, ok)
		}
	}
	for typ, want := range map[string]bool{"cstring": true, "str8": true, "str16": true, "utf": true, "list": true, "rest": true, "u8": false, "bytes[3]": false} {
		if wire.IsVariable(typ) != want {
			t.Errorf("IsVariable(%q) != %v", typ, want)
		}
	}
}

func TestDirection(t *testing.T) {
	tests := []struct {
		d     wire.Direction
		s     string
		other wire.Direction
	}{
		{wire.FromClient, "client", wire.FromServer},
		{wire.FromServer, "server", wire.FromClient},
		{wire.Both, "both", wire.Both},
		{0, "none", 0},
		{9, "?", 9},
	}
	for _, tt := range tests {
		if tt.d.String() != tt.s || tt.d.Other() != tt.other {
			t.Errorf("%d: %q, %v", tt.d, tt.d.String(), tt.d.Other())
		}
		text, _ := tt.d.MarshalText()
		var back wire.Direction
		err := back.UnmarshalText(text)
		if tt.d >= 1 && tt.d <= 3 && (err != nil || back != tt.d) {
			t.Errorf("text round trip of %v: %v, %v", tt.d, back, err)
		}
		if (tt.d == 0 || tt.d > 3) && !errors.Is(err, wire.ErrInvalid) {
			t.Errorf("UnmarshalText(%q) = %v", text, err)
		}
	}
	if !wire.Both.Has(wire.FromClient) || wire.FromClient.Has(wire.FromServer) || wire.Both.Has(0) {
		t.Error("Has")
	}
	for p, s := range map[wire.Policy]string{wire.Checked: "checked", wire.Strict: "strict", wire.Lax: "lax"} {
		if p.String() != s {
			t.Errorf("Policy %d = %q", p, p.String())
		}
	}
}

func TestPutAndGrow(t *testing.T) {
	for _, o := range []wire.Order{wire.BigEndian, wire.LittleEndian} {
		b := make([]byte, 30)
		o.PutU16(b, 0x1234)
		o.PutU32(b[2:], 0x56789abc)
		o.PutU64(b[6:], 0x0102030405060708)
		o.PutF32(b[14:], -1.5)
		o.PutF64(b[18:], 2.25)
		if o.U16(b) != 0x1234 || o.U32(b[2:]) != 0x56789abc || o.U64(b[6:]) != 0x0102030405060708 || o.F32(b[14:]) != -1.5 || o.F64(b[18:]) != 2.25 {
			t.Errorf("%v: Put then read differs: % x", o, b)
		}
		var want []byte
		want = o.AppendU16(want, 0x1234)
		if !bytes.Equal(want, b[:2]) {
			t.Errorf("%v: PutU16 and AppendU16 differ", o)
		}
	}
	b := []byte{1, 2}
	grown, p := wire.Grow(b, 3)
	if len(grown) != 5 || len(p) != 3 || grown[0] != 1 || grown[1] != 2 {
		t.Errorf("Grow = % x, % x", grown, p)
	}
	roomy := make([]byte, 1, 10)
	g2, _ := wire.Grow(roomy, 4)
	if &g2[0] != &roomy[0] {
		t.Error("Grow reallocated with capacity to spare")
	}
	if n := testing.AllocsPerRun(100, func() { wire.Grow(roomy, 9) }); n != 0 {
		t.Errorf("Grow with capacity allocates %v", n)
	}
}

func TestFormReaderErrors(t *testing.T) {
	say := toyTable.Form("MsgSay", 0)
	r := wire.NewFormReader([]byte{0, 5, 0x73, 0x61, 1, 9}, say)
	r.Skip("length", 4)
	r.U8("kind")
	r.Bytes8("text")
	if r.Offset() != 5 || r.Err() != say.Err("text", wire.ErrShort) {
		t.Errorf("offset %d, err %v", r.Offset(), r.Err())
	}
	var loose wire.Form
	r = wire.NewFormReader(nil, &loose)
	r.U8("x")
	if !errors.Is(r.Err(), wire.ErrShort) {
		t.Error("a form outside any table")
	}
}

var _ io.Reader = (*bytes.Reader)(nil)
