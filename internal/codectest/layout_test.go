package codectest

import (
	"math"
	"reflect"
	"strings"
	"testing"

	"github.com/gamewire/gamewire/wire"
	"github.com/gamewire/gamewire/wire/spec"
	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
)

// toyForm returns toy's form in a table of its own, with fields as
// given: the right layout, or a deliberately broken one.
func toyForm(maxSize int, fields ...spec.Field) *spec.Form {
	forms := []spec.Form{{Name: "Toy", Code: 0x7e, From: wire.Both, Type: "toy", MaxSize: maxSize, Fields: fields}}
	toyTable(forms, nil)
	return &forms[0]
}

// toyTable lays forms out in a table of the toy protocol: datagrams with a
// one-byte code.
func toyTable(forms []spec.Form, newMessage func(int) wire.Message) *spec.Table {
	return spec.NewTable(spec.Protocol{
		Name:     "toy",
		Header:   []spec.Field{{Name: "header", Type: "u8", Role: spec.CodeRole}},
		MaxFrame: 300,
		Datagram: true,
	}, forms, newMessage)
}

var (
	fieldA    = spec.Field{Name: "a", Type: "u16"}
	fieldB    = spec.Field{Name: "b", Type: "u32"}
	fieldFlag = spec.Field{Name: "flag", Type: "u8"}
	fieldName = spec.Field{Name: "name", Type: "str8"}
)

func floatyForm(fields ...spec.Field) *spec.Form {
	forms := []spec.Form{{Name: "Floaty", Code: 0x66, From: wire.Both, Type: "floaty", Fields: fields}}
	toyTable(forms, nil)
	return &forms[0]
}

func floatyGen() gopter.Gen {
	return gen.StrictStruct(reflect.TypeFor[floaty](), map[string]gopter.Gen{
		"F": gen.UInt32().Map(math.Float32frombits),
		"D": gen.UInt64().Map(math.Float64frombits),
	})
}

// TestCheckLayout runs the layout checks on the toy codecs with the right
// layout, then with one deliberate defect at a time, in the layout or in
// the codec: each must be reported by the check meant for it.
func TestCheckLayout(t *testing.T) {
	defer func() { current, layoutForm = noBug, nil }()
	overlapping := func() *spec.Form {
		f := toyForm(0, fieldA, fieldB, fieldFlag, fieldName)
		f.Layout()[2].Offset-- // b overlaps a
		return f
	}
	tests := []struct {
		name string
		form func() *spec.Form
		bug  bug
		run  func(TB)
		want string // a regular expression; "" for no failure
	}{
		{name: "right", form: func() *spec.Form { return toyForm(0, fieldA, fieldB, fieldFlag, fieldName) }},
		{name: "right, fixed", form: func() *spec.Form {
			return floatyForm(spec.Field{Name: "f", Type: "f32"}, spec.Field{Name: "d", Type: "f64"})
		}, run: func(tb TB) { Check[floaty](tb, floatyGen()) }},
		{name: "wrong size of a fixed form", form: func() *spec.Form {
			return floatyForm(spec.Field{Name: "f", Type: "f32"}, spec.Field{Name: "d", Type: "f32"})
		}, run: func(tb TB) { Check[floaty](tb, floatyGen()) }, want: `encoded in 13 bytes, outside Floaty's layout: 9 to 9 bytes`},
		{name: "wrong maximum of a variable form", form: func() *spec.Form { return toyForm(20, fieldA, fieldB, fieldFlag, fieldName) },
			want: `encoded in \d+ bytes, outside Toy's layout: 9 to 20 bytes`},
		{name: "wrong size of a field", form: func() *spec.Form {
			return toyForm(0, spec.Field{Name: "a", Type: "u8"}, fieldB, fieldFlag, fieldName)
		}, want: `changing bytes 2 to 6, Toy.b in the layout, changes A too`},
		{name: "wrong order in the layout", form: func() *spec.Form { return toyForm(0, fieldB, fieldA, fieldFlag, fieldName) },
			want: `changing bytes 1 to 5, Toy.b in the layout, changes A too`},
		{name: "wrong order in the codec", bug: swapsAB, form: func() *spec.Form { return toyForm(0, fieldA, fieldB, fieldFlag, fieldName) },
			want: `changing bytes 1 to 3, Toy.a in the layout, leaves A as it was`},
		{name: "a field the codec does not hold", form: func() *spec.Form {
			return toyForm(0, fieldA, spec.Field{Name: "bee", Type: "u32"}, fieldFlag, fieldName)
		}, want: `Toy.bee has no Go field tagged json:"bee"`},
		{name: "a header the codec does not check", bug: ignoresHeader, form: func() *spec.Form { return toyForm(0, fieldA, fieldB, fieldFlag, fieldName) },
			want: `with its header changed .* the frame still decodes`},
		{name: "overlapping fields", form: overlapping,
			want: `Toy.b is at byte 2, but the field before it ends at byte 3`},
		{name: "a fixed field after a variable one", form: func() *spec.Form {
			f := toyForm(0, fieldA, fieldName, fieldB)
			f.Layout()[3].Offset = 4
			return f
		}, want: `Toy.b lies after a variable field but has offset 4, want -1`},
		{name: "sizes that disagree with the fields", form: func() *spec.Form {
			f := floatyForm(spec.Field{Name: "f", Type: "f32"}, spec.Field{Name: "d", Type: "f64"})
			f.MaxSize++
			return f
		}, run: func(tb TB) { Check[floaty](tb, floatyGen()) }, want: `Floaty is fixed, its fields end at byte 13, but Size = 13 and MaxSize = 14`},
		{name: "no layout", form: func() *spec.Form { return &spec.Form{Name: "Toy"} }, want: `form Toy has no layout`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			current, layoutForm = tt.bug, tt.form()
			defer func() { current, layoutForm = noBug, nil }()
			run := tt.run
			if run == nil {
				run = func(tb TB) { Check[toy](tb, toyGen(), Samples(50)) }
			}
			var r recorder
			run(&r)
			r.matchAny(t, tt.want)
		})
	}
}

// TestCheckLayoutOff: NoLayout turns the layout checks off, and a codec
// without a form (Form returns nil, or no Form method) gets none.
func TestCheckLayoutOff(t *testing.T) {
	defer func() { current, layoutForm = noBug, nil }()
	layoutForm = toyForm(0, fieldB, fieldA, fieldFlag, fieldName)
	var r recorder
	Check[toy](&r, toyGen(), Samples(20), NoLayout())
	if len(r.errs) != 0 {
		t.Errorf("NoLayout still checked the layout:\n%s", strings.Join(r.errs, "\n"))
	}
	layoutForm = nil
	Check[toy](&r, toyGen(), Samples(20))
	Check[rest](&r, gen.Const(rest{Data: []byte{1}}), TakesRest(), Samples(5))
	if len(r.errs) != 0 {
		t.Errorf("a codec without a form got layout checks:\n%s", strings.Join(r.errs, "\n"))
	}
}
