package spec_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/gamewire/gamewire/wire/codec"
	"github.com/gamewire/gamewire/wire/internal/toy"
	"github.com/gamewire/gamewire/wire/spec"
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
		f := toy.Table.Form(tt.form, 0)
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
		if f.Fixed() != (tt.formSize == tt.max) || f.Table() != toy.Table || f.Protocol != "toy" {
			t.Errorf("%s: Fixed %v, Table, Protocol %q", tt.form, f.Fixed(), f.Protocol)
		}
		if fl.Fixed() != (tt.size > 0) {
			t.Errorf("%s.%s: Fixed() = %v", tt.form, tt.field, fl.Fixed())
		}
	}
	if got := len(toy.Table.Form("MsgSay", 0).Layout()); got != 5 {
		t.Errorf("MsgSay layout has %d fields, want 5", got)
	}
	if toy.Table.Form("Pong", spec.FromClient) != nil || toy.Table.Form("Pong", spec.FromServer) == nil {
		t.Error("Form by Go type and direction")
	}
	if toy.Table.Form("Nope", 0) != nil || toy.Table.Type("Nope") != nil || toy.Table.Type("Point").Size != 4 {
		t.Error("Form or Type lookup")
	}
	onlyServer := spec.NewTable(toy.Protocol, []spec.Form{{Name: "S", Code: 5, From: spec.FromServer}, {Name: "C", Code: 6, From: spec.FromClient}}, nil)
	if onlyServer.Lookup(5, spec.Both).Name != "S" || onlyServer.Lookup(6, spec.Both).Name != "C" {
		t.Error("Lookup with Both finds the one form of a code")
	}
	if len(toy.Table.HeaderLayout()) != 2 || toy.Table.RawForm().Name != "unknown" {
		t.Error("Header or RawForm")
	}
	if toy.Table.Form("MsgPing", 0).Field("nope") != nil {
		t.Error("Field of an unknown name")
	}
}

func TestTableFieldAt(t *testing.T) {
	ping := toy.Table.Form("MsgPing", 0)
	for off, want := range []string{"length", "length", "code", "code", "value", "value", "value", "value"} {
		if fl := ping.FieldAt(off); fl == nil || fl.Name != want {
			t.Errorf("FieldAt(%d) = %v, want %s", off, fl, want)
		}
	}
	say := toy.Table.Form("MsgSay", 0)
	if say.FieldAt(5).Name != "text" || say.FieldAt(40).Name != "text" {
		t.Error("a variable field holds every byte after its start")
	}
	if ping.FieldAt(8) != nil {
		t.Error("FieldAt past a fixed form")
	}
	sayNoVar := spec.NewTable(toy.Protocol, []spec.Form{{Name: "A", Code: 1, From: spec.Both, Fields: []spec.Field{{Name: "s", Type: "cstring", Max: 4}, {Name: "b", Type: "u8"}}}}, nil)
	if sayNoVar.Forms[0].FieldAt(30).Name != "s" || sayNoVar.Forms[0].FieldAt(-1) != nil {
		t.Error("FieldAt after a variable field")
	}
}

func TestTableLookup(t *testing.T) {
	tests := []struct {
		code uint32
		from spec.Direction
		want string
	}{
		{0x7069, spec.FromClient, "MsgPing"},
		{0x7069, spec.FromServer, "MsgPong"},
		{0x7361, spec.FromClient, "MsgSay"},
		{0x7361, spec.FromServer, "MsgSay"},
		{0x7362, spec.FromServer, ""},
		{0x1234, spec.FromServer, ""},
		{0x7069, spec.Both, ""}, // two forms: the direction must say
		{0x7361, spec.Both, "MsgSay"},
		{0x7362, spec.Both, ""},
		{0x7361, 0, "MsgSay"},
		{0x7069, 9, ""},
		{0x17069, spec.FromClient, ""},
	}
	for _, tt := range tests {
		f := toy.Table.Lookup(tt.code, tt.from)
		if (f == nil && tt.want != "") || (f != nil && f.Name != tt.want) {
			t.Errorf("Lookup(%#x, %v) = %v, want %q", tt.code, tt.from, f, tt.want)
		}
	}
	if m := toy.Table.New(toy.Table.Lookup(0x7069, spec.FromServer)); m.Form().Name != "MsgPong" {
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
	le := toy.Protocol
	le.Order = codec.LittleEndian
	narrow := toy.Protocol
	narrow.Header = []spec.Field{{Name: "code", Type: "u8", Go: "-", Role: spec.CodeRole}}
	for field, p := range map[string]spec.Protocol{"big-endian u16": toy.Protocol, "little-endian u16": le, "u8": narrow} {
		lookupEveryCode(t, field, p)
	}
}

func lookupEveryCode(t *testing.T, field string, p spec.Protocol) {
	for name, forms := range codeShapes() {
		tb := spec.NewTable(p, forms, nil)
		for code := uint32(0); code <= 0x10000; code++ {
			for from := range spec.Direction(5) {
				var want *spec.Form
				if from >= 1 && from <= spec.Both && code <= 0xffff {
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
					want = tb.Lookup(code, spec.Both)
				}
				if got := tb.Lookup(code, from); got != want {
					t.Fatalf("%s code, %s: Lookup(%#x, %v) = %v, want %v", field, name, code, from, got, want)
				}
			}
		}
	}
}

func TestTableErrors(t *testing.T) {
	ping := toy.Table.Form("MsgPing", 0)
	err := ping.Err("value", codec.ErrShort)
	if err.Error() != "toy: MsgPing: field value at byte 4: short input" || !errors.Is(err, codec.ErrShort) {
		t.Errorf("Err = %v", err)
	}
	if ping.Err("value", codec.ErrShort) != err {
		t.Error("Err does not return the prebuilt error")
	}
	if got := ping.ErrAt(1, codec.ErrInvalid).Error(); got != "toy: MsgPing: field code at byte 2: invalid value" {
		t.Errorf("ErrAt = %s", got)
	}
	if got := ping.Err("", codec.ErrTrailing).Error(); got != "toy: MsgPing: at byte 0: trailing bytes" {
		t.Errorf("whole-message Err = %s", got)
	}
	custom := errors.New("custom")
	if e := ping.Err("value", custom); !errors.Is(e, custom) || e == ping.Err("value", custom) {
		t.Error("a kind that is not a sentinel gets an error of its own")
	}
	say := toy.Table.Form("MsgSay", 0)
	if got := say.Err("after", codec.ErrShort).Error(); got != "toy: MsgSay: field after: short input" {
		t.Errorf("a field after a variable part = %s", got)
	}
	// A form never given to NewTable builds its errors on first use.
	var loose spec.Form
	loose.Name = "Loose"
	if got := loose.Err("", codec.ErrInvalid).Error(); got != "Loose: at byte 0: invalid value" {
		t.Errorf("loose form Err = %s", got)
	}
}

func TestTableCodeAndFrameLen(t *testing.T) {
	if _, err := toy.Table.Code([]byte{0, 4, 0x70}); !errors.Is(err, codec.ErrShort) {
		t.Errorf("Code of 3 bytes: %v", err)
	}
	if c, err := toy.Table.Code([]byte{0, 4, 0x70, 0x69}); c != 0x7069 || err != nil {
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
		{[]byte{0, 29}, 33, codec.ErrTooLong}, // the length read, with the error
		{[]byte{0xff, 0xfd}, 65537, codec.ErrTooLong},
	}
	for _, tt := range tests {
		n, err := toy.Table.FrameLen(tt.in)
		if n != tt.n || !errors.Is(err, tt.kind) || (tt.kind == nil) != (err == nil) {
			t.Errorf("FrameLen(% x) = %d, %v; want %d, %v", tt.in, n, err, tt.n, tt.kind)
		}
		if tt.kind != nil {
			// The table's shared error, which says no length.
			checkError(t, err, codec.Error{Protocol: "toy", Message: "frame", Field: "length", Err: tt.kind})
		}
	}
	// A one-byte code and length, with Adjust making a frame shorter than
	// its header impossible.
	small := spec.NewTable(spec.Protocol{Name: "small", MaxFrame: 300, Header: []spec.Field{
		{Name: "code", Type: "u8", Role: spec.CodeRole}, {Name: "len", Type: "u8", Role: spec.LengthRole},
	}}, []spec.Form{{Name: "A", Code: 7, From: spec.Both}}, nil)
	if c, _ := small.Code([]byte{7, 0}); c != 7 {
		t.Error("one-byte code")
	}
	if n, err := small.FrameLen([]byte{7, 1}); n != 0 || !errors.Is(err, codec.ErrInvalid) {
		t.Errorf("frame under the header: %d, %v", n, err)
	}
	if n, err := small.FrameLen([]byte{7, 200}); n != 200 || err != nil {
		t.Errorf("one-byte length: %d, %v", n, err)
	}
	wide := spec.NewTable(spec.Protocol{Name: "wide", Order: codec.LittleEndian, MaxFrame: 100, Header: []spec.Field{
		{Name: "len", Type: "u32", Role: spec.LengthRole}, {Name: "code", Type: "u16", Role: spec.CodeRole},
	}}, nil, nil)
	if n, err := wide.FrameLen([]byte{10, 0, 0, 0}); n != 10 || err != nil {
		t.Errorf("four-byte length: %d, %v", n, err)
	}
	dgram := spec.NewTable(spec.Protocol{Name: "dgram", Datagram: true, MaxFrame: 10, Header: []spec.Field{{Name: "type", Type: "u8", Role: spec.CodeRole}}}, nil, nil)
	if n, err := dgram.FrameLen([]byte{1, 2, 3}); n != 3 || err != nil {
		t.Errorf("datagram FrameLen = %d, %v", n, err)
	}
	noLen := spec.NewTable(spec.Protocol{Name: "nolen", MaxFrame: 10, Header: []spec.Field{{Name: "type", Type: "u8", Role: spec.CodeRole}}}, nil, nil)
	if _, err := noLen.FrameLen([]byte{1, 2, 3}); !errors.Is(err, codec.ErrInvalid) {
		t.Errorf("FrameLen with no length field: %v", err)
	}
	split := spec.NewTable(spec.Protocol{Name: "split", MaxFrame: 10, Header: []spec.Field{{Name: "type", Type: "u8", Role: spec.CodeRole}},
		Split: func(t *spec.Table, b []byte) (int, error) { return 2, nil }}, nil, nil)
	if n, _ := split.FrameLen(nil); n != 2 {
		t.Error("Split not used")
	}
}

func TestTableSizes(t *testing.T) {
	fields := []spec.Field{
		{Name: "a", Type: "u8"}, {Name: "b", Type: "s64"}, {Name: "c", Type: "f64"},
		{Name: "d", Type: "f32[3]"}, {Name: "e", Type: "bytes[5]"}, {Name: "f", Type: "Point[2]"},
		{Name: "g", Type: "cstring", Max: 8}, {Name: "h", Type: "str8"}, {Name: "i", Type: "str16", Max: 3},
		{Name: "j", Type: "utf", Max: 4}, {Name: "k", Type: "rest", Max: 5}, {Name: "l", Type: "list", Entry: "Point", Max: 2},
	}
	p := toy.Protocol
	p.HardMax = 1000
	tb := spec.NewTable(p, []spec.Form{{Name: "Big", Code: 1, From: spec.Both, Fields: fields}}, nil)
	f := &tb.Forms[0]
	// fixed: 4 + 1+8+8+12+5+8 = 46; least: +1 +1 +2 +2 = 52; most: 46+8+256+5+6+5+8 = 334
	if f.Size != 52 || f.MaxSize != 334 {
		t.Errorf("Big: %d..%d, want 52..334", f.Size, f.MaxSize)
	}
	own := spec.NewTable(p, []spec.Form{{Name: "Own", Code: 2, From: spec.Both,
		Header: []spec.Field{{Name: "code", Type: "u16", Role: spec.CodeRole}, {Name: "seq", Type: "u32"}}}}, nil)
	if f := &own.Forms[0]; f.Size != 6 || f.Field("seq").Offset != 2 || f.Field("length") != nil {
		t.Errorf("a form's own header: size %d", f.Size)
	}
	bound := spec.NewTable(p, []spec.Form{{Name: "Bound", Code: 1, From: spec.Both, MaxSize: 40, Fields: []spec.Field{{Name: "r", Type: "rest"}}}}, nil)
	if bound.Forms[0].MaxSize != 40 {
		t.Errorf("explicit MaxSize: %d", bound.Forms[0].MaxSize)
	}
	unbound := spec.NewTable(p, []spec.Form{{Name: "Unbound", Code: 1, From: spec.Both, Fields: []spec.Field{{Name: "r", Type: "rest", Max: 5000}}}}, nil)
	if unbound.Forms[0].MaxSize != 4+1000 {
		t.Errorf("rest without a bound: %d", unbound.Forms[0].MaxSize)
	}
}

func TestTablePanics(t *testing.T) {
	code := []spec.Field{{Name: "code", Type: "u16", Role: spec.CodeRole}}
	tests := []struct {
		name  string
		p     spec.Protocol
		forms []spec.Form
		want  string
	}{
		{"no code", spec.Protocol{Name: "x"}, nil, "needs a code field"},
		{"wide code", spec.Protocol{Name: "x", Header: []spec.Field{{Name: "code", Type: "u32", Role: spec.CodeRole}}}, nil, "needs a code field"},
		{"unknown type", spec.Protocol{Name: "x", Header: code}, []spec.Form{{Name: "A", From: spec.Both, Fields: []spec.Field{{Name: "a", Type: "u24"}}}}, "unknown field type u24"},
		{"bad array", spec.Protocol{Name: "x", Header: code}, []spec.Form{{Name: "A", From: spec.Both, Fields: []spec.Field{{Name: "a", Type: "u24[2]"}}}}, "unknown field type"},
		{"unknown entry", spec.Protocol{Name: "x", Header: code}, []spec.Form{{Name: "A", From: spec.Both, Fields: []spec.Field{{Name: "a", Type: "list", Entry: "Nope"}}}}, "unknown entry type Nope"},
		{"variable type", spec.Protocol{Name: "x", Header: code, Types: []spec.Form{{Name: "T", Fields: []spec.Field{{Name: "s", Type: "str8"}}}}}, nil, "type T is not fixed"},
		{"duplicate", spec.Protocol{Name: "x", Header: code}, []spec.Form{{Name: "A", Code: 1, From: spec.Both}, {Name: "B", Code: 1, From: spec.FromServer}}, "two forms for the code of B"},
		{"code over 16 bits", spec.Protocol{Name: "x", Header: code}, []spec.Form{{Name: "A", Code: 1 << 16, From: spec.Both}}, "code over 16 bits"},
		{"wide marker", spec.Protocol{Name: "x", Header: append(code, spec.Field{Name: "m", Type: "bytes[3]", Role: spec.MarkerRole})}, nil, "header frame.m: a code, length or marker field must be 1, 2, 4 or 8 bytes"},
		{"variable length", spec.Protocol{Name: "x", Header: code}, []spec.Form{{Name: "A", From: spec.Both, Fields: []spec.Field{{Name: "n", Type: "str8", Role: spec.LengthRole}}}}, "form A.n: a code"},
		{"MaxSize too small", spec.Protocol{Name: "x", Header: code}, []spec.Form{{Name: "A", Code: 1, From: spec.Both, MaxSize: 3, Fields: []spec.Field{{Name: "s", Type: "cstring", Max: 9}, {Name: "b", Type: "u32"}}}}, "MaxSize below"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			defer func() {
				r := recover()
				if s, _ := r.(string); !strings.HasPrefix(s, "spec: ") || !strings.Contains(s, tt.want) {
					t.Errorf("panic %v, want one of package spec containing %q", r, tt.want)
				}
			}()
			spec.NewTable(tt.p, tt.forms, nil)
		})
	}
}

func TestParseArray(t *testing.T) {
	for in, want := range map[string]struct {
		elem string
		n    int
	}{"f32[3]": {"f32", 3}, "bytes[128]": {"bytes", 128}} {
		if elem, n, ok := spec.ParseArray(in); elem != want.elem || n != want.n || !ok {
			t.Errorf("ParseArray(%q) = %q, %d, %v", in, elem, n, ok)
		}
	}
	for _, in := range []string{"u8", "u8[]", "u8[0]", "u8[x]", "abc]", "[3]"} {
		if elem, n, ok := spec.ParseArray(in); elem != "" || n != 0 || ok {
			t.Errorf("ParseArray(%q) = %q, %d, %v; want no array", in, elem, n, ok)
		}
	}
	for typ, want := range map[string]bool{"cstring": true, "str8": true, "str16": true, "utf": true, "list": true, "rest": true, "u8": false, "bytes[3]": false} {
		if spec.IsVariable(typ) != want {
			t.Errorf("IsVariable(%q) != %v", typ, want)
		}
	}
}

// TestTableAllocs checks that what a decoder asks of its table on every
// frame, and every error it takes from it, allocates nothing.
func TestTableAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("allocation counts are not meaningful under the race detector")
	}
	say := toy.Table.Form("MsgSay", 0)
	frame := toy.Frame(&toy.Say{Text: []byte("hi")})
	long := []byte{0xff, 0xff, 0x73, 0x61}
	var sinkErr error
	for name, fn := range map[string]func(){
		"Lookup":            func() { _ = toy.Table.Lookup(toy.CodeSay, spec.FromClient) },
		"Code":              func() { _, sinkErr = toy.Table.Code(frame) },
		"Code/short":        func() { _, sinkErr = toy.Table.Code(frame[:1]) },
		"FrameLen":          func() { _, sinkErr = toy.Table.FrameLen(frame) },
		"FrameLen/long":     func() { _, sinkErr = toy.Table.FrameLen(long) },
		"Form.Err":          func() { sinkErr = say.Err("text", codec.ErrShort) },
		"Form.ErrAt":        func() { sinkErr = say.ErrAt(3, codec.ErrTooLong) },
		"Form.Short":        func() { _, sinkErr = say.Short(5) },
		"Form.Exact":        func() { sinkErr = say.Exact(9, 10, nil) },
		"Form.Mismatch":     func() { _, sinkErr = say.Mismatch(long) },
		"Table.UnknownCode": func() { sinkErr = toy.Table.UnknownCode() },
	} {
		if n := testing.AllocsPerRun(100, fn); n != 0 {
			t.Errorf("%s allocates %v", name, n)
		}
	}
	_ = sinkErr
}
