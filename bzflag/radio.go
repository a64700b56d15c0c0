package bzflag

// RadioToAll is the only bit of the MsgAcquireRadio flags 1.7 defines.
const RadioToAll uint16 = 0x0001

// AcquireRadioFromClient is MsgAcquireRadio from client to server: the
// player wants to transmit. Not in the spec; 1.7 has no audio, so no 1.7
// client sends it, but the server handles it.
type AcquireRadioFromClient struct {
	Flags uint16 `json:"flags"`
}

var acquireRadioFromClientForm = &forms[46]

// Size returns the frame size, 6.
func (*AcquireRadioFromClient) Size() int { return HeaderLen + 2 }

// AppendBinary appends the frame.
func (m *AcquireRadioFromClient) AppendBinary(b []byte) ([]byte, error) {
	return appendU16Frame(b, CodeAcquireRadio, m.Flags), nil
}

// MarshalBinary returns the frame.
func (m *AcquireRadioFromClient) MarshalBinary() ([]byte, error) { return marshal(m) }

// Decode reads the frame at the start of b.
func (m *AcquireRadioFromClient) Decode(b []byte) (n int, err error) {
	m.Flags, n, err = decodeU16(b, acquireRadioFromClientForm)
	return n, err
}

// UnmarshalBinary decodes exactly one frame.
func (m *AcquireRadioFromClient) UnmarshalBinary(b []byte) error {
	return unmarshal(m, acquireRadioFromClientForm, b)
}

// Validate checks that Flags holds only RadioToAll.
func (m *AcquireRadioFromClient) Validate() error {
	if m.Flags&^RadioToAll != 0 {
		return invalid(acquireRadioFromClientForm, "flags")
	}
	return nil
}

// AcquireRadioFromServer is MsgAcquireRadio from server to client: player
// ID may transmit. Not in the spec.
type AcquireRadioFromServer struct {
	ID    PlayerID `json:"playerId"`
	Flags uint16   `json:"flags"`
}

var acquireRadioFromServerForm = &forms[47]

// Size returns the frame size, 14.
func (*AcquireRadioFromServer) Size() int { return HeaderLen + 10 }

// AppendBinary appends the frame.
func (m *AcquireRadioFromServer) AppendBinary(b []byte) ([]byte, error) {
	b = appendHeader(b, CodeAcquireRadio, 10)
	b = appendPlayerID(b, &m.ID)
	return be.AppendU16(b, m.Flags), nil
}

// MarshalBinary returns the frame.
func (m *AcquireRadioFromServer) MarshalBinary() ([]byte, error) { return marshal(m) }

// Decode reads the frame at the start of b.
func (m *AcquireRadioFromServer) Decode(b []byte) (int, error) {
	if _, err := checkHeader(b, acquireRadioFromServerForm); err != nil {
		*m = AcquireRadioFromServer{}
		return 0, err
	}
	m.ID = getPlayerID(b[4:])
	m.Flags = be.U16(b[12:])
	return HeaderLen + 10, nil
}

// UnmarshalBinary decodes exactly one frame.
func (m *AcquireRadioFromServer) UnmarshalBinary(b []byte) error {
	return unmarshal(m, acquireRadioFromServerForm, b)
}

// Validate checks that Flags holds only RadioToAll.
func (m *AcquireRadioFromServer) Validate() error {
	if m.Flags&^RadioToAll != 0 {
		return invalid(acquireRadioFromServerForm, "flags")
	}
	return nil
}

// ReleaseRadioFromClient is MsgReleaseRadio (client to server), with an empty
// body: the player is done transmitting. Not in the spec.
type ReleaseRadioFromClient struct{}

var releaseRadioFromClientForm = &forms[48]

// Size returns the frame size, 4.
func (*ReleaseRadioFromClient) Size() int { return HeaderLen }

// AppendBinary appends the frame.
func (*ReleaseRadioFromClient) AppendBinary(b []byte) ([]byte, error) {
	return appendHeader(b, CodeReleaseRadio, 0), nil
}

// MarshalBinary returns the frame.
func (m *ReleaseRadioFromClient) MarshalBinary() ([]byte, error) { return marshal(m) }

// Decode reads the frame at the start of b.
func (*ReleaseRadioFromClient) Decode(b []byte) (int, error) {
	return decodeEmpty(b, releaseRadioFromClientForm)
}

// UnmarshalBinary decodes exactly one frame.
func (m *ReleaseRadioFromClient) UnmarshalBinary(b []byte) error {
	return unmarshal(m, releaseRadioFromClientForm, b)
}

// Validate returns nil: the message has no rules.
func (*ReleaseRadioFromClient) Validate() error { return nil }

// ReleaseRadioFromServer is MsgReleaseRadio from server to client: player
// ID stopped transmitting. Not in the spec.
type ReleaseRadioFromServer struct {
	ID PlayerID `json:"playerId"`
}

var releaseRadioFromServerForm = &forms[49]

// Size returns the frame size, 12.
func (*ReleaseRadioFromServer) Size() int { return HeaderLen + PlayerIDLen }

// AppendBinary appends the frame.
func (m *ReleaseRadioFromServer) AppendBinary(b []byte) ([]byte, error) {
	return appendIDFrame(b, CodeReleaseRadio, &m.ID), nil
}

// MarshalBinary returns the frame.
func (m *ReleaseRadioFromServer) MarshalBinary() ([]byte, error) { return marshal(m) }

// Decode reads the frame at the start of b.
func (m *ReleaseRadioFromServer) Decode(b []byte) (n int, err error) {
	m.ID, n, err = decodeID(b, releaseRadioFromServerForm)
	return n, err
}

// UnmarshalBinary decodes exactly one frame.
func (m *ReleaseRadioFromServer) UnmarshalBinary(b []byte) error {
	return unmarshal(m, releaseRadioFromServerForm, b)
}

// Validate returns nil: the message has no rules.
func (*ReleaseRadioFromServer) Validate() error { return nil }
