package lwar

import "github.com/gamewire/gamewire/wire"

// UpdatePos is the spec's "UpdatePos" message (id 111, unreliable, server to
// client): the positions of entities that only have one.
//
// On the wire the entries follow a uint8 "num", so a message holds at
// most MaxEntries of them. Decode reuses the capacity of Entries.
type UpdatePos struct {
	Entries []UpdatePosEntry `json:"entries"` // the entries; "num" is len(Entries)
}

// UpdatePosEntry is one entry of UpdatePos: the position of one entity.
type UpdatePosEntry struct {
	EntityID ID    `json:"entityId"` // "entityId": the entity that is updated
	X        int16 `json:"x"`        // "x": the new x position
	Y        int16 `json:"y"`        // "y": the new y position
}

// UpdatePosEntrySize is the encoded size of one UpdatePosEntry.
const UpdatePosEntrySize = 8

// Form returns the message's entry in the table.
func (*UpdatePos) Form() *wire.Form { return &forms[15] }

// Size returns the encoded length: 2 bytes plus 8 per entry.
func (m *UpdatePos) Size() int { return 2 + UpdatePosEntrySize*len(m.Entries) }

// AppendBinary appends the encoded message. More than MaxEntries entries
// cannot be encoded (wire.ErrTooLong, field num).
func (m *UpdatePos) AppendBinary(b []byte) ([]byte, error) {
	return appendList(b, m.Form(), m.Entries)
}

// MarshalBinary returns the encoded message.
func (m *UpdatePos) MarshalBinary() ([]byte, error) { return m.AppendBinary(make([]byte, 0, m.Size())) }

// Decode decodes the message at the start of b into Entries' storage.
func (m *UpdatePos) Decode(b []byte) (n int, err error) {
	m.Entries, n, err = decodeList(b, m.Form(), UpdatePosEntrySize, m.Entries)
	return n, err
}

// UnmarshalBinary decodes a message that is all of b.
func (m *UpdatePos) UnmarshalBinary(b []byte) error { return unmarshal(m, b) }

// Validate returns nil: the wire format of UpdatePos can say nothing the spec
// forbids.
func (*UpdatePos) Validate() error { return nil }

func (e UpdatePosEntry) append(b []byte) []byte {
	b = appendID(b, e.EntityID)
	b = be.AppendI16(b, e.X)
	return be.AppendI16(b, e.Y)
}

func (e *UpdatePosEntry) read(b []byte) {
	_ = b[UpdatePosEntrySize-1]
	e.EntityID = readID(b)
	e.X = be.I16(b[4:])
	e.Y = be.I16(b[6:])
}
