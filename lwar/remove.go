package lwar

import "github.com/gamewire/gamewire/wire"

// Remove is the spec's "Remove" message (id 7, reliable, server to
// client): removes an entity from the clients' worlds.
type Remove struct {
	Seqno    uint32 `json:"seqno"`    // "seqno": the sequence number of the reliable message header
	EntityID ID     `json:"entityId"` // "entityId": the entity that is removed
}

const removeSize = ReliableHeaderSize + IDSize

// Form returns the message's entry in the table.
func (*Remove) Form() *wire.Form { return &forms[6] }

// Size returns the encoded length, 9 bytes.
func (*Remove) Size() int { return removeSize }

// AppendBinary appends the encoded message.
func (m *Remove) AppendBinary(b []byte) ([]byte, error) {
	return appendID(appendReliableHeader(b, TypeRemove, m.Seqno), m.EntityID), nil
}

// MarshalBinary returns the encoded message.
func (m *Remove) MarshalBinary() ([]byte, error) { return m.AppendBinary(make([]byte, 0, m.Size())) }

// Decode decodes the message at the start of b.
func (m *Remove) Decode(b []byte) (int, error) {
	*m = Remove{}
	if off, err := begin(b, m.Form(), removeSize); err != nil {
		return off, err
	}
	m.Seqno = be.U32(b[1:])
	m.EntityID = readID(b[5:])
	return removeSize, nil
}

// UnmarshalBinary decodes a message that is all of b.
func (m *Remove) UnmarshalBinary(b []byte) error { return unmarshal(m, b) }

// Validate checks that Seqno is not 0.
func (m *Remove) Validate() error { return validSeqno(m.Seqno, m.Form()) }
