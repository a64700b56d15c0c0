package lwar

// Remove is the spec's "Remove" message (id 7, reliable, server to
// client): removes an entity from the clients' worlds.
type Remove struct {
	Seqno    uint32 `json:"seqno"`    // "seqno": the sequence number of the reliable message header
	EntityID ID     `json:"entityId"` // "entityId": the entity that is removed
}

const removeSize = ReliableHeaderSize + IDSize

var removeFields = reliableFields(Field{Name: "entityId", Type: "uint32(Id)", Offset: 5, Size: 4})

// Type returns TypeRemove.
func (*Remove) Type() Type { return TypeRemove }

// SequenceNumber returns Seqno.
func (m *Remove) SequenceNumber() uint32 { return m.Seqno }

// SetSequenceNumber sets Seqno.
func (m *Remove) SetSequenceNumber(s uint32) { m.Seqno = s }

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
	if err := begin(b, TypeRemove, removeFields, removeSize); err != nil {
		return 0, err
	}
	m.Seqno = be.U32(b[1:])
	m.EntityID = readID(b[5:])
	return removeSize, nil
}

// UnmarshalBinary decodes a message that is all of b.
func (m *Remove) UnmarshalBinary(b []byte) error {
	n, err := m.Decode(b)
	if err == nil && n != len(b) {
		err = trailing(TypeRemove, n)
	}
	return err
}

// Validate checks that Seqno is not 0.
func (m *Remove) Validate() error { return validSeqno(m.Seqno, TypeRemove) }
