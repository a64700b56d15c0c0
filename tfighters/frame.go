package tfighters

import (
	"bytes"

	"github.com/gamewire/gamewire/wire"
)

// Interim: the hand-written codecs' helpers, until forms_gen.go.

// Field is the interim layout row of the hand-written codecs.
type Field struct {
	Name   string
	Type   string
	Offset int
}

// formOf returns the table's form of code c.
func formOf(c Code) *wire.Form {
	if f := c.form(); f != nil {
		return f
	}
	return table.RawForm()
}

// appendHeader appends the len and type fields of a message of size bytes
// (header included).
func appendHeader(b []byte, c Code, size int) ([]byte, error) {
	if size-2 > 0xffff {
		return b, formOf(c).Err("len", wire.ErrTooLong)
	}
	b = le.AppendU16(b, uint16(size-2))
	return le.AppendU16(b, uint16(c)), nil
}

// unmarshal is UnmarshalBinary for every message: Decode, then no bytes
// after the frame. No Decode aliases its input.
func unmarshal(m Message, b []byte) error {
	n, err := m.Decode(b)
	if err != nil {
		return err
	}
	if n != len(b) {
		return m.Form().Err("", wire.ErrTrailing)
	}
	return nil
}

// checkStr reports a "str" field that cannot travel: a NUL inside it
// would end it early on the wire.
func checkStr(s []byte, c Code, field string, off int) error {
	if bytes.IndexByte(s, 0) >= 0 {
		return fieldErr(formOf(c), field, wire.ErrInvalid)
	}
	return nil
}

// appendText appends a message whose only field is a str.
func appendText(b []byte, c Code, field string, s []byte) ([]byte, error) {
	if err := checkStr(s, c, field, HeaderLen); err != nil {
		return b, err
	}
	b, err := appendHeader(b, c, HeaderLen+len(s)+1)
	if err != nil {
		return b, err
	}
	return wire.AppendCString(b, s), nil
}

// decodeText decodes a message whose only field is a str into *s,
// reusing its capacity.
func decodeText(b []byte, c Code, field string, s *wire.Text) (int, error) {
	end, str, ok := strFrame(b, c, HeaderLen)
	if !ok {
		*s = (*s)[:0]
		return 0, fixedError(b, c, nil)
	}
	*s = append((*s)[:0], str...)
	return end, nil
}

// appendIDText appends a message of an id (u32) and a str.
func appendIDText(b []byte, c Code, field string, id uint32, s []byte) ([]byte, error) {
	if err := checkStr(s, c, field, HeaderLen+4); err != nil {
		return b, err
	}
	b, err := appendHeader(b, c, HeaderLen+4+len(s)+1)
	if err != nil {
		return b, err
	}
	return wire.AppendCString(le.AppendU32(b, id), s), nil
}

// decodeIDText decodes a message of an id (u32) and a str into *id and
// *s, reusing the capacity of *s.
func decodeIDText(b []byte, c Code, field string, id *uint32, s *wire.Text) (int, error) {
	end, str, ok := strFrame(b, c, HeaderLen+4)
	if !ok {
		*id, *s = 0, (*s)[:0]
		return 0, fixedError(b, c, nil)
	}
	*id = le.U32(b[HeaderLen:])
	*s = append((*s)[:0], str...)
	return end, nil
}

// isFrame reports whether b starts with a whole, well-formed frame of code
// c that is exactly size bytes long: the fast path of fixed layouts.
func isFrame(b []byte, c Code, size int) bool {
	return len(b) >= size && int(le.U16(b)) == size-2 && Code(le.U16(b[2:])) == c
}

// strFrame reports whether b starts with a whole, well-formed frame of
// code c whose fields are fixed bytes of fixed layout and a str that ends
// the frame.
func strFrame(b []byte, c Code, fixed int) (end int, s []byte, ok bool) {
	if len(b) < HeaderLen || Code(le.U16(b[2:])) != c {
		return 0, nil, false
	}
	end = 2 + int(le.U16(b))
	if end <= fixed || end > len(b) || bytes.IndexByte(b[fixed:end], 0) != end-fixed-1 {
		return 0, nil, false
	}
	return end, b[fixed : end-1], true
}

// fixedError explains why b holds no frame of code c: the slow path,
// which names the field, with the form's prebuilt errors.
func fixedError(b []byte, c Code, _ []Field) error {
	f := formOf(c)
	end := len(b)
	if len(b) >= 2 {
		if n := 2 + int(le.U16(b)); n < end {
			end = n
		}
	}
	r := wire.NewFormReader(b[:end], f)
	l := int(r.U16("len"))
	if r.Err() == nil && l < 2 {
		return f.Err("len", wire.ErrInvalid)
	}
	if t := Code(r.U16("type")); r.Err() == nil && t != c {
		return f.Err("type", wire.ErrInvalid)
	}
	lay := f.Layout()
	for i := 2; i < len(lay); i++ {
		fl := &lay[i]
		if fl.Type == "cstring" {
			r.CString(fl.Name, 0)
		} else {
			r.Skip(fl.Name, fl.Size)
		}
		if r.Err() != nil {
			return fieldErr(f, fl.Name, wire.ErrShort)
		}
	}
	if err := r.Err(); err != nil {
		return err
	}
	if 2+l > len(b) {
		return f.Err("len", wire.ErrShort)
	}
	return f.Err("len", wire.ErrTrailing)
}

// fieldErr returns the prebuilt error of kind for the field called name
// among f's fields after the header (SMSG_NEWUSER has a "type" of its
// own).
func fieldErr(f *wire.Form, name string, kind error) error {
	lay := f.Layout()
	for i := HeaderLen / 2; i < len(lay); i++ {
		if lay[i].Name == name {
			return f.ErrAt(i, kind)
		}
	}
	return f.Err("", kind)
}
