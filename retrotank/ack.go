package retrotank

import "github.com/gamewire/gamewire/wire"

// MaxAcks is MSG_MAX_ACK, the most message ids one MSG_TYPE_ACK may
// acknowledge: 253, from the spec's "509 bytes maximum (253 messages
// acknowledged)" (docs/errata/retrotank.md, E3).
const MaxAcks = maxAcks

// Size returns the encoded length: 3 bytes and 2 per id.
func (m *Ack) Size() int { return 3 + 2*len(m.IDs) }

// AppendBinary appends the ACK: type, client, count, ids. More than 255
// ids cannot be counted in the count byte: wire.ErrTooLong, nothing
// appended.
func (m *Ack) AppendBinary(b []byte) ([]byte, error) {
	if len(m.IDs) > 255 {
		return b, m.Form().Err("count", wire.ErrTooLong)
	}
	b, p := wire.Grow(b, m.Size())
	p[0] = typeAck
	p[1] = uint8(m.Client)
	p[2] = uint8(len(m.IDs))
	for i, id := range m.IDs {
		be.PutU16(p[3+2*i:], uint16(id))
	}
	return b, nil
}

// MarshalBinary is AppendBinary into a new buffer of Size bytes.
func (m *Ack) MarshalBinary() ([]byte, error) { return m.AppendBinary(make([]byte, 0, m.Size())) }

// Decode reads an ACK of count ids from the start of b, reusing the
// capacity of m.IDs.
func (m *Ack) Decode(b []byte) (int, error) {
	m.Client, m.IDs = 0, m.IDs[:0]
	f := m.Form()
	switch {
	case len(b) < 1:
		return 0, f.Err("type", wire.ErrShort)
	case b[0] != typeAck:
		return 0, f.Err("type", wire.ErrInvalid)
	case len(b) < 2:
		return 1, f.Err("client", wire.ErrShort)
	case len(b) < 3:
		return 2, f.Err("count", wire.ErrShort)
	}
	c := int(b[2])
	if len(b) < 3+2*c {
		return 3, f.Err("ids", wire.ErrShort)
	}
	m.Client = PlayerID(b[1])
	for i := 0; i < c; i++ {
		m.IDs = append(m.IDs, MessageID(be.U16(b[3+2*i:])))
	}
	return 3 + 2*c, nil
}

// UnmarshalBinary decodes exactly one ACK from b.
func (m *Ack) UnmarshalBinary(b []byte) error { return unmarshal(m, b) }

// Validate checks the spec's rules: at least one id ("5 bytes minimum")
// and at most MaxAcks.
func (m *Ack) Validate() error {
	switch {
	case len(m.IDs) == 0:
		return m.Form().Err("count", wire.ErrInvalid)
	case len(m.IDs) > MaxAcks:
		return m.Form().Err("count", wire.ErrTooLong)
	}
	return nil
}
