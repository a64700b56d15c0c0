package bzflag

// TeleportFromClient is MsgTeleport from client to server: the player
// passed through teleporter face From and came out of face To.
type TeleportFromClient struct {
	From uint16 `json:"from"` // `from'
	To   uint16 `json:"to"`   // `to'
}

var teleportFromClientForm = &forms[32]

// Size returns the frame size, 8.
func (*TeleportFromClient) Size() int { return HeaderLen + 4 }

// AppendBinary appends the frame.
func (m *TeleportFromClient) AppendBinary(b []byte) ([]byte, error) {
	b = appendHeader(b, CodeTeleport, 4)
	b = be.AppendU16(b, m.From)
	return be.AppendU16(b, m.To), nil
}

// MarshalBinary returns the frame.
func (m *TeleportFromClient) MarshalBinary() ([]byte, error) { return marshal(m) }

// Decode reads the frame at the start of b.
func (m *TeleportFromClient) Decode(b []byte) (int, error) {
	if _, err := checkHeader(b, teleportFromClientForm); err != nil {
		*m = TeleportFromClient{}
		return 0, err
	}
	m.From = be.U16(b[4:])
	m.To = be.U16(b[6:])
	return HeaderLen + 4, nil
}

// UnmarshalBinary decodes exactly one frame.
func (m *TeleportFromClient) UnmarshalBinary(b []byte) error {
	return unmarshal(m, teleportFromClientForm, b)
}

// Validate returns nil: face indices are checked against the world.
func (*TeleportFromClient) Validate() error { return nil }

// TeleportFromServer is MsgTeleport from server to client: player ID
// passed through teleporter face From and came out of face To.
type TeleportFromServer struct {
	ID   PlayerID `json:"playerId"` // `player id'
	From uint16   `json:"from"`     // `from'
	To   uint16   `json:"to"`       // `to'
}

var teleportFromServerForm = &forms[33]

// Size returns the frame size, 16.
func (*TeleportFromServer) Size() int { return HeaderLen + 12 }

// AppendBinary appends the frame.
func (m *TeleportFromServer) AppendBinary(b []byte) ([]byte, error) {
	return appendIDPair(b, CodeTeleport, &m.ID, m.From, m.To), nil
}

// MarshalBinary returns the frame.
func (m *TeleportFromServer) MarshalBinary() ([]byte, error) { return marshal(m) }

// Decode reads the frame at the start of b.
func (m *TeleportFromServer) Decode(b []byte) (int, error) {
	if _, err := checkHeader(b, teleportFromServerForm); err != nil {
		*m = TeleportFromServer{}
		return 0, err
	}
	m.ID, m.From, m.To = getIDPair(b)
	return HeaderLen + 12, nil
}

// UnmarshalBinary decodes exactly one frame.
func (m *TeleportFromServer) UnmarshalBinary(b []byte) error {
	return unmarshal(m, teleportFromServerForm, b)
}

// Validate returns nil: face indices are checked against the world.
func (*TeleportFromServer) Validate() error { return nil }
