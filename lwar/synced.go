package lwar

import "github.com/gamewire/gamewire/wire"

// Synced is the spec's "Synced" message (id 10, reliable, server to client):
// the game state has been fully synced. It carries no payload.
type Synced struct {
	Seqno uint32 `json:"seqno"` // "seqno": the sequence number of the reliable message header
}

// Form returns the message's entry in the table.
func (*Synced) Form() *wire.Form { return &forms[9] }

// Size returns ReliableHeaderSize: the message is its header.
func (*Synced) Size() int { return ReliableHeaderSize }

// AppendBinary appends the message header.
func (m *Synced) AppendBinary(b []byte) ([]byte, error) {
	return appendReliableHeader(b, TypeSynced, m.Seqno), nil
}

// MarshalBinary returns the encoded message.
func (m *Synced) MarshalBinary() ([]byte, error) { return m.AppendBinary(make([]byte, 0, m.Size())) }

// Decode decodes the message at the start of b.
func (m *Synced) Decode(b []byte) (int, error) {
	*m = Synced{}
	if off, err := begin(b, m.Form(), ReliableHeaderSize); err != nil {
		return off, err
	}
	m.Seqno = be.U32(b[1:])
	return ReliableHeaderSize, nil
}

// UnmarshalBinary decodes a message that is all of b.
func (m *Synced) UnmarshalBinary(b []byte) error { return unmarshal(m, b) }

// Validate checks that Seqno is not 0.
func (m *Synced) Validate() error { return validSeqno(m.Seqno, m.Form()) }
