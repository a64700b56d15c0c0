package bzflag

// ScoreOver is MsgScoreOver (server to client): the game is over; team
// Team won, or player ID if Team is NoTeam.
type ScoreOver struct {
	ID   PlayerID  `json:"playerId"` // `player id'
	Team TeamColor `json:"teamId"`   // `team id'
}

var scoreOverForm = &forms[18]

// Size returns the frame size, 14.
func (*ScoreOver) Size() int { return HeaderLen + 10 }

// AppendBinary appends the frame.
func (m *ScoreOver) AppendBinary(b []byte) ([]byte, error) {
	b = appendHeader(b, CodeScoreOver, 10)
	b = appendPlayerID(b, &m.ID)
	return be.AppendU16(b, uint16(m.Team)), nil
}

// MarshalBinary returns the frame.
func (m *ScoreOver) MarshalBinary() ([]byte, error) { return marshal(m) }

// Decode reads the frame at the start of b.
func (m *ScoreOver) Decode(b []byte) (int, error) {
	if _, err := checkHeader(b, scoreOverForm); err != nil {
		*m = ScoreOver{}
		return 0, err
	}
	m.ID = getPlayerID(b[4:])
	m.Team = TeamColor(be.U16(b[12:]))
	return HeaderLen + 10, nil
}

// UnmarshalBinary decodes exactly one frame.
func (m *ScoreOver) UnmarshalBinary(b []byte) error { return unmarshal(m, scoreOverForm, b) }

// Validate checks that Team is a team or NoTeam.
func (m *ScoreOver) Validate() error {
	if !m.Team.Known() {
		return invalid(scoreOverForm, "teamId")
	}
	return nil
}
