package bzflag

import "encoding/binary"

// PlayerUpdate is MsgPlayerUpdate, the same both ways (and over multicast):
// a player's status, position and motion, for dead reckoning.
type PlayerUpdate struct {
	ID              PlayerID     `json:"playerId"`        // `player id'
	Status          PlayerStatus `json:"status"`          // `status'
	Position        Vec3         `json:"position"`        // `position'
	Velocity        Vec3         `json:"velocity"`        // `velocity'
	Azimuth         float32      `json:"azimuth"`         // `azimuth': radians, +x is 0
	AngularVelocity float32      `json:"angularVelocity"` // `angular velocity': radians per second
}

var playerUpdateForm = &forms[12]

const playerUpdateSize = HeaderLen + 42

// Size returns the frame size, 46.
func (*PlayerUpdate) Size() int { return playerUpdateSize }

// AppendBinary appends the frame.
func (m *PlayerUpdate) AppendBinary(b []byte) ([]byte, error) {
	b, w := grow(b, playerUpdateSize)
	putHeader(w, CodePlayerUpdate, playerUpdateSize-HeaderLen)
	putPlayerID(w[4:], &m.ID)
	binary.BigEndian.PutUint16(w[12:], uint16(m.Status))
	putVec3(w[14:], &m.Position)
	putVec3(w[26:], &m.Velocity)
	putF32(w[38:], m.Azimuth)
	putF32(w[42:], m.AngularVelocity)
	return b, nil
}

// MarshalBinary returns the frame.
func (m *PlayerUpdate) MarshalBinary() ([]byte, error) { return marshal(m) }

// Decode reads the frame at the start of b.
func (m *PlayerUpdate) Decode(b []byte) (int, error) {
	if !fixedOK(b, CodePlayerUpdate, playerUpdateSize) {
		*m = PlayerUpdate{}
		_, err := checkHeader(b, playerUpdateForm)
		return 0, err
	}
	b = b[:playerUpdateSize]
	m.ID = getPlayerID(b[4:])
	m.Status = PlayerStatus(be.U16(b[12:]))
	m.Position = getVec3(b[14:])
	m.Velocity = getVec3(b[26:])
	m.Azimuth = f32(b[38:])
	m.AngularVelocity = f32(b[42:])
	return playerUpdateSize, nil
}

// UnmarshalBinary decodes exactly one frame.
func (m *PlayerUpdate) UnmarshalBinary(b []byte) error {
	return unmarshal(m, playerUpdateForm, b)
}

// Validate checks that Status holds only the bits PlayerStatus defines.
func (m *PlayerUpdate) Validate() error {
	if m.Status&^StatusKnown != 0 {
		return invalid(playerUpdateForm, "status")
	}
	return nil
}
