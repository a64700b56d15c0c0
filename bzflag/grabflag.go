package bzflag

import "encoding/binary"

// GrabFlagFromClient is MsgGrabFlag from client to server: the player asks
// to grab flag Index.
type GrabFlagFromClient struct {
	Index uint16 `json:"flagNum"` // `flag num'
}

var grabFlagFromClientForm = &forms[23]

// Size returns the frame size, 6.
func (*GrabFlagFromClient) Size() int { return HeaderLen + 2 }

// AppendBinary appends the frame.
func (m *GrabFlagFromClient) AppendBinary(b []byte) ([]byte, error) {
	return appendU16Frame(b, CodeGrabFlag, m.Index), nil
}

// MarshalBinary returns the frame.
func (m *GrabFlagFromClient) MarshalBinary() ([]byte, error) { return marshal(m) }

// Decode reads the frame at the start of b.
func (m *GrabFlagFromClient) Decode(b []byte) (n int, err error) {
	m.Index, n, err = decodeU16(b, grabFlagFromClientForm)
	return n, err
}

// UnmarshalBinary decodes exactly one frame.
func (m *GrabFlagFromClient) UnmarshalBinary(b []byte) error {
	return unmarshal(m, grabFlagFromClientForm, b)
}

// Validate returns nil: the flag index is checked against the world.
func (*GrabFlagFromClient) Validate() error { return nil }

// GrabFlagFromServer is MsgGrabFlag from server to client: player Grabber
// grabbed flag Index, now in state Flag.
type GrabFlagFromServer struct {
	Grabber PlayerID   `json:"grabberId"` // `grabber id'
	Index   uint16     `json:"flagNum"`   // `flag num'
	Flag    FlagStatus `json:"flag"`      // the flag status
}

var grabFlagFromServerFlagErrs = newFlagErrors(grabFlagFromServerForm)

var grabFlagFromServerForm = &forms[24]

// Size returns the frame size, 76.
func (*GrabFlagFromServer) Size() int { return flagEventSize }

// AppendBinary appends the frame.
func (m *GrabFlagFromServer) AppendBinary(b []byte) ([]byte, error) {
	return appendFlagEvent(b, CodeGrabFlag, &m.Grabber, m.Index, &m.Flag), nil
}

// MarshalBinary returns the frame.
func (m *GrabFlagFromServer) MarshalBinary() ([]byte, error) { return marshal(m) }

// Decode reads the frame at the start of b.
func (m *GrabFlagFromServer) Decode(b []byte) (int, error) {
	if _, err := checkHeader(b, grabFlagFromServerForm); err != nil {
		*m = GrabFlagFromServer{}
		return 0, err
	}
	m.Grabber, m.Index, m.Flag = getFlagEvent(b)
	return flagEventSize, nil
}

// UnmarshalBinary decodes exactly one frame.
func (m *GrabFlagFromServer) UnmarshalBinary(b []byte) error {
	return unmarshal(m, grabFlagFromServerForm, b)
}

// Validate checks the flag status's enumerations.
func (m *GrabFlagFromServer) Validate() error {
	return m.Flag.validate(grabFlagFromServerFlagErrs)
}

// flagEventSize is the frame size of MsgGrabFlag and MsgDropFlag from the
// server: a player id, a flag index and a flag status.
const flagEventSize = HeaderLen + PlayerIDLen + 2 + FlagStatusLen

func appendFlagEvent(b []byte, c Code, id *PlayerID, index uint16, s *FlagStatus) []byte {
	b, w := grow(b, flagEventSize)
	putHeader(w, c, flagEventSize-HeaderLen)
	putPlayerID(w[4:], id)
	binary.BigEndian.PutUint16(w[12:], index)
	putFlagStatus(w[14:], s)
	return b
}

func getFlagEvent(b []byte) (PlayerID, uint16, FlagStatus) {
	b = b[:flagEventSize]
	return getPlayerID(b[4:]), be.U16(b[12:]), getFlagStatus(b[14:])
}
