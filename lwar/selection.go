package lwar

// Selection is the spec's "Selection" message (id 8, reliable, client and
// server): broadcasts a ship or weapon type change to all clients.
type Selection struct {
	Seqno    uint32 `json:"seqno"`    // "seqno": the sequence number of the reliable message header
	PlayerID ID     `json:"playerId"` // "playerId": the player that selected a new ship or weapon
	ShipType uint8  `json:"shipType"` // "shipType": the new ship type template
	// WeaponType is "weaponType", uint8[4]: the new weapon type templates
	// of the four slots.
	WeaponType [4]uint8 `json:"weaponType"`
}

const selectionSize = ReliableHeaderSize + IDSize + 1 + 4

var selectionFields = reliableFields(
	Field{Name: "playerId", Type: "uint32(Id)", Offset: 5, Size: 4},
	Field{Name: "shipType", Type: "uint8", Offset: 9, Size: 1},
	Field{Name: "weaponType", Type: "uint8[4]", Offset: 10, Size: 4},
)

// Type returns TypeSelection.
func (*Selection) Type() Type { return TypeSelection }

// SequenceNumber returns Seqno.
func (m *Selection) SequenceNumber() uint32 { return m.Seqno }

// SetSequenceNumber sets Seqno.
func (m *Selection) SetSequenceNumber(s uint32) { m.Seqno = s }

// Size returns the encoded length, 14 bytes.
func (*Selection) Size() int { return selectionSize }

// AppendBinary appends the encoded message.
func (m *Selection) AppendBinary(b []byte) ([]byte, error) {
	b = appendReliableHeader(b, TypeSelection, m.Seqno)
	b = appendID(b, m.PlayerID)
	b = append(b, m.ShipType)
	return append(b, m.WeaponType[:]...), nil
}

// MarshalBinary returns the encoded message.
func (m *Selection) MarshalBinary() ([]byte, error) {
	return m.AppendBinary(make([]byte, 0, m.Size()))
}

// Decode decodes the message at the start of b.
func (m *Selection) Decode(b []byte) (int, error) {
	*m = Selection{}
	if err := begin(b, TypeSelection, selectionFields, selectionSize); err != nil {
		return 0, err
	}
	b = b[:selectionSize]
	m.Seqno = be.U32(b[1:])
	m.PlayerID = readID(b[5:])
	m.ShipType = b[9]
	copy(m.WeaponType[:], b[10:14])
	return selectionSize, nil
}

// UnmarshalBinary decodes a message that is all of b.
func (m *Selection) UnmarshalBinary(b []byte) error {
	n, err := m.Decode(b)
	if err == nil && n != len(b) {
		err = trailing(TypeSelection, n)
	}
	return err
}

// Validate checks that Seqno is not 0.
func (m *Selection) Validate() error { return validSeqno(m.Seqno, TypeSelection) }
