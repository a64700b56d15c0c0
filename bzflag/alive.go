package bzflag

// AliveFromClient is MsgAlive from client to server: the player enters the
// game board at Position, facing Forward.
type AliveFromClient struct {
	Position Vec3 `json:"position"` // `position'
	Forward  Vec3 `json:"forward"`  // `forward'
}

var aliveFromClientForm = &forms[10]

// Size returns the frame size, 28.
func (*AliveFromClient) Size() int { return HeaderLen + 24 }

// AppendBinary appends the frame.
func (m *AliveFromClient) AppendBinary(b []byte) ([]byte, error) {
	b = appendHeader(b, CodeAlive, 24)
	b = appendVec3(b, &m.Position)
	return appendVec3(b, &m.Forward), nil
}

// MarshalBinary returns the frame.
func (m *AliveFromClient) MarshalBinary() ([]byte, error) { return marshal(m) }

// Decode reads the frame at the start of b.
func (m *AliveFromClient) Decode(b []byte) (int, error) {
	if _, err := checkHeader(b, aliveFromClientForm); err != nil {
		*m = AliveFromClient{}
		return 0, err
	}
	m.Position = getVec3(b[4:])
	m.Forward = getVec3(b[16:])
	return HeaderLen + 24, nil
}

// UnmarshalBinary decodes exactly one frame.
func (m *AliveFromClient) UnmarshalBinary(b []byte) error {
	return unmarshal(m, aliveFromClientForm, b)
}

// Validate returns nil: the message has no rules.
func (*AliveFromClient) Validate() error { return nil }

// AliveFromServer is MsgAlive from server to client: player ID came alive
// at Position, facing Forward.
type AliveFromServer struct {
	ID       PlayerID `json:"playerId"` // `player id'
	Position Vec3     `json:"position"` // `position'
	Forward  Vec3     `json:"forward"`  // `forward'
}

var aliveFromServerForm = &forms[11]

// Size returns the frame size, 36.
func (*AliveFromServer) Size() int { return HeaderLen + 32 }

// AppendBinary appends the frame.
func (m *AliveFromServer) AppendBinary(b []byte) ([]byte, error) {
	b = appendHeader(b, CodeAlive, 32)
	b = appendPlayerID(b, &m.ID)
	b = appendVec3(b, &m.Position)
	return appendVec3(b, &m.Forward), nil
}

// MarshalBinary returns the frame.
func (m *AliveFromServer) MarshalBinary() ([]byte, error) { return marshal(m) }

// Decode reads the frame at the start of b.
func (m *AliveFromServer) Decode(b []byte) (int, error) {
	if _, err := checkHeader(b, aliveFromServerForm); err != nil {
		*m = AliveFromServer{}
		return 0, err
	}
	m.ID = getPlayerID(b[4:])
	m.Position = getVec3(b[12:])
	m.Forward = getVec3(b[24:])
	return HeaderLen + 32, nil
}

// UnmarshalBinary decodes exactly one frame.
func (m *AliveFromServer) UnmarshalBinary(b []byte) error {
	return unmarshal(m, aliveFromServerForm, b)
}

// Validate returns nil: the message has no rules.
func (*AliveFromServer) Validate() error { return nil }
