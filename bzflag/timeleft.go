package bzflag

// TimeLeft is MsgTimeLeft (server to client): the seconds left in the game, sent only when
// the server has a time limit. BZFlag 1.7 calls it MsgTimeUpdate.
type TimeLeft struct {
	Seconds uint16 `json:"timeLeft"` // `time left'
}

var timeLeftForm = &forms[17]

// Size returns the frame size, 6.
func (*TimeLeft) Size() int { return HeaderLen + 2 }

// AppendBinary appends the frame.
func (m *TimeLeft) AppendBinary(b []byte) ([]byte, error) {
	return appendU16Frame(b, CodeTimeLeft, m.Seconds), nil
}

// MarshalBinary returns the frame.
func (m *TimeLeft) MarshalBinary() ([]byte, error) { return marshal(m) }

// Decode reads the frame at the start of b.
func (m *TimeLeft) Decode(b []byte) (n int, err error) {
	m.Seconds, n, err = decodeU16(b, timeLeftForm)
	return n, err
}

// UnmarshalBinary decodes exactly one frame.
func (m *TimeLeft) UnmarshalBinary(b []byte) error { return unmarshal(m, timeLeftForm, b) }

// Validate returns nil: any time is well formed.
func (*TimeLeft) Validate() error { return nil }
