package bzflag

// Accept is MsgAccept (server to client), with an empty body: the server
// accepted a MsgEnter, or (not in the spec) a MsgNetworkRelay request.
type Accept struct{}

var acceptForm = &forms[1]

// Size returns the frame size, 4.
func (*Accept) Size() int { return HeaderLen }

// AppendBinary appends the frame.
func (*Accept) AppendBinary(b []byte) ([]byte, error) { return appendHeader(b, CodeAccept, 0), nil }

// MarshalBinary returns the frame.
func (m *Accept) MarshalBinary() ([]byte, error) { return marshal(m) }

// Decode reads the frame at the start of b.
func (*Accept) Decode(b []byte) (int, error) { return decodeEmpty(b, acceptForm) }

// UnmarshalBinary decodes exactly one frame.
func (m *Accept) UnmarshalBinary(b []byte) error { return unmarshal(m, acceptForm, b) }

// Validate returns nil: the message has no rules.
func (*Accept) Validate() error { return nil }
