package bzflag

import "encoding/binary"

// ShotBegin is MsgShotBegin, the same both ways: a player fired a shot.
// BZFlag 1.7 calls the body FiringInfo.
type ShotBegin struct {
	Shooter  PlayerID `json:"shooterId"` // `shooter id'
	ShotID   uint16   `json:"shotId"`    // `shot id'
	Position Vec3     `json:"position"`  // `position': where the shot starts
	Velocity Vec3     `json:"velocity"`  // `velocity'
	Time     float32  `json:"time"`      // `time': age of the shot so far
	FlagType FlagID   `json:"flagType"`  // `flag type': the shooter's flag
	Lifetime float32  `json:"lifetime"`  // `lifetime'
}

var shotBeginForm = &forms[13]

const shotBeginSize = HeaderLen + 44

// Size returns the frame size, 48.
func (*ShotBegin) Size() int { return shotBeginSize }

// AppendBinary appends the frame.
func (m *ShotBegin) AppendBinary(b []byte) ([]byte, error) {
	b, w := grow(b, shotBeginSize)
	putHeader(w, CodeShotBegin, shotBeginSize-HeaderLen)
	putPlayerID(w[4:], &m.Shooter)
	binary.BigEndian.PutUint16(w[12:], m.ShotID)
	putVec3(w[14:], &m.Position)
	putVec3(w[26:], &m.Velocity)
	putF32(w[38:], m.Time)
	binary.BigEndian.PutUint16(w[42:], uint16(m.FlagType))
	putF32(w[44:], m.Lifetime)
	return b, nil
}

// MarshalBinary returns the frame.
func (m *ShotBegin) MarshalBinary() ([]byte, error) { return marshal(m) }

// Decode reads the frame at the start of b.
func (m *ShotBegin) Decode(b []byte) (int, error) {
	if !fixedOK(b, CodeShotBegin, shotBeginSize) {
		*m = ShotBegin{}
		_, err := checkHeader(b, shotBeginForm)
		return 0, err
	}
	b = b[:shotBeginSize]
	m.Shooter = getPlayerID(b[4:])
	m.ShotID = be.U16(b[12:])
	m.Position = getVec3(b[14:])
	m.Velocity = getVec3(b[26:])
	m.Time = f32(b[38:])
	m.FlagType = FlagID(be.U16(b[42:]))
	m.Lifetime = f32(b[44:])
	return shotBeginSize, nil
}

// UnmarshalBinary decodes exactly one frame.
func (m *ShotBegin) UnmarshalBinary(b []byte) error { return unmarshal(m, shotBeginForm, b) }

// Validate checks that FlagType is a flag 1.7 knows.
func (m *ShotBegin) Validate() error {
	if !m.FlagType.Known() {
		return invalid(shotBeginForm, "flagType")
	}
	return nil
}
