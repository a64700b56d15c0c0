package lwar

import "github.com/gamewire/gamewire/wire"

// Collision is the spec's "Collision" message (id 105, unreliable, server
// to client): two entities collided. The order of the two ids has no
// significance; X and Y are the impact point.
type Collision struct {
	EntityIDs [2]ID `json:"entityIds"` // "entityIds", uint32(id)[2]: the entities that collided
	X         int16 `json:"x"`         // "x": the x position of the impact point
	Y         int16 `json:"y"`         // "y": the y position of the impact point
}

const collisionSize = UnreliableHeaderSize + 2*IDSize + 4

// Form returns the message's entry in the table.
func (*Collision) Form() *wire.Form { return &forms[13] }

// Size returns the encoded length, 13 bytes.
func (*Collision) Size() int { return collisionSize }

// AppendBinary appends the encoded message.
func (m *Collision) AppendBinary(b []byte) ([]byte, error) {
	b = append(b, byte(TypeCollision))
	b = appendID(b, m.EntityIDs[0])
	b = appendID(b, m.EntityIDs[1])
	b = be.AppendI16(b, m.X)
	return be.AppendI16(b, m.Y), nil
}

// MarshalBinary returns the encoded message.
func (m *Collision) MarshalBinary() ([]byte, error) {
	return m.AppendBinary(make([]byte, 0, m.Size()))
}

// Decode decodes the message at the start of b.
func (m *Collision) Decode(b []byte) (int, error) {
	*m = Collision{}
	if off, err := begin(b, m.Form(), collisionSize); err != nil {
		return off, err
	}
	b = b[:collisionSize]
	m.EntityIDs[0] = readID(b[1:])
	m.EntityIDs[1] = readID(b[5:])
	m.X = be.I16(b[9:])
	m.Y = be.I16(b[11:])
	return collisionSize, nil
}

// UnmarshalBinary decodes a message that is all of b.
func (m *Collision) UnmarshalBinary(b []byte) error { return unmarshal(m, b) }

// Validate returns nil: Collision has no rules.
func (*Collision) Validate() error { return nil }
