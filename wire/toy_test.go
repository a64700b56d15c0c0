package wire_test

import (
	"github.com/gamewire/gamewire/wire"
)

// The toy protocol exercises the table, Decoder, Stream and Conn with
// hand-written codecs: a stream protocol whose header is a big-endian
// length of the body and a code, with three forms.

var toyProtocol = wire.Protocol{
	Name:  "toy",
	Order: wire.BigEndian,
	Header: []wire.Field{
		{Name: "length", Type: "u16", Go: "-", Role: wire.LengthRole, Adjust: 4},
		{Name: "code", Type: "u16", Go: "-", Role: wire.CodeRole},
	},
	Types: []wire.Form{
		{Name: "Point", Type: "Point", Fields: []wire.Field{{Name: "x", Type: "s16"}, {Name: "y", Type: "s16"}}},
	},
	MaxFrame: 16,
	HardMax:  32,
}

var toyForms = []wire.Form{
	{Name: "MsgPing", Code: 0x7069, From: wire.FromClient, Type: "Ping", Fields: []wire.Field{{Name: "value", Type: "u32"}}},
	{Name: "MsgPong", Code: 0x7069, From: wire.FromServer, Type: "Pong", Fields: []wire.Field{{Name: "at", Type: "Point"}, {Name: "id", Type: "u8[2]"}}},
	{Name: "MsgSay", Code: 0x7361, From: wire.Both, Type: "Say", Fields: []wire.Field{
		{Name: "kind", Type: "u8"},
		{Name: "text", Type: "str8", Max: 20},
		{Name: "after", Type: "u8"},
	}},
}

var toyTable = wire.NewTable(toyProtocol, toyForms, func(i int) wire.Message {
	switch i {
	case 0:
		return new(toyPing)
	case 1:
		return new(toyPong)
	}
	return new(toySay)
})

// toyFrame grows b by a frame of size bytes, header included, and writes
// the header (the body's length, code); p is the new frame.
func toyFrame(b []byte, size int, code uint16) (_, p []byte) {
	b, p = wire.Grow(b, size)
	wire.BigEndian.PutU16(p, uint16(size-4))
	wire.BigEndian.PutU16(p[2:], code)
	return b, p
}

// toyPing is MsgPing: a value; Validate refuses 13.
type toyPing struct{ Value uint32 }

func (*toyPing) Form() *wire.Form { return &toyTable.Forms[0] }
func (*toyPing) Size() int        { return 8 }
func (m *toyPing) AppendBinary(b []byte) ([]byte, error) {
	b, p := toyFrame(b, 8, 0x7069)
	wire.BigEndian.PutU32(p[4:], m.Value)
	return b, nil
}
func (m *toyPing) MarshalBinary() ([]byte, error) { return m.AppendBinary(nil) }
func (m *toyPing) Decode(b []byte) (int, error) {
	*m = toyPing{}
	f := m.Form()
	if len(b) < 8 {
		fl := f.FieldAt(len(b))
		return fl.Offset, f.Err(fl.Name, wire.ErrShort)
	}
	if wire.BigEndian.U16(b) != 4 {
		return 0, f.ErrAt(0, wire.ErrInvalid)
	}
	m.Value = wire.BigEndian.U32(b[4:])
	return 8, nil
}
func (m *toyPing) UnmarshalBinary(b []byte) error {
	n, err := m.Decode(b)
	return m.Form().Exact(n, len(b), err)
}
func (m *toyPing) Validate() error {
	if m.Value == 13 {
		return m.Form().Err("value", wire.ErrInvalid)
	}
	return nil
}

// toyPong is MsgPong, with no rules.
type toyPong struct {
	X, Y int16
	ID   [2]uint8
}

func (*toyPong) Form() *wire.Form { return &toyTable.Forms[1] }
func (*toyPong) Size() int        { return 10 }
func (m *toyPong) AppendBinary(b []byte) ([]byte, error) {
	b, p := toyFrame(b, 10, 0x7069)
	wire.BigEndian.PutU16(p[4:], uint16(m.X))
	wire.BigEndian.PutU16(p[6:], uint16(m.Y))
	p[8], p[9] = m.ID[0], m.ID[1]
	return b, nil
}
func (m *toyPong) MarshalBinary() ([]byte, error) { return m.AppendBinary(nil) }
func (m *toyPong) Decode(b []byte) (int, error) {
	*m = toyPong{}
	if len(b) < 10 {
		return 0, m.Form().Err("at", wire.ErrShort)
	}
	m.X, m.Y = wire.BigEndian.I16(b[4:]), wire.BigEndian.I16(b[6:])
	m.ID = [2]uint8{b[8], b[9]}
	return 10, nil
}
func (m *toyPong) UnmarshalBinary(b []byte) error { _, err := m.Decode(b); return err }
func (*toyPong) Validate() error                  { return nil }

// toySay is MsgSay: a kind, a str8 text, and a byte after it (whose
// offset depends on the text); its frame may carry padding the message
// does not read, to test trailing bytes.
type toySay struct {
	Kind  uint8
	Text  []byte
	After uint8
	Pad   int
}

func (*toySay) Form() *wire.Form { return &toyTable.Forms[2] }
func (m *toySay) Size() int      { return 7 + len(m.Text) + m.Pad }
func (m *toySay) AppendBinary(b []byte) ([]byte, error) {
	b = wire.BigEndian.AppendU16(b, uint16(m.Size()-4))
	b = wire.BigEndian.AppendU16(b, 0x7361)
	b = append(b, m.Kind)
	b, _ = wire.AppendBytes8(b, m.Text)
	b = append(b, m.After)
	return append(b, make([]byte, m.Pad)...), nil
}
func (m *toySay) MarshalBinary() ([]byte, error) { return m.AppendBinary(nil) }
func (m *toySay) Decode(b []byte) (int, error) {
	m.Kind, m.Text, m.After, m.Pad = 0, m.Text[:0], 0, 0
	r := wire.NewFormReader(b, m.Form())
	r.Skip("length", 4)
	m.Kind = r.U8("kind")
	m.Text = append(m.Text, r.Bytes8("text")...)
	m.After = r.U8("after")
	if err := r.Err(); err != nil {
		return r.Offset(), err
	}
	return r.Offset(), nil
}
func (m *toySay) UnmarshalBinary(b []byte) error { _, err := m.Decode(b); return err }
func (m *toySay) Validate() error {
	if len(m.Text) > 20 {
		return m.Form().Err("text", wire.ErrTooLong)
	}
	return nil
}
