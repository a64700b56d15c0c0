package bzflag

import "encoding/binary"

// GMUpdate is MsgGMUpdate, the same both ways (and over multicast): the
// new course of guided missile ShotID of player Shooter.
type GMUpdate struct {
	Shooter  PlayerID `json:"shooterId"` // `shooter id'
	ShotID   uint16   `json:"shotId"`    // `shot id'
	Position Vec3     `json:"position"`  // `position'
	Velocity Vec3     `json:"velocity"`  // `velocity'
	Time     float32  `json:"time"`      // `time': age of the shot
	Target   PlayerID `json:"targetId"`  // `target id': all zeros for none
}

var gmUpdateForm = &forms[34]

const gmUpdateSize = HeaderLen + 46

// Size returns the frame size, 50.
func (*GMUpdate) Size() int { return gmUpdateSize }

// AppendBinary appends the frame.
func (m *GMUpdate) AppendBinary(b []byte) ([]byte, error) {
	b, w := grow(b, gmUpdateSize)
	putHeader(w, CodeGMUpdate, gmUpdateSize-HeaderLen)
	putPlayerID(w[4:], &m.Shooter)
	binary.BigEndian.PutUint16(w[12:], m.ShotID)
	putVec3(w[14:], &m.Position)
	putVec3(w[26:], &m.Velocity)
	putF32(w[38:], m.Time)
	putPlayerID(w[42:], &m.Target)
	return b, nil
}

// MarshalBinary returns the frame.
func (m *GMUpdate) MarshalBinary() ([]byte, error) { return marshal(m) }

// Decode reads the frame at the start of b.
func (m *GMUpdate) Decode(b []byte) (int, error) {
	if !fixedOK(b, CodeGMUpdate, gmUpdateSize) {
		*m = GMUpdate{}
		_, err := checkHeader(b, gmUpdateForm)
		return 0, err
	}
	b = b[:gmUpdateSize]
	m.Shooter = getPlayerID(b[4:])
	m.ShotID = be.U16(b[12:])
	m.Position = getVec3(b[14:])
	m.Velocity = getVec3(b[26:])
	m.Time = f32(b[38:])
	m.Target = getPlayerID(b[42:])
	return gmUpdateSize, nil
}

// UnmarshalBinary decodes exactly one frame.
func (m *GMUpdate) UnmarshalBinary(b []byte) error { return unmarshal(m, gmUpdateForm, b) }

// Validate returns nil: the message has no rules.
func (*GMUpdate) Validate() error { return nil }
