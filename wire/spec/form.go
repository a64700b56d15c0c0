package spec

import (
	"strconv"

	"github.com/gamewire/gamewire/wire/codec"
)

// Role is what a header field does for the framing.
type Role uint8

// The roles of header fields.
const (
	// Data is an ordinary field: its value belongs to the message.
	Data Role = iota
	// CodeRole is the field holding the message code (type id).
	CodeRole
	// LengthRole is the field holding a length: the frame's length minus
	// the field's Adjust.
	LengthRole
	// MarkerRole is a constant byte or word (Paintball's '*'): its Value.
	MarkerRole
)

// Field is one field of a message form, as the spec draws it.
//
// In a table's source only Name, Type, Go, Doc and the variable-part
// attributes (Max, Count, Entry) are written; NewTable computes Offset
// and Size.
type Field struct {
	// Name is the spec's name for the field in lowerCamelCase: the JSON
	// key, the name in errors and in `gamewire spec`.
	Name string
	// Spec is the spec's own words for the field when they differ from
	// Name ("call sign"); empty otherwise.
	Spec string
	// Type is the field's wire type:
	//
	//	u8 s8 u16 s16 u32 s32 u64 s64 f32 f64   integers and IEEE floats, in the protocol's order
	//	u16[5] f32[3] ...                       a fixed array of one of those
	//	bytes[N]                                N raw bytes (fixed-width strings, padding kept)
	//	NAME                                    a fixed composite type from the protocol's Types
	//	cstring                                 a NUL-terminated string of at most Max bytes, NUL included
	//	str8 str16                              a string after its length as a u8 or u16 (at most Max bytes)
	//	utf                                     Java's writeUTF: a big-endian u16 byte count, then modified UTF-8
	//	list                                    Count entries of type Entry (at most Max entries)
	//	rest                                    every byte to the end of the frame (at most Max bytes)
	//
	// The last five are variable: a form's fields after the first variable
	// one have no fixed offset.
	Type string
	// Go is the Go struct field this field decodes into, "Name GoType"
	// ("CallSign CallSign"), or "-" for a field with no Go field of its
	// own (a header's code and length). Empty means the exported form of
	// Name with the Go type implied by Type.
	Go string
	// Doc is the spec's description, for doc comments and `gamewire spec`.
	Doc string
	// Role is what the field does for the framing (header fields only).
	Role Role
	// Value is the constant of a MarkerRole field.
	Value uint64
	// Adjust is subtracted from the frame length to give a LengthRole
	// field's value (BZFlag's length counts the body, 4 less).
	Adjust int
	// Max bounds a variable field: bytes for strings and rest, entries for
	// a list.
	Max int
	// Count names the field that holds a list's number of entries.
	Count string
	// Entry names the protocol type of one list entry.
	Entry string

	// Offset is the byte offset from the start of the frame, header
	// included, or -1 for a field after a variable one.
	Offset int
	// Size is the field's width in bytes, or 0 for a variable field.
	Size int

	errs fieldErrors
}

// Fixed reports whether the field has a fixed width.
func (f *Field) Fixed() bool { return f.Size > 0 }

// Form is one message form: a code, the direction it travels in, and its
// fields, header included. A protocol package holds one table of forms,
// its single description of the wire.
type Form struct {
	// Name is the spec's name for the message ("MsgEnter", "SMSG_PING").
	Name string
	// Spec is the spec's own words for the message when they differ from
	// Name ("Player Update Request Packet"), for doc comments; empty
	// otherwise.
	Spec string
	// Code is the message code (type id) as the header carries it.
	Code uint32
	// From is the direction the form travels in; Both when the layout is
	// the same either way.
	From Direction
	// Type is the Go type of the form in its package ("Enter").
	Type string
	// Doc is the spec's description of the message.
	Doc string
	// Header overrides the protocol's header for this form (lwar's
	// reliable messages carry a sequence number).
	Header []Field
	// Fields are the form's fields after the header, in wire order.
	Fields []Field
	// Hand says the form's codec is written by hand in its type's file
	// (an encoding the field types cannot say); the generator then emits
	// only the struct type and Form.
	Hand bool
	// MaxSize bounds a variable form's frame, header included, where the
	// spec gives a bound the fields do not imply; 0 to compute it.
	MaxSize int

	// Size is the frame size of a fixed form, or the smallest frame of a
	// variable one, header included (computed).
	Size int
	// Protocol names the protocol ("bzflag"), set by NewTable.
	Protocol string
	// Index is the form's position in its table (computed).
	Index int

	all   []Field // header then Fields, offsets from the frame's start
	table *Table
	errs  fieldErrors // the errors of the message as a whole
}

// Fixed reports whether every frame of the form has the same size.
func (f *Form) Fixed() bool { return f.Size == f.MaxSize }

// Layout returns every field of a frame, header included, with offsets
// from the start of the frame. The slice is shared: do not modify it.
func (f *Form) Layout() []Field { return f.all }

// Table returns the table the form belongs to.
func (f *Form) Table() *Table { return f.table }

// Field returns the field called name (header included), or nil.
func (f *Form) Field(name string) *Field {
	for i := range f.all {
		if f.all[i].Name == name {
			return &f.all[i]
		}
	}
	return nil
}

// FieldAt returns the field that holds byte off of a frame, or nil when
// off lies past the fixed fields.
func (f *Form) FieldAt(off int) *Field {
	for i := range f.all {
		fl := &f.all[i]
		if fl.Offset < 0 {
			return nil
		}
		if off >= fl.Offset && (fl.Size == 0 || off < fl.Offset+fl.Size) {
			return fl
		}
	}
	return nil
}

// Short returns what a decoder returns for an input that ends at byte n,
// before the form's frame does: the offset of the field that holds byte n
// (the first variable field when n lies past the fixed ones) and that
// field's ErrShort error, or n and the message's ErrShort when n lies past
// every field. It allocates nothing.
func (f *Form) Short(n int) (int, error) {
	if fl := f.FieldAt(n); fl != nil {
		return fl.Offset, fl.errs.get(codec.ErrShort, f.Protocol, f.Name, fl.Name, fl.Offset)
	}
	return n, f.errs.get(codec.ErrShort, f.Protocol, f.Name, "", 0)
}

// Err returns the error of kind for the field called name of this form
// (the message as a whole when name is empty or unknown). It allocates
// nothing for the sentinels of this package: the errors are built once,
// with the field's offset (-1, printed as no offset, for a field after a
// variable part: a Decoder or Stream reports the exact offset).
func (f *Form) Err(name string, kind error) error {
	if fl := f.Field(name); fl != nil {
		return fl.errs.get(kind, f.Protocol, f.Name, fl.Name, fl.Offset)
	}
	return f.errs.get(kind, f.Protocol, f.Name, "", 0)
}

// ErrAt is Err for field i of Layout, for generated code.
func (f *Form) ErrAt(i int, kind error) error {
	if uint(i) >= uint(len(f.all)) {
		return f.errs.get(kind, f.Protocol, f.Name, "", 0)
	}
	fl := &f.all[i]
	return fl.errs.get(kind, f.Protocol, f.Name, fl.Name, fl.Offset)
}

// sentinels are the kinds built once per field; their index is the slot.
var sentinels = [...]error{codec.ErrShort, codec.ErrTrailing, codec.ErrTooLong, codec.ErrUnknownCode, codec.ErrInvalid, codec.ErrUnexpectedEnd}

// fieldErrors holds one prebuilt error per sentinel.
type fieldErrors struct{ e [len(sentinels)]codec.Error }

func (fe *fieldErrors) init(protocol, message, field string, off int) {
	for i, k := range sentinels {
		fe.e[i] = codec.Error{Protocol: protocol, Message: message, Field: field, Offset: off, Err: k}
	}
}

// get returns the prebuilt error of kind, or a new one for a kind that is
// not a sentinel of this package.
func (fe *fieldErrors) get(kind error, protocol, message, field string, off int) error {
	for i, k := range sentinels {
		if k == kind {
			if fe.e[i].Err == nil { // a form used before NewTable
				fe.init(protocol, message, field, off)
			}
			return &fe.e[i]
		}
	}
	return &codec.Error{Protocol: protocol, Message: message, Field: field, Offset: off, Err: kind}
}

// PrimitiveSize returns the width in bytes of a primitive field type (u8
// to u64, s8 to s64, f32, f64), or 0 for any other type.
func PrimitiveSize(t string) int {
	switch t {
	case "u8", "s8":
		return 1
	case "u16", "s16":
		return 2
	case "u32", "s32", "f32":
		return 4
	case "u64", "s64", "f64":
		return 8
	}
	return 0
}

// IsVariable reports whether a field type has no fixed width.
func IsVariable(typ string) bool {
	switch typ {
	case "cstring", "str8", "str16", "utf", "list", "rest":
		return true
	}
	return false
}

// ParseArray splits "T[N]" into T and N; ok is false for anything else.
func ParseArray(typ string) (elem string, n int, ok bool) {
	if len(typ) < 4 || typ[len(typ)-1] != ']' {
		return "", 0, false
	}
	for i := len(typ) - 2; i > 0; i-- {
		if typ[i] == '[' {
			n, err := strconv.Atoi(typ[i+1 : len(typ)-1])
			if err != nil || n <= 0 {
				return "", 0, false
			}
			return typ[:i], n, true
		}
	}
	return "", 0, false
}
