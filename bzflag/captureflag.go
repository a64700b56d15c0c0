package bzflag

// CaptureFlagFromClient is MsgCaptureFlag from client to server: the
// player captured the flag of team Team.
type CaptureFlagFromClient struct {
	Team TeamColor `json:"teamId"` // `team id'
}

var captureFlagFromClientForm = &forms[27]

// Size returns the frame size, 6.
func (*CaptureFlagFromClient) Size() int { return HeaderLen + 2 }

// AppendBinary appends the frame.
func (m *CaptureFlagFromClient) AppendBinary(b []byte) ([]byte, error) {
	return appendU16Frame(b, CodeCaptureFlag, uint16(m.Team)), nil
}

// MarshalBinary returns the frame.
func (m *CaptureFlagFromClient) MarshalBinary() ([]byte, error) { return marshal(m) }

// Decode reads the frame at the start of b.
func (m *CaptureFlagFromClient) Decode(b []byte) (int, error) {
	v, n, err := decodeU16(b, captureFlagFromClientForm)
	m.Team = TeamColor(v)
	return n, err
}

// UnmarshalBinary decodes exactly one frame.
func (m *CaptureFlagFromClient) UnmarshalBinary(b []byte) error {
	return unmarshal(m, captureFlagFromClientForm, b)
}

// Validate checks that Team is a team.
func (m *CaptureFlagFromClient) Validate() error {
	if !m.Team.IsTeam() {
		return invalid(captureFlagFromClientForm, "teamId")
	}
	return nil
}

// CaptureFlagFromServer is MsgCaptureFlag from server to client: player
// Capturer captured flag Index, the flag of team Team.
type CaptureFlagFromServer struct {
	Capturer PlayerID  `json:"capturerId"` // `capturer id'
	Index    uint16    `json:"flagNum"`    // `flag num'
	Team     TeamColor `json:"teamId"`     // `team id'
}

var captureFlagFromServerForm = &forms[28]

// Size returns the frame size, 16.
func (*CaptureFlagFromServer) Size() int { return HeaderLen + 12 }

// AppendBinary appends the frame.
func (m *CaptureFlagFromServer) AppendBinary(b []byte) ([]byte, error) {
	b = appendHeader(b, CodeCaptureFlag, 12)
	b = appendPlayerID(b, &m.Capturer)
	b = be.AppendU16(b, m.Index)
	return be.AppendU16(b, uint16(m.Team)), nil
}

// MarshalBinary returns the frame.
func (m *CaptureFlagFromServer) MarshalBinary() ([]byte, error) { return marshal(m) }

// Decode reads the frame at the start of b.
func (m *CaptureFlagFromServer) Decode(b []byte) (int, error) {
	if _, err := checkHeader(b, captureFlagFromServerForm); err != nil {
		*m = CaptureFlagFromServer{}
		return 0, err
	}
	m.Capturer = getPlayerID(b[4:])
	m.Index = be.U16(b[12:])
	m.Team = TeamColor(be.U16(b[14:]))
	return HeaderLen + 12, nil
}

// UnmarshalBinary decodes exactly one frame.
func (m *CaptureFlagFromServer) UnmarshalBinary(b []byte) error {
	return unmarshal(m, captureFlagFromServerForm, b)
}

// Validate checks that Team is a team.
func (m *CaptureFlagFromServer) Validate() error {
	if !m.Team.IsTeam() {
		return invalid(captureFlagFromServerForm, "teamId")
	}
	return nil
}
