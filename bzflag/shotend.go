package bzflag

// ShotEnd is MsgShotEnd, the same both ways: shot ShotID of player Shooter
// ended before its lifetime.
type ShotEnd struct {
	Shooter PlayerID `json:"shooterId"` // `shooter id'
	ShotID  int16    `json:"shotId"`    // `shot id'
	Reason  uint16   `json:"reason"`    // `reason': 1 to show an explosion, else 0
}

var shotEndForm = &forms[29]

// Size returns the frame size, 16.
func (*ShotEnd) Size() int { return HeaderLen + 12 }

// AppendBinary appends the frame.
func (m *ShotEnd) AppendBinary(b []byte) ([]byte, error) {
	b = appendHeader(b, CodeShotEnd, 12)
	b = appendPlayerID(b, &m.Shooter)
	b = be.AppendI16(b, m.ShotID)
	return be.AppendU16(b, m.Reason), nil
}

// MarshalBinary returns the frame.
func (m *ShotEnd) MarshalBinary() ([]byte, error) { return marshal(m) }

// Decode reads the frame at the start of b.
func (m *ShotEnd) Decode(b []byte) (int, error) {
	if _, err := checkHeader(b, shotEndForm); err != nil {
		*m = ShotEnd{}
		return 0, err
	}
	m.Shooter = getPlayerID(b[4:])
	m.ShotID = be.I16(b[12:])
	m.Reason = be.U16(b[14:])
	return HeaderLen + 12, nil
}

// UnmarshalBinary decodes exactly one frame.
func (m *ShotEnd) UnmarshalBinary(b []byte) error { return unmarshal(m, shotEndForm, b) }

// Validate checks that Reason is 0 or 1.
func (m *ShotEnd) Validate() error {
	if m.Reason > 1 {
		return invalid(shotEndForm, "reason")
	}
	return nil
}
