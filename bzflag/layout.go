package bzflag

// Field is one field of a message layout, for documentation and tools
// (`gamewire spec`) and for naming fields in errors.
type Field struct {
	Name   string // the spec's name in lowerCamelCase, as in JSON ("callSign")
	Offset int    // from the start of the frame, header included
	Size   int    // bytes; 0 for a field that takes the rest of the frame
	Type   string // "uint16", "float32[3]", "PlayerId", "char[32]", "bytes", ...
}

// Layout is one message form: a code, the direction it travels in and its
// fields, header included.
type Layout struct {
	Name    string    // the spec's name ("MsgEnter")
	Code    Code      // the code
	From    Direction // who sends it; 0 when both directions share the layout
	Type    string    // the Go type in this package ("Enter")
	Size    int       // frame size, header included; the smallest if variable
	MaxSize int       // the largest frame size; equal to Size if fixed
	Fields  []Field
}

// Fixed reports whether every frame of the form has the same size.
func (l *Layout) Fixed() bool { return l.Size == l.MaxSize }

// fieldSizes gives the size of each field type used in layouts.
var fieldSizes = map[string]int{
	"uint16":     2,
	"uint16[5]":  2 * NumTeams,
	"int16":      2,
	"float32":    4,
	"float32[3]": 12,
	"PlayerId":   PlayerIDLen,
	"char[32]":   CallSignLen,
	"char[128]":  EmailLen,
	"bytes":      0,
	"cstring":    0,
}

// f is a field before layout gives it an offset.
func f(name, typ string) Field { return Field{Name: name, Type: typ, Size: fieldSizes[typ]} }

// headerFields are the first two fields of every frame.
var headerFields = []Field{
	{Name: "length", Offset: 0, Size: 2, Type: "uint16"},
	{Name: "code", Offset: 2, Size: 2, Type: "uint16"},
}

// flagStatusFields are the fields of a flag status ("flag status").
func flagStatusFields() []Field {
	return []Field{
		f("flagId", "uint16"), f("status", "uint16"), f("type", "uint16"),
		f("ownerId", "PlayerId"), f("position", "float32[3]"),
		f("launch", "float32[3]"), f("landing", "float32[3]"),
		f("flightTime", "float32"), f("flightEnd", "float32"),
		f("initialVelocity", "float32"),
	}
}

// newLayout lays the fields out one after the other after the header. A
// variable last field may hold up to maxVar bytes.
func newLayout(code Code, from Direction, typ string, maxVar int, fields ...Field) *Layout {
	l := &Layout{Name: code.String(), Code: code, From: from, Type: typ}
	l.Fields = append(l.Fields, headerFields...)
	off := HeaderLen
	for _, fl := range fields {
		fl.Offset = off
		off += fl.Size
		l.Fields = append(l.Fields, fl)
	}
	l.Size = off
	l.MaxSize = off + maxVar
	return l
}

// field returns the field called name, or a field named name at offset 0
// if the layout has none (never the case in this package).
func (l *Layout) field(name string) Field {
	for _, fl := range l.Fields {
		if fl.Name == name {
			return fl
		}
	}
	return Field{Name: name}
}

// fieldAt returns the field holding byte off.
func (l *Layout) fieldAt(off int) Field {
	for _, fl := range l.Fields {
		if off >= fl.Offset && (fl.Size == 0 || off < fl.Offset+fl.Size) {
			return fl
		}
	}
	return Field{Offset: off}
}
