package lwar

import "github.com/gamewire/gamewire/wire"

// Add is the spec's "Add" message (id 6, reliable, server to client): adds
// a new entity to the clients' worlds.
type Add struct {
	Seqno    uint32 `json:"seqno"`    // "seqno": the sequence number of the reliable message header
	EntityID ID     `json:"entityId"` // "entityId": the entity that is added
	PlayerID ID     `json:"playerId"` // "playerId": the player the entity belongs to
	// TypeID is "typeId", the entity type template. Its values come from
	// the game's EntityTemplates.fsx script, not from the spec, so any byte
	// is accepted.
	TypeID uint8 `json:"typeId"`
}

const addSize = ReliableHeaderSize + 2*IDSize + 1

// Form returns the message's entry in the table.
func (*Add) Form() *wire.Form { return &forms[5] }

// Size returns the encoded length, 14 bytes.
func (*Add) Size() int { return addSize }

// AppendBinary appends the encoded message.
func (m *Add) AppendBinary(b []byte) ([]byte, error) {
	b = appendReliableHeader(b, TypeAdd, m.Seqno)
	b = appendID(b, m.EntityID)
	b = appendID(b, m.PlayerID)
	return append(b, m.TypeID), nil
}

// MarshalBinary returns the encoded message.
func (m *Add) MarshalBinary() ([]byte, error) { return m.AppendBinary(make([]byte, 0, m.Size())) }

// Decode decodes the message at the start of b.
func (m *Add) Decode(b []byte) (int, error) {
	*m = Add{}
	if off, err := begin(b, m.Form(), addSize); err != nil {
		return off, err
	}
	b = b[:addSize]
	m.Seqno = be.U32(b[1:])
	m.EntityID = readID(b[5:])
	m.PlayerID = readID(b[9:])
	m.TypeID = b[13]
	return addSize, nil
}

// UnmarshalBinary decodes a message that is all of b.
func (m *Add) UnmarshalBinary(b []byte) error { return unmarshal(m, b) }

// Validate checks that Seqno is not 0.
func (m *Add) Validate() error { return validSeqno(m.Seqno, m.Form()) }
