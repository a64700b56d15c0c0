package lwar

import "github.com/gamewire/gamewire/wire"

// Leave is the spec's "Leave" message (id 4, reliable, server to client):
// informs all clients that a client left. The Leave sent to a
// disconnecting client also acknowledges its Disconnect.
type Leave struct {
	Seqno    uint32 `json:"seqno"`    // "seqno": the sequence number of the reliable message header
	PlayerID ID     `json:"playerId"` // "playerId": the player that left
}

const leaveSize = ReliableHeaderSize + IDSize

// Form returns the message's entry in the table.
func (*Leave) Form() *wire.Form { return &forms[3] }

// Size returns the encoded length, 9 bytes.
func (*Leave) Size() int { return leaveSize }

// AppendBinary appends the encoded message.
func (m *Leave) AppendBinary(b []byte) ([]byte, error) {
	return appendID(appendReliableHeader(b, TypeLeave, m.Seqno), m.PlayerID), nil
}

// MarshalBinary returns the encoded message.
func (m *Leave) MarshalBinary() ([]byte, error) { return m.AppendBinary(make([]byte, 0, m.Size())) }

// Decode decodes the message at the start of b.
func (m *Leave) Decode(b []byte) (int, error) {
	*m = Leave{}
	if off, err := begin(b, m.Form(), leaveSize); err != nil {
		return off, err
	}
	m.Seqno = be.U32(b[1:])
	m.PlayerID = readID(b[5:])
	return leaveSize, nil
}

// UnmarshalBinary decodes a message that is all of b.
func (m *Leave) UnmarshalBinary(b []byte) error { return unmarshal(m, b) }

// Validate checks that Seqno is not 0.
func (m *Leave) Validate() error { return validSeqno(m.Seqno, m.Form()) }
