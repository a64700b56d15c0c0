package lwar

import "github.com/gamewire/gamewire/wire"

// Update is the spec's "Update" message (id 110, unreliable, server to
// client): periodically updates the clients' entity states.
//
// On the wire the entries follow a uint8 "num", so a message holds at
// most MaxEntries of them. Decode reuses the capacity of Entries.
type Update struct {
	Entries []UpdateEntry `json:"entries"` // the entries; "num" is len(Entries)
}

// UpdateEntry is one entry of Update: the state of one entity.
type UpdateEntry struct {
	EntityID    ID     `json:"entityId"`    // "entityId": the entity that is updated
	X           int16  `json:"x"`           // "x": the new x position
	Y           int16  `json:"y"`           // "y": the new y position
	Orientation uint16 `json:"orientation"` // "orientation": new orientation angle, in degrees
	Health      uint8  `json:"health"`      // "health": the new health
}

// UpdateEntrySize is the encoded size of one UpdateEntry.
const UpdateEntrySize = 11

// Form returns the message's entry in the table.
func (*Update) Form() *wire.Form { return &forms[14] }

// Size returns the encoded length: 2 bytes plus 11 per entry.
func (m *Update) Size() int { return 2 + UpdateEntrySize*len(m.Entries) }

// AppendBinary appends the encoded message. More than MaxEntries entries
// cannot be encoded (wire.ErrTooLong, field num).
func (m *Update) AppendBinary(b []byte) ([]byte, error) { return appendList(b, m.Form(), m.Entries) }

// MarshalBinary returns the encoded message.
func (m *Update) MarshalBinary() ([]byte, error) { return m.AppendBinary(make([]byte, 0, m.Size())) }

// Decode decodes the message at the start of b into Entries' storage.
func (m *Update) Decode(b []byte) (n int, err error) {
	m.Entries, n, err = decodeList(b, m.Form(), UpdateEntrySize, m.Entries)
	return n, err
}

// UnmarshalBinary decodes a message that is all of b.
func (m *Update) UnmarshalBinary(b []byte) error { return unmarshal(m, b) }

// Validate returns nil: the wire format of Update can say nothing the spec
// forbids.
func (*Update) Validate() error { return nil }

func (e UpdateEntry) append(b []byte) []byte {
	b = appendID(b, e.EntityID)
	b = be.AppendI16(b, e.X)
	b = be.AppendI16(b, e.Y)
	b = be.AppendU16(b, e.Orientation)
	return append(b, e.Health)
}

func (e *UpdateEntry) read(b []byte) {
	_ = b[UpdateEntrySize-1]
	e.EntityID = readID(b)
	e.X = be.I16(b[4:])
	e.Y = be.I16(b[6:])
	e.Orientation = be.U16(b[8:])
	e.Health = b[10]
}
