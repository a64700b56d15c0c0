package wire

import "github.com/gamewire/gamewire/wire/spec"

// Raw is a frame whose code its protocol's table does not know, kept as
// the bytes that arrived so that a session survives it and it re-encodes
// byte for byte.
type Raw struct {
	// Code is the code read from the frame's header.
	Code uint32 `json:"code"`
	// From is the direction the frame travelled in.
	From Direction `json:"from"`
	// Frame is the whole frame, header included. After Decode it aliases
	// the decoded bytes; UnmarshalBinary copies them.
	Frame []byte `json:"frame"`

	table *spec.Table
}

// NewRaw returns a Raw of table t (nil for none) for frame, aliasing it.
func NewRaw(t *spec.Table, code uint32, from Direction, frame []byte) *Raw {
	return &Raw{Code: code, From: from, Frame: frame, table: t}
}

// Form returns the table's form for unknown codes.
func (r *Raw) Form() *spec.Form { return r.tab().RawForm() }

// tab returns the Raw's table, or noTable.
func (r *Raw) tab() *spec.Table {
	if r.table == nil {
		return noTable
	}
	return r.table
}

// noTable is the table of a Raw made without one: a frame of a one-byte
// code, of any length.
var noTable = spec.NewTable(spec.Protocol{
	Header: []spec.Field{{Name: "code", Type: "u8", Go: "-", Role: spec.CodeRole}},
}, nil, nil)

// Size returns len(Frame).
func (r *Raw) Size() int { return len(r.Frame) }

// AppendBinary appends Frame as it is.
func (r *Raw) AppendBinary(b []byte) ([]byte, error) { return append(b, r.Frame...), nil }

// MarshalBinary returns a copy of Frame.
func (r *Raw) MarshalBinary() ([]byte, error) { return r.AppendBinary(make([]byte, 0, len(r.Frame))) }

// Decode takes the frame at the start of b, as long as the table's
// framing says (all of b for a datagram protocol or without a table),
// aliasing it, and reads its code. From is left as it is.
func (r *Raw) Decode(b []byte) (int, error) {
	r.Code, r.Frame = 0, nil
	n := len(b)
	if t := r.table; t != nil {
		c, err := t.Code(b)
		if err != nil {
			return 0, err
		}
		r.Code = c
		if m, err := t.FrameLen(b); err != nil {
			return 0, err
		} else if m == 0 || m > len(b) {
			return len(b), r.Form().Err("", ErrShort)
		} else {
			n = m
		}
	}
	r.Frame = b[:n:n]
	return n, nil
}

// UnmarshalBinary decodes exactly one frame into a copy of b.
func (r *Raw) UnmarshalBinary(b []byte) error {
	n, err := r.Decode(b)
	if err != nil {
		return err
	}
	if n != len(b) {
		return r.Form().Err("", ErrTrailing)
	}
	r.Frame = append([]byte(nil), r.Frame...)
	return nil
}

// Validate reports the unknown code, wrapping ErrUnknownCode.
func (r *Raw) Validate() error { return r.tab().UnknownCode() }
