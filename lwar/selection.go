package lwar

import "github.com/gamewire/gamewire/wire"

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

// Form returns the message's entry in the table.
func (*Selection) Form() *wire.Form { return &forms[7] }

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
	if off, err := begin(b, m.Form(), selectionSize); err != nil {
		return off, err
	}
	b = b[:selectionSize]
	m.Seqno = be.U32(b[1:])
	m.PlayerID = readID(b[5:])
	m.ShipType = b[9]
	copy(m.WeaponType[:], b[10:14])
	return selectionSize, nil
}

// UnmarshalBinary decodes a message that is all of b.
func (m *Selection) UnmarshalBinary(b []byte) error { return unmarshal(m, b) }

// Validate checks that Seqno is not 0.
func (m *Selection) Validate() error { return validSeqno(m.Seqno, m.Form()) }
