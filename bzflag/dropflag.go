package bzflag

// DropFlagFromClient is MsgDropFlag from client to server: the player asks
// to drop its flag, at Position.
type DropFlagFromClient struct {
	Position Vec3 `json:"position"` // `position'
}

var dropFlagFromClientForm = &forms[25]

// Size returns the frame size, 16.
func (*DropFlagFromClient) Size() int { return HeaderLen + 12 }

// AppendBinary appends the frame.
func (m *DropFlagFromClient) AppendBinary(b []byte) ([]byte, error) {
	return appendVec3(appendHeader(b, CodeDropFlag, 12), &m.Position), nil
}

// MarshalBinary returns the frame.
func (m *DropFlagFromClient) MarshalBinary() ([]byte, error) { return marshal(m) }

// Decode reads the frame at the start of b.
func (m *DropFlagFromClient) Decode(b []byte) (int, error) {
	if _, err := checkHeader(b, dropFlagFromClientForm); err != nil {
		*m = DropFlagFromClient{}
		return 0, err
	}
	m.Position = getVec3(b[4:])
	return HeaderLen + 12, nil
}

// UnmarshalBinary decodes exactly one frame.
func (m *DropFlagFromClient) UnmarshalBinary(b []byte) error {
	return unmarshal(m, dropFlagFromClientForm, b)
}

// Validate returns nil: the message has no rules.
func (*DropFlagFromClient) Validate() error { return nil }

// DropFlagFromServer is MsgDropFlag from server to client: player Dropper
// dropped flag Index, now in state Flag (whose owner id means nothing).
type DropFlagFromServer struct {
	Dropper PlayerID   `json:"dropperId"` // `dropper id'
	Index   uint16     `json:"flagNum"`   // `flag num'
	Flag    FlagStatus `json:"flag"`      // the flag status
}

var dropFlagFromServerFlagErrs = newFlagErrors(dropFlagFromServerForm)

var dropFlagFromServerForm = &forms[26]

// Size returns the frame size, 76.
func (*DropFlagFromServer) Size() int { return flagEventSize }

// AppendBinary appends the frame.
func (m *DropFlagFromServer) AppendBinary(b []byte) ([]byte, error) {
	return appendFlagEvent(b, CodeDropFlag, &m.Dropper, m.Index, &m.Flag), nil
}

// MarshalBinary returns the frame.
func (m *DropFlagFromServer) MarshalBinary() ([]byte, error) { return marshal(m) }

// Decode reads the frame at the start of b.
func (m *DropFlagFromServer) Decode(b []byte) (int, error) {
	if _, err := checkHeader(b, dropFlagFromServerForm); err != nil {
		*m = DropFlagFromServer{}
		return 0, err
	}
	m.Dropper, m.Index, m.Flag = getFlagEvent(b)
	return flagEventSize, nil
}

// UnmarshalBinary decodes exactly one frame.
func (m *DropFlagFromServer) UnmarshalBinary(b []byte) error {
	return unmarshal(m, dropFlagFromServerForm, b)
}

// Validate checks the flag status's enumerations.
func (m *DropFlagFromServer) Validate() error {
	return m.Flag.validate(dropFlagFromServerFlagErrs)
}
