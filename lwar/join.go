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

var joinFields = reliableFields(append([]Field{
	{Name: "playerId", Type: "uint32(Id)", Offset: 5, Size: 4},
}, stringFields(9, "name")...)...)

// Type returns TypeJoin.
func (*Join) Type() Type { return TypeJoin }

// SequenceNumber returns Seqno.
func (m *Join) SequenceNumber() uint32 { return m.Seqno }

// SetSequenceNumber sets Seqno.
func (m *Join) SetSequenceNumber(s uint32) { m.Seqno = s }

// Size returns the encoded length: 10 bytes plus the string.
func (m *Join) Size() int { return ReliableHeaderSize + IDSize + 1 + len(m.Name) }

// AppendBinary appends the encoded message. A name longer than 255 bytes
// cannot be encoded (wire.ErrTooLong).
func (m *Join) AppendBinary(b []byte) ([]byte, error) {
	if len(m.Name) > 255 {
		return b, tooLong(TypeJoin, "name", 10)
	}
	b = appendID(appendReliableHeader(b, TypeJoin, m.Seqno), m.PlayerID)
	return appendString(b, m.Name), nil
}

// MarshalBinary returns the encoded message.
func (m *Join) MarshalBinary() ([]byte, error) { return m.AppendBinary(make([]byte, 0, m.Size())) }

// Decode decodes the message at the start of b.
func (m *Join) Decode(b []byte) (int, error) {
	*m = Join{Name: m.Name[:0]}
	if err := begin(b, TypeJoin, joinFields, ReliableHeaderSize+IDSize); err != nil {
		return 0, err
	}
	s, n, err := readString(b, 9, TypeJoin, "name", m.Name)
	if err != nil {
		return 0, err
	}
	m.Seqno, m.PlayerID, m.Name = be.U32(b[1:]), readID(b[5:]), s
	return n, nil
}

// UnmarshalBinary decodes a message that is all of b.
func (m *Join) UnmarshalBinary(b []byte) error {
	n, err := m.Decode(b)
	if err == nil && n != len(b) {
		err = trailing(TypeJoin, n)
	}
	return err
}

// Validate checks the seqno and that Name is valid UTF-8 of at most
// MaxPlayerNameLength bytes.
func (m *Join) Validate() error {
	if err := validSeqno(m.Seqno, TypeJoin); err != nil {
		return err
	}
	return validString(m.Name, MaxPlayerNameLength, TypeJoin, "name", 10)
}
