package bzflag

import "encoding/binary"

// FlagStatus is the spec's `flag status', common to MsgFlagUpdate,
// MsgGrabFlag and MsgDropFlag: a flag's kind, where it is and its flight.
// It is FlagStatusLen (62) bytes on the wire.
type FlagStatus struct {
	ID              FlagID    `json:"flagId"`          // `flag id'
	Status          FlagState `json:"status"`          // `status'
	Type            FlagType  `json:"type"`            // `type'
	Owner           PlayerID  `json:"ownerId"`         // `owner id': who has the flag when FlagOnTank
	Position        Vec3      `json:"position"`        // `position': on the ground
	Launch          Vec3      `json:"launch"`          // `launch': where it was thrown from
	Landing         Vec3      `json:"landing"`         // `landing': where it will land
	FlightTime      float32   `json:"flightTime"`      // `flight time': time in the air so far
	FlightEnd       float32   `json:"flightEnd"`       // `flight end': total time of the flight
	InitialVelocity float32   `json:"initialVelocity"` // `initial velocity': vertical, at launch
}

// putFlagStatus writes the 62 bytes of s into w.
func putFlagStatus(w []byte, s *FlagStatus) {
	_ = w[FlagStatusLen-1]
	binary.BigEndian.PutUint16(w, uint16(s.ID))
	binary.BigEndian.PutUint16(w[2:], uint16(s.Status))
	binary.BigEndian.PutUint16(w[4:], uint16(s.Type))
	putPlayerID(w[6:], &s.Owner)
	putVec3(w[14:], &s.Position)
	putVec3(w[26:], &s.Launch)
	putVec3(w[38:], &s.Landing)
	putF32(w[50:], s.FlightTime)
	putF32(w[54:], s.FlightEnd)
	putF32(w[58:], s.InitialVelocity)
}

// getFlagStatus reads a flag status from b[0:62].
func getFlagStatus(b []byte) FlagStatus {
	b = b[:FlagStatusLen]
	return FlagStatus{
		ID:              FlagID(be.U16(b)),
		Status:          FlagState(be.U16(b[2:])),
		Type:            FlagType(be.U16(b[4:])),
		Owner:           getPlayerID(b[6:]),
		Position:        getVec3(b[14:]),
		Launch:          getVec3(b[26:]),
		Landing:         getVec3(b[38:]),
		FlightTime:      f32(b[50:]),
		FlightEnd:       f32(b[54:]),
		InitialVelocity: f32(b[58:]),
	}
}

// validate checks the enumerations of a flag status and names the field
// that breaks them, or returns "".
func (s *FlagStatus) validate() string {
	switch {
	case !s.ID.Known():
		return "flagId"
	case !s.Status.Known():
		return "status"
	case !s.Type.Known():
		return "type"
	}
	return ""
}
