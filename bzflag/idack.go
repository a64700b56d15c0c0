package bzflag

// IDAck is MsgIdAck (client to server), with an empty body: the client adopted
// the player id the server assigned it at the end of MsgAddPlayer. Not in the
// spec.
type IDAck struct{}

var idAckForm = &forms[36]

// Size returns the frame size, 4.
func (*IDAck) Size() int { return HeaderLen }

// AppendBinary appends the frame.
func (*IDAck) AppendBinary(b []byte) ([]byte, error) { return appendHeader(b, CodeIDAck, 0), nil }

// MarshalBinary returns the frame.
func (m *IDAck) MarshalBinary() ([]byte, error) { return marshal(m) }

// Decode reads the frame at the start of b.
func (*IDAck) Decode(b []byte) (int, error) { return decodeEmpty(b, idAckForm) }

// UnmarshalBinary decodes exactly one frame.
func (m *IDAck) UnmarshalBinary(b []byte) error { return unmarshal(m, idAckForm, b) }

// Validate returns nil: the message has no rules.
func (*IDAck) Validate() error { return nil }
