package bzflag

// ScoreFromClient is MsgScore from client to server: the player's new
// score. The 1.7g2 server ignores the values (it keeps the score itself)
// and only uses the message to estimate lag.
type ScoreFromClient struct {
	Wins   uint16 `json:"wins"`   // `wins'
	Losses uint16 `json:"losses"` // `losses'
}

var scoreFromClientForm = &forms[30]

// Size returns the frame size, 8.
func (*ScoreFromClient) Size() int { return HeaderLen + 4 }

// AppendBinary appends the frame.
func (m *ScoreFromClient) AppendBinary(b []byte) ([]byte, error) {
	b = appendHeader(b, CodeScore, 4)
	b = be.AppendU16(b, m.Wins)
	return be.AppendU16(b, m.Losses), nil
}

// MarshalBinary returns the frame.
func (m *ScoreFromClient) MarshalBinary() ([]byte, error) { return marshal(m) }

// Decode reads the frame at the start of b.
func (m *ScoreFromClient) Decode(b []byte) (int, error) {
	if _, err := checkHeader(b, scoreFromClientForm); err != nil {
		*m = ScoreFromClient{}
		return 0, err
	}
	m.Wins = be.U16(b[4:])
	m.Losses = be.U16(b[6:])
	return HeaderLen + 4, nil
}

// UnmarshalBinary decodes exactly one frame.
func (m *ScoreFromClient) UnmarshalBinary(b []byte) error {
	return unmarshal(m, scoreFromClientForm, b)
}

// Validate returns nil: the message has no rules.
func (*ScoreFromClient) Validate() error { return nil }

// ScoreFromServer is MsgScore from server to client: player ID's new
// score.
type ScoreFromServer struct {
	ID     PlayerID `json:"playerId"` // `player id'
	Wins   uint16   `json:"wins"`     // `wins'
	Losses uint16   `json:"losses"`   // `losses'
}

var scoreFromServerForm = &forms[31]

// Size returns the frame size, 16.
func (*ScoreFromServer) Size() int { return HeaderLen + 12 }

// AppendBinary appends the frame.
func (m *ScoreFromServer) AppendBinary(b []byte) ([]byte, error) {
	return appendIDPair(b, CodeScore, &m.ID, m.Wins, m.Losses), nil
}

// MarshalBinary returns the frame.
func (m *ScoreFromServer) MarshalBinary() ([]byte, error) { return marshal(m) }

// Decode reads the frame at the start of b.
func (m *ScoreFromServer) Decode(b []byte) (int, error) {
	if _, err := checkHeader(b, scoreFromServerForm); err != nil {
		*m = ScoreFromServer{}
		return 0, err
	}
	m.ID, m.Wins, m.Losses = getIDPair(b)
	return HeaderLen + 12, nil
}

// UnmarshalBinary decodes exactly one frame.
func (m *ScoreFromServer) UnmarshalBinary(b []byte) error {
	return unmarshal(m, scoreFromServerForm, b)
}

// Validate returns nil: the message has no rules.
func (*ScoreFromServer) Validate() error { return nil }

// appendIDPair appends a frame whose body is a player id and two uint16s
// (MsgScore and MsgTeleport from the server).
func appendIDPair(b []byte, c Code, id *PlayerID, x, y uint16) []byte {
	b = appendHeader(b, c, PlayerIDLen+4)
	b = appendPlayerID(b, id)
	b = be.AppendU16(b, x)
	return be.AppendU16(b, y)
}

// getIDPair reads the body appendIDPair writes, from a whole frame.
func getIDPair(b []byte) (PlayerID, uint16, uint16) {
	b = b[:HeaderLen+PlayerIDLen+4]
	return getPlayerID(b[4:]), be.U16(b[12:]), be.U16(b[14:])
}
