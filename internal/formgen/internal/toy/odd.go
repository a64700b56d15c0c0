package toy

import (
	"github.com/gamewire/gamewire/wire"
	"github.com/gamewire/gamewire/wire/codec"
)

// oddSize is the size of a MsgOdd frame.
const oddSize = headerLen + 4 + playerIDSize

// Size returns 15.
func (*Odd) Size() int { return oddSize }

// AppendBinary appends the frame; the value travels with its bits
// inverted.
func (m *Odd) AppendBinary(b []byte) ([]byte, error) {
	b, p := codec.Grow(b, oddSize)
	codec.BigEndian.PutU16(p, oddSize-headerLen)
	codec.BigEndian.PutU16(p[2:], codeOdd)
	codec.BigEndian.PutU32(p[4:], ^m.Value)
	m.From.put(p[8:])
	return b, nil
}

// MarshalBinary returns the frame.
func (m *Odd) MarshalBinary() ([]byte, error) { return m.AppendBinary(nil) }

// Decode reads the frame at the start of b.
func (m *Odd) Decode(b []byte) (int, error) {
	*m = Odd{}
	if len(b) < oddSize {
		return forms[5].Short(len(b))
	}
	if codec.BigEndian.U16(b) != oddSize-headerLen {
		return 0, forms[5].Err("length", wire.ErrInvalid)
	}
	if codec.BigEndian.U16(b[2:]) != codeOdd {
		return 2, forms[5].Err("code", wire.ErrInvalid)
	}
	m.Value = ^codec.BigEndian.U32(b[4:])
	m.From.get(b[8:])
	return oddSize, nil
}

// UnmarshalBinary decodes exactly one frame.
func (m *Odd) UnmarshalBinary(b []byte) error {
	n, err := m.Decode(b)
	return forms[5].Exact(n, len(b), err)
}
