package bzflag

// SuperKill is MsgSuperKill (server to client), with an empty body: the
// client must close the connection at once.
type SuperKill struct{}

var superKillForm = &forms[3]

// Size returns the frame size, 4.
func (*SuperKill) Size() int { return HeaderLen }

// AppendBinary appends the frame.
func (*SuperKill) AppendBinary(b []byte) ([]byte, error) {
	return appendHeader(b, CodeSuperKill, 0), nil
}

// MarshalBinary returns the frame.
func (m *SuperKill) MarshalBinary() ([]byte, error) { return marshal(m) }

// Decode reads the frame at the start of b.
func (*SuperKill) Decode(b []byte) (int, error) { return decodeEmpty(b, superKillForm) }

// UnmarshalBinary decodes exactly one frame.
func (m *SuperKill) UnmarshalBinary(b []byte) error { return unmarshal(m, superKillForm, b) }

// Validate returns nil: the message has no rules.
func (*SuperKill) Validate() error { return nil }
