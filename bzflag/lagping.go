package bzflag

// LagPing is MsgLagPing (both directions): the server measures lag; the client echoes
// the message back unchanged.
type LagPing struct {
	Seq uint16 `json:"seqNo"` // `seq. no.'
}

var lagPingForm = &forms[35]

// Size returns the frame size, 6.
func (*LagPing) Size() int { return HeaderLen + 2 }

// AppendBinary appends the frame.
func (m *LagPing) AppendBinary(b []byte) ([]byte, error) {
	return appendU16Frame(b, CodeLagPing, m.Seq), nil
}

// MarshalBinary returns the frame.
func (m *LagPing) MarshalBinary() ([]byte, error) { return marshal(m) }

// Decode reads the frame at the start of b.
func (m *LagPing) Decode(b []byte) (n int, err error) {
	m.Seq, n, err = decodeU16(b, lagPingForm)
	return n, err
}

// UnmarshalBinary decodes exactly one frame.
func (m *LagPing) UnmarshalBinary(b []byte) error { return unmarshal(m, lagPingForm, b) }

// Validate checks that Seq is below LagPingModulus.
func (m *LagPing) Validate() error {
	if m.Seq >= LagPingModulus {
		return invalid(lagPingForm, "seqNo")
	}
	return nil
}
