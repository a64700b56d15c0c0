package lwar

import "github.com/gamewire/gamewire/wire"

// Connect is the spec's "Connect" message (id 1, reliable, client to
// server): the client wants to connect to a server.
type Connect struct {
	Seqno uint32 `json:"seqno"` // "seqno": the sequence number of the reliable message header
	// Name is "name", the UTF-8 player name (not NUL-terminated) after its
	// uint8 "len". Decode copies it into Name's own storage.
	Name wire.Text `json:"name"`
}

// Form returns the message's entry in the table.
func (*Connect) Form() *wire.Form { return &forms[0] }

// Size returns the encoded length: 6 bytes plus the name.
func (m *Connect) Size() int { return ReliableHeaderSize + 1 + len(m.Name) }

// AppendBinary appends the encoded message. A name longer than 255 bytes
// cannot be encoded (wire.ErrTooLong).
func (m *Connect) AppendBinary(b []byte) ([]byte, error) {
	if len(m.Name) > 255 {
		return b, m.Form().Err("name", wire.ErrTooLong)
	}
	return appendString(appendReliableHeader(b, TypeConnect, m.Seqno), m.Name), nil
}

// MarshalBinary returns the encoded message.
func (m *Connect) MarshalBinary() ([]byte, error) { return m.AppendBinary(make([]byte, 0, m.Size())) }

// Decode decodes the message at the start of b.
func (m *Connect) Decode(b []byte) (int, error) {
	*m = Connect{Name: m.Name[:0]}
	if off, err := begin(b, m.Form(), ReliableHeaderSize); err != nil {
		return off, err
	}
	name, n, err := readString(b, 5, m.Form(), "name", m.Name)
	if err != nil {
		return n, err
	}
	m.Seqno, m.Name = be.U32(b[1:]), name
	return n, nil
}

// UnmarshalBinary decodes a message that is all of b.
func (m *Connect) UnmarshalBinary(b []byte) error { return unmarshal(m, b) }

// Validate checks the seqno and that Name is valid UTF-8 of at most
// MaxPlayerNameLength bytes.
func (m *Connect) Validate() error {
	if err := validSeqno(m.Seqno, m.Form()); err != nil {
		return err
	}
	return validString(m.Name, MaxPlayerNameLength, m.Form(), "name")
}
