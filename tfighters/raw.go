package tfighters

import "github.com/gamewire/gamewire/wire"

// Raw is a message kept as its code and data bytes, undecoded. The stream
// layer returns a Raw for a code the spec does not define, so a session
// survives it; strict decoding rejects such codes instead. A Raw with a
// known code is allowed (a fuzzer may build one) and encodes as given.
type Raw struct {
	Type Code      `json:"type"` // the message's type field
	Data wire.Text `json:"data"` // everything after the type field
}

// Code returns the message's type field.
func (m *Raw) Code() Code { return m.Type }

// Size returns the length of the encoded message, header included.
func (m *Raw) Size() int { return HeaderLen + len(m.Data) }

// AppendBinary appends the message, header included, to b.
func (m *Raw) AppendBinary(b []byte) ([]byte, error) {
	b, err := appendHeader(b, m.Type, m.Size())
	if err != nil {
		return b, err
	}
	return append(b, m.Data...), nil
}

// Decode decodes the frame at the start of b, whatever its code, into m,
// which it resets, and returns its length. Data is a copy.
func (m *Raw) Decode(b []byte) (int, error) {
	data := m.Data[:0]
	*m = Raw{}
	var c Code
	if len(b) >= HeaderLen {
		c = Code(le.U16(b[2:]))
	}
	r, end := open(b, c)
	m.Type = c
	m.Data = append(data, r.Bytes("data", end-HeaderLen)...)
	return finish(&r, b, c, end)
}

// UnmarshalBinary decodes exactly one message from b.
func (m *Raw) UnmarshalBinary(b []byte) error { return unmarshal(m, b) }

// MarshalBinary returns the encoded message.
func (m *Raw) MarshalBinary() ([]byte, error) { return m.AppendBinary(make([]byte, 0, m.Size())) }

// Validate reports a code the spec does not define (ErrUnknownCode).
func (m *Raw) Validate() error {
	if !m.Type.Known() {
		return wire.NewError(proto, unknownName, "type", 2, wire.ErrUnknownCode)
	}
	return nil
}
