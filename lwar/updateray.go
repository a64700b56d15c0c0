package lwar

import "github.com/gamewire/gamewire/wire"

// UpdateRay is the spec's "UpdateRay" message (id 112, unreliable, server to
// client): the state of ray entities.
//
// On the wire the entries follow a uint8 "num", so a message holds at
// most MaxEntries of them. Decode reuses the capacity of Entries.
type UpdateRay struct {
	Entries []UpdateRayEntry `json:"entries"` // the entries; "num" is len(Entries)
}

// UpdateRayEntry is one entry of UpdateRay: the state of one ray.
type UpdateRayEntry struct {
	EntityID    ID     `json:"entityId"`    // "entityId": the entity that is updated
	X           int16  `json:"x"`           // "x": the current origin x
	Y           int16  `json:"y"`           // "y": the current origin y
	Orientation uint16 `json:"orientation"` // "orientation": the direction of the ray, in degrees
	Length      uint16 `json:"length"`      // "length": the length of the ray
}

// UpdateRayEntrySize is the encoded size of one UpdateRayEntry.
const UpdateRayEntrySize = 12

// Form returns the message's entry in the table.
func (*UpdateRay) Form() *wire.Form { return &forms[16] }

// Size returns the encoded length: 2 bytes plus 12 per entry.
func (m *UpdateRay) Size() int { return 2 + UpdateRayEntrySize*len(m.Entries) }

// AppendBinary appends the encoded message. More than MaxEntries entries
// cannot be encoded (wire.ErrTooLong, field num).
func (m *UpdateRay) AppendBinary(b []byte) ([]byte, error) {
	return appendList(b, m.Form(), m.Entries)
}

// MarshalBinary returns the encoded message.
func (m *UpdateRay) MarshalBinary() ([]byte, error) { return m.AppendBinary(make([]byte, 0, m.Size())) }

// Decode decodes the message at the start of b into Entries' storage.
func (m *UpdateRay) Decode(b []byte) (n int, err error) {
	m.Entries, n, err = decodeList(b, m.Form(), UpdateRayEntrySize, m.Entries)
	return n, err
}

// UnmarshalBinary decodes a message that is all of b.
func (m *UpdateRay) UnmarshalBinary(b []byte) error { return unmarshal(m, b) }

// Validate returns nil: the wire format of UpdateRay can say nothing the spec
// forbids.
func (*UpdateRay) Validate() error { return nil }

func (e UpdateRayEntry) append(b []byte) []byte {
	b = appendID(b, e.EntityID)
	b = be.AppendI16(b, e.X)
	b = be.AppendI16(b, e.Y)
	b = be.AppendU16(b, e.Orientation)
	return be.AppendU16(b, e.Length)
}

func (e *UpdateRayEntry) read(b []byte) {
	_ = b[UpdateRayEntrySize-1]
	e.EntityID = readID(b)
	e.X = be.I16(b[4:])
	e.Y = be.I16(b[6:])
	e.Orientation = be.U16(b[8:])
	e.Length = be.U16(b[10:])
}
