package bzflag

// KilledFromClient is MsgKilled from client to server: the sender was hit
// by shot ShotID of player Killer.
type KilledFromClient struct {
	Killer PlayerID `json:"killerId"` // `killer id'
	ShotID int16    `json:"shotId"`   // `shot id'
}

var killedFromClientForm = &forms[21]

// Size returns the frame size, 14.
func (*KilledFromClient) Size() int { return HeaderLen + 10 }

// AppendBinary appends the frame.
func (m *KilledFromClient) AppendBinary(b []byte) ([]byte, error) {
	b = appendHeader(b, CodeKilled, 10)
	b = appendPlayerID(b, &m.Killer)
	return be.AppendI16(b, m.ShotID), nil
}

// MarshalBinary returns the frame.
func (m *KilledFromClient) MarshalBinary() ([]byte, error) { return marshal(m) }

// Decode reads the frame at the start of b.
func (m *KilledFromClient) Decode(b []byte) (int, error) {
	if _, err := checkHeader(b, killedFromClientForm); err != nil {
		*m = KilledFromClient{}
		return 0, err
	}
	m.Killer = getPlayerID(b[4:])
	m.ShotID = be.I16(b[12:])
	return HeaderLen + 10, nil
}

// UnmarshalBinary decodes exactly one frame.
func (m *KilledFromClient) UnmarshalBinary(b []byte) error {
	return unmarshal(m, killedFromClientForm, b)
}

// Validate returns nil: the message has no rules.
func (*KilledFromClient) Validate() error { return nil }

// KilledFromServer is MsgKilled from server to client: player Victim was
// killed by shot ShotID of player Killer.
type KilledFromServer struct {
	Victim PlayerID `json:"victimId"` // `victim id'
	Killer PlayerID `json:"killerId"` // `killer id'
	ShotID int16    `json:"shotId"`   // `shot id'
}

var killedFromServerForm = &forms[22]

// Size returns the frame size, 22.
func (*KilledFromServer) Size() int { return HeaderLen + 18 }

// AppendBinary appends the frame.
func (m *KilledFromServer) AppendBinary(b []byte) ([]byte, error) {
	b = appendHeader(b, CodeKilled, 18)
	b = appendPlayerID(b, &m.Victim)
	b = appendPlayerID(b, &m.Killer)
	return be.AppendI16(b, m.ShotID), nil
}

// MarshalBinary returns the frame.
func (m *KilledFromServer) MarshalBinary() ([]byte, error) { return marshal(m) }

// Decode reads the frame at the start of b.
func (m *KilledFromServer) Decode(b []byte) (int, error) {
	if _, err := checkHeader(b, killedFromServerForm); err != nil {
		*m = KilledFromServer{}
		return 0, err
	}
	m.Victim = getPlayerID(b[4:])
	m.Killer = getPlayerID(b[12:])
	m.ShotID = be.I16(b[20:])
	return HeaderLen + 18, nil
}

// UnmarshalBinary decodes exactly one frame.
func (m *KilledFromServer) UnmarshalBinary(b []byte) error {
	return unmarshal(m, killedFromServerForm, b)
}

// Validate returns nil: the message has no rules.
func (*KilledFromServer) Validate() error { return nil }
