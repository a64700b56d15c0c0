package lwar

import "github.com/gamewire/gamewire/wire"

// UpdateCircle is the spec's "UpdateCircle" message (id 113, unreliable,
// server to client): the state of circular entities.
//
// On the wire the entries follow a uint8 "num", so a message holds at
// most MaxEntries of them. Decode reuses the capacity of Entries.
type UpdateCircle struct {
	Entries []UpdateCircleEntry `json:"entries"` // the entries; "num" is len(Entries)
}

// UpdateCircleEntry is one entry of UpdateCircle: the state of one circle.
type UpdateCircleEntry struct {
	EntityID ID     `json:"entityId"` // "entityId": the entity that is updated
	X        int16  `json:"x"`        // "x": the current center x
	Y        int16  `json:"y"`        // "y": the current center y
	Radius   uint16 `json:"radius"`   // "radius": the radius of the circle
}

// UpdateCircleEntrySize is the encoded size of one UpdateCircleEntry.
const UpdateCircleEntrySize = 10

// Form returns the message's entry in the table.
func (*UpdateCircle) Form() *wire.Form { return &forms[17] }

// Size returns the encoded length: 2 bytes plus 10 per entry.
func (m *UpdateCircle) Size() int { return 2 + UpdateCircleEntrySize*len(m.Entries) }

// AppendBinary appends the encoded message. More than MaxEntries entries
// cannot be encoded (wire.ErrTooLong, field num).
func (m *UpdateCircle) AppendBinary(b []byte) ([]byte, error) {
	return appendList(b, m.Form(), m.Entries)
}

// MarshalBinary returns the encoded message.
func (m *UpdateCircle) MarshalBinary() ([]byte, error) {
	return m.AppendBinary(make([]byte, 0, m.Size()))
}

// Decode decodes the message at the start of b into Entries' storage.
func (m *UpdateCircle) Decode(b []byte) (n int, err error) {
	m.Entries, n, err = decodeList(b, m.Form(), UpdateCircleEntrySize, m.Entries)
	return n, err
}

// UnmarshalBinary decodes a message that is all of b.
func (m *UpdateCircle) UnmarshalBinary(b []byte) error { return unmarshal(m, b) }

// Validate returns nil: the wire format of UpdateCircle can say nothing the spec
// forbids.
func (*UpdateCircle) Validate() error { return nil }

func (e UpdateCircleEntry) append(b []byte) []byte {
	b = appendID(b, e.EntityID)
	b = be.AppendI16(b, e.X)
	b = be.AppendI16(b, e.Y)
	return be.AppendU16(b, e.Radius)
}

func (e *UpdateCircleEntry) read(b []byte) {
	_ = b[UpdateCircleEntrySize-1]
	e.EntityID = readID(b)
	e.X = be.I16(b[4:])
	e.Y = be.I16(b[6:])
	e.Radius = be.U16(b[8:])
}
