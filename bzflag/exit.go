package bzflag

// Exit is MsgExit (client to server), with an empty body: the player
// leaves the game. There is no reply.
type Exit struct{}

var exitForm = &forms[16]

// Size returns the frame size, 4.
func (*Exit) Size() int { return HeaderLen }

// AppendBinary appends the frame.
func (*Exit) AppendBinary(b []byte) ([]byte, error) { return appendHeader(b, CodeExit, 0), nil }

// MarshalBinary returns the frame.
func (m *Exit) MarshalBinary() ([]byte, error) { return marshal(m) }

// Decode reads the frame at the start of b.
func (*Exit) Decode(b []byte) (int, error) { return decodeEmpty(b, exitForm) }

// UnmarshalBinary decodes exactly one frame.
func (m *Exit) UnmarshalBinary(b []byte) error { return unmarshal(m, exitForm, b) }

// Validate returns nil: the message has no rules.
func (*Exit) Validate() error { return nil }
