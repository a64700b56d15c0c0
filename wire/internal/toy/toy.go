// Package toy is a protocol written by hand for the tests of package wire
// and package spec: a stream protocol whose header is a big-endian u16
// length of the body and a u16 code, with three forms and hand-written
// codecs. It exercises the table, the Decoder, the Stream and the Conn
// without a generated codec.
//
// It imports spec and codec only, so that the external tests of both wire
// and spec can use it. Being internal to wire, it cannot be imported from
// the copy of a package OSS-Fuzz's builder compiles a fuzz target from
// (under internal/ossfuzz, outside wire/): the fuzz target of a Stream
// over this protocol is this package's own test (fuzz_test.go), and
// wire's fuzz targets are in its internal tests, which do not import it.
package toy

import (
	"github.com/gamewire/gamewire/wire/codec"
	"github.com/gamewire/gamewire/wire/spec"
)

// Protocol is the toy's protocol: frames of 16 bytes at most by the spec,
// 32 under the Lax policy.
var Protocol = spec.Protocol{
	Name:  "toy",
	Order: codec.BigEndian,
	Header: []spec.Field{
		{Name: "length", Type: "u16", Go: "-", Role: spec.LengthRole, Adjust: 4},
		{Name: "code", Type: "u16", Go: "-", Role: spec.CodeRole},
	},
	Types: []spec.Form{
		{Name: "Point", Type: "Point", Fields: []spec.Field{{Name: "x", Type: "s16"}, {Name: "y", Type: "s16"}}},
	},
	MaxFrame: 16,
	HardMax:  32,
}

// The codes of the forms: MsgPing and MsgPong share one, by direction.
const (
	CodePing = 0x7069 // "pi", MsgPing from the client, MsgPong from the server
	CodeSay  = 0x7361 // "sa", MsgSay either way
)

// Forms are the toy's forms, in Table's order: copy them to build another
// table of the same forms (NewTable lays out the slice it is given).
var Forms = []spec.Form{
	{Name: "MsgPing", Code: CodePing, From: spec.FromClient, Type: "Ping", Fields: []spec.Field{{Name: "value", Type: "u32"}}},
	{Name: "MsgPong", Code: CodePing, From: spec.FromServer, Type: "Pong", Fields: []spec.Field{{Name: "at", Type: "Point"}, {Name: "id", Type: "u8[2]"}}},
	{Name: "MsgSay", Code: CodeSay, From: spec.Both, Type: "Say", Fields: []spec.Field{
		{Name: "kind", Type: "u8"},
		{Name: "text", Type: "str8", Max: 20},
		{Name: "after", Type: "u8"},
	}},
}

// Table is the toy's table.
var Table = spec.NewTable(Protocol, Forms, New)

// New returns a new zero value of form i's Go type: the constructor of
// Table, and of any table of a copy of Forms.
func New(i int) spec.Message {
	switch i {
	case 0:
		return new(Ping)
	case 1:
		return new(Pong)
	}
	return new(Say)
}

// Frame returns the bytes of m, as it travels; m must encode.
func Frame(m spec.Message) []byte {
	b, err := m.MarshalBinary()
	if err != nil {
		panic(err)
	}
	return b
}

// grow grows b by a frame of size bytes, header included, and writes the
// header (the body's length, code); p is the new frame.
func grow(b []byte, size int, code uint16) (_, p []byte) {
	b, p = codec.Grow(b, size)
	codec.BigEndian.PutU16(p, uint16(size-4))
	codec.BigEndian.PutU16(p[2:], code)
	return b, p
}

// Ping is MsgPing: a value; Validate refuses 13. Its Decode checks the
// header's length.
type Ping struct{ Value uint32 }

// Form returns MsgPing.
func (*Ping) Form() *spec.Form { return &Table.Forms[0] }

// Size returns 8.
func (*Ping) Size() int { return 8 }

// AppendBinary appends the frame.
func (m *Ping) AppendBinary(b []byte) ([]byte, error) {
	b, p := grow(b, 8, CodePing)
	codec.BigEndian.PutU32(p[4:], m.Value)
	return b, nil
}

// MarshalBinary returns the frame.
func (m *Ping) MarshalBinary() ([]byte, error) { return m.AppendBinary(nil) }

// Decode reads a frame of 8 bytes whose length says 4.
func (m *Ping) Decode(b []byte) (int, error) {
	*m = Ping{}
	f := m.Form()
	if len(b) < 8 {
		fl := f.FieldAt(len(b))
		return fl.Offset, f.Err(fl.Name, codec.ErrShort)
	}
	if codec.BigEndian.U16(b) != 4 {
		return 0, f.ErrAt(0, codec.ErrInvalid)
	}
	m.Value = codec.BigEndian.U32(b[4:])
	return 8, nil
}

// UnmarshalBinary decodes exactly len(b) bytes.
func (m *Ping) UnmarshalBinary(b []byte) error {
	n, err := m.Decode(b)
	return m.Form().Exact(n, len(b), err)
}

// Validate refuses a Value of 13.
func (m *Ping) Validate() error {
	if m.Value == 13 {
		return m.Form().Err("value", codec.ErrInvalid)
	}
	return nil
}

// Pong is MsgPong, with no rules; its Decode checks no header.
type Pong struct {
	X, Y int16
	ID   [2]uint8
}

// Form returns MsgPong.
func (*Pong) Form() *spec.Form { return &Table.Forms[1] }

// Size returns 10.
func (*Pong) Size() int { return 10 }

// AppendBinary appends the frame.
func (m *Pong) AppendBinary(b []byte) ([]byte, error) {
	b, p := grow(b, 10, CodePing)
	codec.BigEndian.PutU16(p[4:], uint16(m.X))
	codec.BigEndian.PutU16(p[6:], uint16(m.Y))
	p[8], p[9] = m.ID[0], m.ID[1]
	return b, nil
}

// MarshalBinary returns the frame.
func (m *Pong) MarshalBinary() ([]byte, error) { return m.AppendBinary(nil) }

// Decode reads 10 bytes.
func (m *Pong) Decode(b []byte) (int, error) {
	*m = Pong{}
	if len(b) < 10 {
		return 0, m.Form().Err("at", codec.ErrShort)
	}
	m.X, m.Y = codec.BigEndian.I16(b[4:]), codec.BigEndian.I16(b[6:])
	m.ID = [2]uint8{b[8], b[9]}
	return 10, nil
}

// UnmarshalBinary decodes the start of b (it ignores trailing bytes).
func (m *Pong) UnmarshalBinary(b []byte) error { _, err := m.Decode(b); return err }

// Validate accepts anything.
func (*Pong) Validate() error { return nil }

// Say is MsgSay: a kind, a str8 text, and a byte after it (whose offset
// depends on the text, so that its error has none: a Decoder or Stream
// says it). Its frame may carry Pad bytes the message does not read, to
// test trailing bytes; its Decode checks no header, and reuses Text's
// capacity.
type Say struct {
	Kind  uint8
	Text  []byte
	After uint8
	Pad   int
}

// Form returns MsgSay.
func (*Say) Form() *spec.Form { return &Table.Forms[2] }

// Size returns the frame's size, Pad included.
func (m *Say) Size() int { return 7 + len(m.Text) + m.Pad }

// AppendBinary appends the frame, Pad zero bytes included. A Text over
// 255 bytes fails with ErrTooLong, appending nothing.
func (m *Say) AppendBinary(b []byte) ([]byte, error) {
	if len(m.Text) > 255 {
		return b, m.Form().Err("text", codec.ErrTooLong)
	}
	b = codec.BigEndian.AppendU16(b, uint16(m.Size()-4))
	b = codec.BigEndian.AppendU16(b, CodeSay)
	b = append(b, m.Kind, byte(len(m.Text)))
	b = append(b, m.Text...)
	b = append(b, m.After)
	return append(b, make([]byte, m.Pad)...), nil
}

// MarshalBinary returns the frame.
func (m *Say) MarshalBinary() ([]byte, error) { return m.AppendBinary(nil) }

// Decode reads the header, kind, text and after; it returns the offset of
// the field at fault, and for after (past the text) an error whose offset
// is -1.
func (m *Say) Decode(b []byte) (int, error) {
	m.Kind, m.Text, m.After, m.Pad = 0, m.Text[:0], 0, 0
	f := m.Form()
	if len(b) < 6 {
		return f.Short(len(b))
	}
	n := int(b[5])
	if len(b) < 6+n {
		return 5, f.Err("text", codec.ErrShort)
	}
	if len(b) < 7+n {
		return 6 + n, f.Err("after", codec.ErrShort)
	}
	m.Kind = b[4]
	m.Text = append(m.Text, b[6:6+n]...)
	m.After = b[6+n]
	return 7 + n, nil
}

// UnmarshalBinary decodes the start of b (it ignores trailing bytes).
func (m *Say) UnmarshalBinary(b []byte) error { _, err := m.Decode(b); return err }

// Validate refuses a Text over 20 bytes.
func (m *Say) Validate() error {
	if len(m.Text) > 20 {
		return m.Form().Err("text", codec.ErrTooLong)
	}
	return nil
}
