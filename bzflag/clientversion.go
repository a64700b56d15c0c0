package bzflag

// ClientVersion is MsgClientVersion (client to server): the client's
// internal version number, which the 1.7 client sends before asking for a
// UDP link and the server ignores. Not in the spec.
type ClientVersion struct {
	Version uint16 `json:"version"` // `version'
}

var clientVersionForm = &forms[37]

// Size returns the frame size, 6.
func (*ClientVersion) Size() int { return HeaderLen + 2 }

// AppendBinary appends the frame.
func (m *ClientVersion) AppendBinary(b []byte) ([]byte, error) {
	return appendU16Frame(b, CodeClientVersion, m.Version), nil
}

// MarshalBinary returns the frame.
func (m *ClientVersion) MarshalBinary() ([]byte, error) { return marshal(m) }

// Decode reads the frame at the start of b.
func (m *ClientVersion) Decode(b []byte) (n int, err error) {
	m.Version, n, err = decodeU16(b, clientVersionForm)
	return n, err
}

// UnmarshalBinary decodes exactly one frame.
func (m *ClientVersion) UnmarshalBinary(b []byte) error { return unmarshal(m, clientVersionForm, b) }

// Validate returns nil: any version is well formed.
func (*ClientVersion) Validate() error { return nil }
