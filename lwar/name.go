package lwar

import "github.com/gamewire/gamewire/wire"

// Name is the spec's "Name" message (id 9, reliable, client and
// server): broadcasts a player name change to all clients.
type Name struct {
	Seqno    uint32 `json:"seqno"`    // "seqno": the sequence number of the reliable message header
	PlayerID ID     `json:"playerId"` // "playerId": the player that changed his or her name
	// Name is "name", the new UTF-8 player name (not NUL-terminated) after
	// its uint8 "len". Decode copies it into Name's own storage.
	Name wire.Text `json:"name"`
}

var nameFields = reliableFields(append([]Field{
	{Name: "playerId", Type: "uint32(Id)", Offset: 5, Size: 4},
}, stringFields(9, "name")...)...)

// Type returns TypeName.
func (*Name) Type() Type { return TypeName }

// SequenceNumber returns Seqno.
func (m *Name) SequenceNumber() uint32 { return m.Seqno }

// SetSequenceNumber sets Seqno.
func (m *Name) SetSequenceNumber(s uint32) { m.Seqno = s }

// Size returns the encoded length: 10 bytes plus the string.
func (m *Name) Size() int { return ReliableHeaderSize + IDSize + 1 + len(m.Name) }

// AppendBinary appends the encoded message. A name longer than 255 bytes
// cannot be encoded (wire.ErrTooLong).
func (m *Name) AppendBinary(b []byte) ([]byte, error) {
	if len(m.Name) > 255 {
		return b, tooLong(TypeName, "name", 10)
	}
	b = appendID(appendReliableHeader(b, TypeName, m.Seqno), m.PlayerID)
	return appendString(b, m.Name), nil
}

// MarshalBinary returns the encoded message.
func (m *Name) MarshalBinary() ([]byte, error) { return m.AppendBinary(make([]byte, 0, m.Size())) }

// Decode decodes the message at the start of b.
func (m *Name) Decode(b []byte) (int, error) {
	*m = Name{Name: m.Name[:0]}
	if err := begin(b, TypeName, nameFields, ReliableHeaderSize+IDSize); err != nil {
		return 0, err
	}
	s, n, err := readString(b, 9, TypeName, "name", m.Name)
	if err != nil {
		return 0, err
	}
	m.Seqno, m.PlayerID, m.Name = be.U32(b[1:]), readID(b[5:]), s
	return n, nil
}

// UnmarshalBinary decodes a message that is all of b.
func (m *Name) UnmarshalBinary(b []byte) error {
	n, err := m.Decode(b)
	if err == nil && n != len(b) {
		err = trailing(TypeName, n)
	}
	return err
}

// Validate checks the seqno and that Name is valid UTF-8 of at most
// MaxPlayerNameLength bytes.
func (m *Name) Validate() error {
	if err := validSeqno(m.Seqno, TypeName); err != nil {
		return err
	}
	return validString(m.Name, MaxPlayerNameLength, TypeName, "name", 10)
}
