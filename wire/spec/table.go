package spec

import (
	"github.com/gamewire/gamewire/wire/codec"
)

// Protocol describes what every form of a protocol shares: its name, byte
// order, the header every frame starts with, its composite field types,
// and the limits of a frame.
type Protocol struct {
	// Name is the protocol's name in errors and tools ("bzflag").
	Name string
	// Order is the byte order of multi-byte fields.
	Order codec.Order
	// Header is the header every frame starts with (a form may override
	// it): it holds the code and, for stream protocols, the length.
	Header []Field
	// Types are the fixed composite field types forms refer to by name
	// ("PlayerId"), in dependency order: a type may use earlier ones.
	Types []Form
	// MaxFrame is the spec's limit on one frame or datagram, header
	// included.
	MaxFrame int
	// HardMax is the most a reader accepts under the Lax policy, for peers
	// that break the spec's limit (0: MaxFrame).
	HardMax int
	// Datagram says frames are datagrams: one read, one frame.
	Datagram bool
	// Split, when set, tells a stream reader the length of the frame at
	// the start of b (header included) where the header alone cannot:
	// 0 and nil ask for more bytes. Without it the header's LengthRole
	// field gives the length.
	Split func(t *Table, b []byte) (int, error)
}

// Table is a protocol's message table: the single description of its
// wire, from which dispatch, constructors, errors and tools all read.
// Build it once, at package initialisation, with NewTable; it is
// read-only afterwards and safe for concurrent use.
type Table struct {
	Protocol
	// Forms are the message forms, in the table's order.
	Forms []Form

	new    func(i int) Message
	header []Field
	hdrEnd int    // the end of the header's fixed fields
	code   *Field // the header's CodeRole field
	length *Field // the header's LengthRole field, if any
	raw    Form
	codes  Index // (code, direction) to form index
}

// NewTable builds a protocol's table: it lays out every type and form
// (offsets, sizes), prebuilds their errors and indexes the forms by code
// and direction. newMessage returns a new zero value of form i's Go type.
//
// NewTable panics on a table that cannot be right (an unknown field type,
// two forms for one code and direction, a header without a code, a code,
// length or marker field that is not 1, 2, 4 or 8 bytes wide): those are
// mistakes in the program, caught when the package initialises.
func NewTable(p Protocol, forms []Form, newMessage func(i int) Message) *Table {
	t := &Table{Protocol: p, Forms: forms, new: newMessage}
	if t.HardMax < t.MaxFrame {
		t.HardMax = t.MaxFrame
	}
	for i := range t.Types {
		ty := &t.Types[i]
		ty.Protocol = p.Name
		ty.Index = i
		ty.table = t
		if !t.layout(ty, nil, "type") {
			panic("spec: type " + ty.Name + " is not fixed")
		}
	}
	t.header = t.layoutHeader(p.Header)
	t.hdrEnd = t.fieldsEnd(t.header)
	t.raw = Form{Name: "unknown", Type: "Raw", From: Both, Protocol: p.Name, Index: -1, table: t}
	t.raw.all = t.header
	t.raw.Size, t.raw.MaxSize = t.hdrEnd, t.HardMax
	t.raw.errs.init(p.Name, t.raw.Name, "", 0)
	for i := range t.header {
		switch t.header[i].Role {
		case CodeRole:
			t.code = &t.header[i]
		case LengthRole:
			t.length = &t.header[i]
		}
	}
	if t.code == nil || t.code.Offset < 0 || t.code.Size > 2 {
		panic("spec: " + p.Name + ": the header needs a code field of 1 or 2 bytes")
	}
	var byDir [2]map[uint32]int // the form index of each code, by direction
	for i := range forms {
		f := &forms[i]
		f.Protocol = p.Name
		f.Index = i
		f.table = t
		h := p.Header
		if f.Header != nil {
			h = f.Header
		}
		t.layout(f, h, "form")
		if f.Code > 0xffff {
			panic("spec: " + f.Name + ": code over 16 bits")
		}
		for d := range byDir {
			if f.From&(1<<d) == 0 {
				continue
			}
			if byDir[d] == nil {
				byDir[d] = map[uint32]int{}
			}
			if _, dup := byDir[d][f.Code]; dup {
				panic("spec: " + p.Name + ": two forms for the code of " + f.Name)
			}
			byDir[d][f.Code] = i
		}
	}
	t.codes = newIndex(byDir, t.code, t.Order)
	return t
}

// layoutHeader lays out the default header. Its errors name the message
// "frame", as a stream's own framing errors do: before the code is
// known, the frame is all there is to name.
func (t *Table) layoutHeader(h []Field) []Field {
	f := Form{Name: "frame", Fields: h}
	t.layout(&f, nil, "header")
	return f.all
}

// fieldsEnd returns the end of the last fixed field of a laid-out list.
func (t *Table) fieldsEnd(all []Field) int {
	n := 0
	for i := range all {
		if all[i].Offset >= 0 {
			n = all[i].Offset + all[i].Size
		}
	}
	return n
}

// layout computes the offsets and sizes of f's fields after header h and
// reports whether they are all fixed.
func (t *Table) layout(f *Form, h []Field, what string) bool {
	f.all = make([]Field, 0, len(h)+len(f.Fields))
	f.all = append(f.all, h...)
	f.all = append(f.all, f.Fields...)
	off, min, max, fixed := 0, 0, 0, true
	for i := range f.all {
		fl := &f.all[i]
		size, lo, hi := t.fieldSize(f, fl)
		if fl.Role != Data && size != 1 && size != 2 && size != 4 && size != 8 {
			panic("spec: " + what + " " + f.Name + "." + fl.Name + ": a code, length or marker field must be 1, 2, 4 or 8 bytes")
		}
		if fixed {
			fl.Offset = off
		} else {
			fl.Offset = -1
		}
		fl.Size = size
		if size == 0 {
			fixed = false
		}
		off += size
		min += lo
		max += hi
		fl.errs.init(t.Name, f.Name, fl.Name, fl.Offset)
	}
	f.Size = min
	if f.MaxSize == 0 || fixed {
		f.MaxSize = max
	}
	if f.MaxSize < f.Size {
		panic("spec: " + what + " " + f.Name + ": MaxSize below its smallest frame")
	}
	f.errs.init(t.Name, f.Name, "", 0)
	return fixed
}

// fieldSize returns a field's width (0 if variable) and the least and most
// bytes it can take.
func (t *Table) fieldSize(f *Form, fl *Field) (size, min, max int) {
	if n := PrimitiveSize(fl.Type); n > 0 {
		return n, n, n
	}
	switch fl.Type {
	case "cstring":
		return 0, 1, t.limit(fl.Max)
	case "str8":
		return 0, 1, 1 + min255(t.limit(fl.Max))
	case "str16", "utf":
		return 0, 2, 2 + t.limit(fl.Max)
	case "rest":
		return 0, 0, t.limit(fl.Max)
	case "list":
		e := t.Type(fl.Entry)
		if e == nil {
			panic("spec: " + f.Name + "." + fl.Name + ": unknown entry type " + fl.Entry)
		}
		return 0, 0, t.limit(fl.Max * e.Size)
	}
	if elem, n, ok := ParseArray(fl.Type); ok {
		if elem == "bytes" {
			return n, n, n
		}
		if s := PrimitiveSize(elem); s > 0 {
			return n * s, n * s, n * s
		}
		if ty := t.Type(elem); ty != nil {
			return n * ty.Size, n * ty.Size, n * ty.Size
		}
	}
	if ty := t.Type(fl.Type); ty != nil && ty.Size > 0 {
		return ty.Size, ty.Size, ty.Size
	}
	panic("spec: " + f.Name + "." + fl.Name + ": unknown field type " + fl.Type)
}

// limit returns n, or the frame limit when n is 0 or larger.
func (t *Table) limit(n int) int {
	if n <= 0 || n > t.HardMax {
		return t.HardMax
	}
	return n
}

func min255(n int) int {
	if n > 255 {
		return 255
	}
	return n
}

// Type returns the composite type called name, or nil.
func (t *Table) Type(name string) *Form {
	for i := range t.Types {
		if t.Types[i].Name == name || t.Types[i].Type == name {
			return &t.Types[i]
		}
	}
	return nil
}

// Form returns the form whose spec name or Go type is name and that
// travels in direction from (any direction when from is 0), or nil.
func (t *Table) Form(name string, from Direction) *Form {
	for i := range t.Forms {
		f := &t.Forms[i]
		if (f.Name == name || f.Type == name) && (from == 0 || f.From.Has(from)) {
			return f
		}
	}
	return nil
}

// Lookup returns the form for code sent in direction from, or nil. It is
// a direct lookup, one multiplication and one array indexing. With from
// Both it returns the form either peer sends with that code when there is
// exactly one (a protocol whose codes tell the direction, or a form of
// both directions), and nil when the two directions have different forms
// for it; the zero Direction means the same.
func (t *Table) Lookup(code uint32, from Direction) *Form {
	if code > 0xffff {
		return nil
	}
	if from == 0 {
		from = Both
	}
	if i := t.codes.find(code, from); i >= 0 {
		return &t.Forms[i]
	}
	return nil
}

// New returns a new zero value of the form's Go type.
func (t *Table) New(f *Form) Message {
	if f == nil || t.new == nil {
		return nil
	}
	return t.new(f.Index)
}

// HeaderLayout returns the protocol's header fields, laid out with their
// offsets and sizes (Protocol.Header as NewTable computed it). The slice
// is shared: do not modify it.
func (t *Table) HeaderLayout() []Field { return t.header }

// Index returns the table's code index, for a decoder's dispatch.
func (t *Table) Index() *Index { return &t.codes }

// RawForm returns the form that stands for codes the table does not know.
func (t *Table) RawForm() *Form { return &t.raw }

// errZeroTable is the error of a Table that NewTable did not build.
var errZeroTable = &codec.Error{Message: "table", Field: "code", Err: codec.ErrInvalid}

// UnknownCode returns the error of a frame whose code the table does not
// know: ErrUnknownCode at the header's code field, built once.
func (t *Table) UnknownCode() error {
	if t.code == nil {
		return errZeroTable
	}
	return t.code.errs.get(codec.ErrUnknownCode, t.Name, t.raw.Name, t.code.Name, t.code.Offset)
}

// Code reads the message code from the header at the start of b.
func (t *Table) Code(b []byte) (uint32, error) {
	c := t.code
	if c == nil {
		return 0, errZeroTable
	}
	if len(b) < c.Offset+c.Size {
		return 0, &c.errs.e[0] // codec.ErrShort
	}
	return uint32(t.Order.Uint(b[c.Offset : c.Offset+c.Size])), nil
}

// FrameLen returns the length of the frame at the start of b, header
// included, as the header (or the protocol's Split) gives it: 0 and nil
// when b does not yet hold enough to tell. A datagram protocol's frame is
// the whole of b. A length over HardMax fails with the length field's
// ErrTooLong, an error the table shares and so says no length: FrameLen
// returns the length along with it, for the caller's own error (a
// wire.Stream reports "frame length 9002 exceeds 8194").
func (t *Table) FrameLen(b []byte) (int, error) {
	if t.Datagram {
		return len(b), nil
	}
	if t.Split != nil {
		return t.Split(t, b)
	}
	l := t.length
	if l == nil {
		return 0, &t.raw.errs.e[slotInvalid]
	}
	if len(b) < l.Offset+l.Size {
		return 0, nil
	}
	n := int(t.Order.Uint(b[l.Offset:l.Offset+l.Size])) + l.Adjust
	if n > t.HardMax {
		return n, &l.errs.e[slotTooLong]
	}
	if n < t.hdrEnd {
		return 0, &l.errs.e[slotInvalid]
	}
	return n, nil
}

// The slots of the sentinels in fieldErrors.
const (
	slotShort = iota
	slotTrailing
	slotTooLong
	slotUnknown
	slotInvalid
	slotEnd
)
