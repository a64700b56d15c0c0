package lwar

import "github.com/gamewire/gamewire/wire"

// Join is the spec's "Join" message (id 3, reliable, server to client):
// informs all clients about a new player. The first Join a new client
// receives, with seqno 1, is its own.
type Join struct {
	Seqno    uint32 `json:"seqno"`    // "seqno": the sequence number of the reliable message header
	PlayerID ID     `json:"playerId"` // "playerId": the player that joined
	// Name is "name", the UTF-8 player name (not NUL-terminated) after its
	// uint8 "len". Decode copies it into Name's own storage.
	Name wire.Text `json:"name"`
}

// Form returns the message's entry in the table.
func (*Join) Form() *wire.Form { return &forms[2] }

// Size returns the encoded length: 10 bytes plus the string.
func (m *Join) Size() int { return ReliableHeaderSize + IDSize + 1 + len(m.Name) }

// AppendBinary appends the encoded message. A name longer than 255 bytes
// cannot be encoded (wire.ErrTooLong).
func (m *Join) AppendBinary(b []byte) ([]byte, error) {
	if len(m.Name) > 255 {
		return b, m.Form().Err("name", wire.ErrTooLong)
	}
	b = appendID(appendReliableHeader(b, TypeJoin, m.Seqno), m.PlayerID)
	return appendString(b, m.Name), nil
}

// MarshalBinary returns the encoded message.
func (m *Join) MarshalBinary() ([]byte, error) { return m.AppendBinary(make([]byte, 0, m.Size())) }

// Decode decodes the message at the start of b.
func (m *Join) Decode(b []byte) (int, error) {
	*m = Join{Name: m.Name[:0]}
	if off, err := begin(b, m.Form(), ReliableHeaderSize+IDSize); err != nil {
		return off, err
	}
	s, n, err := readString(b, 9, m.Form(), "name", m.Name)
	if err != nil {
		return n, err
	}
	m.Seqno, m.PlayerID, m.Name = be.U32(b[1:]), readID(b[5:]), s
	return n, nil
}

// UnmarshalBinary decodes a message that is all of b.
func (m *Join) UnmarshalBinary(b []byte) error { return unmarshal(m, b) }

// Validate checks the seqno and that Name is valid UTF-8 of at most
// MaxPlayerNameLength bytes.
func (m *Join) Validate() error {
	if err := validSeqno(m.Seqno, m.Form()); err != nil {
		return err
	}
	return validString(m.Name, MaxPlayerNameLength, m.Form(), "name")
}
