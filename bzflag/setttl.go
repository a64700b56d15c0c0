package bzflag

// SetTTL is MsgSetTTL (both directions): the multicast time-to-live. From the server,
// the new minimum TTL for all clients; from the client (not in the spec),
// the TTL it needs, which the 1.7 client sends when joining.
type SetTTL struct {
	TTL uint16 `json:"newTtl"` // `new TTL'
}

var setTTLForm = &forms[19]

// Size returns the frame size, 6.
func (*SetTTL) Size() int { return HeaderLen + 2 }

// AppendBinary appends the frame.
func (m *SetTTL) AppendBinary(b []byte) ([]byte, error) {
	return appendU16Frame(b, CodeSetTTL, m.TTL), nil
}

// MarshalBinary returns the frame.
func (m *SetTTL) MarshalBinary() ([]byte, error) { return marshal(m) }

// Decode reads the frame at the start of b.
func (m *SetTTL) Decode(b []byte) (n int, err error) {
	m.TTL, n, err = decodeU16(b, setTTLForm)
	return n, err
}

// UnmarshalBinary decodes exactly one frame.
func (m *SetTTL) UnmarshalBinary(b []byte) error { return unmarshal(m, setTTLForm, b) }

// Validate checks that TTL is at most MaximumTTL.
func (m *SetTTL) Validate() error {
	if m.TTL > MaximumTTL {
		return invalid(setTTLForm, "newTtl")
	}
	return nil
}
