package lwar

import "github.com/gamewire/gamewire/wire"

// Disconnect is the spec's "Disconnect" message (id 2, reliable, client to
// server): the client wants to disconnect from the server. It carries no
// payload.
type Disconnect struct {
	Seqno uint32 `json:"seqno"` // "seqno": the sequence number of the reliable message header
}

// Form returns the message's entry in the table.
func (*Disconnect) Form() *wire.Form { return &forms[1] }

// Size returns ReliableHeaderSize: the message is its header.
func (*Disconnect) Size() int { return ReliableHeaderSize }

// AppendBinary appends the message header.
func (m *Disconnect) AppendBinary(b []byte) ([]byte, error) {
	return appendReliableHeader(b, TypeDisconnect, m.Seqno), nil
}

// MarshalBinary returns the encoded message.
func (m *Disconnect) MarshalBinary() ([]byte, error) {
	return m.AppendBinary(make([]byte, 0, m.Size()))
}

// Decode decodes the message at the start of b.
func (m *Disconnect) Decode(b []byte) (int, error) {
	*m = Disconnect{}
	if off, err := begin(b, m.Form(), ReliableHeaderSize); err != nil {
		return off, err
	}
	m.Seqno = be.U32(b[1:])
	return ReliableHeaderSize, nil
}

// UnmarshalBinary decodes a message that is all of b.
func (m *Disconnect) UnmarshalBinary(b []byte) error { return unmarshal(m, b) }

// Validate checks that Seqno is not 0.
func (m *Disconnect) Validate() error { return validSeqno(m.Seqno, m.Form()) }
