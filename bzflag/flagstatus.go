package bzflag

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

// appendFlagStatus appends the 62 bytes of s.
func appendFlagStatus(b []byte, s *FlagStatus) []byte {
	b = be.AppendU16(b, uint16(s.ID))
	b = be.AppendU16(b, uint16(s.Status))
	b = be.AppendU16(b, uint16(s.Type))
	b = appendPlayerID(b, &s.Owner)
	b = appendVec3(b, &s.Position)
	b = appendVec3(b, &s.Launch)
	b = appendVec3(b, &s.Landing)
	b = be.AppendF32(b, s.FlightTime)
	b = be.AppendF32(b, s.FlightEnd)
	return be.AppendF32(b, s.InitialVelocity)
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
		FlightTime:      be.F32(b[50:]),
		FlightEnd:       be.F32(b[54:]),
		InitialVelocity: be.F32(b[58:]),
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
