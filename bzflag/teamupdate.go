package bzflag

// TeamUpdate is MsgTeamUpdate (server to client): the state of a team.
type TeamUpdate struct {
	Team    TeamColor `json:"team"`   // `team'
	Players uint16    `json:"size"`   // `size': players on the team
	Active  uint16    `json:"active"` // `active': active players on the team
	Wins    uint16    `json:"wins"`   // `wins'
	Losses  uint16    `json:"losses"` // `losses'
}

var teamUpdateForm = &forms[9]

// Size returns the frame size, 14.
func (*TeamUpdate) Size() int { return HeaderLen + 10 }

// AppendBinary appends the frame.
func (m *TeamUpdate) AppendBinary(b []byte) ([]byte, error) {
	b = appendHeader(b, CodeTeamUpdate, 10)
	b = be.AppendU16(b, uint16(m.Team))
	b = be.AppendU16(b, m.Players)
	b = be.AppendU16(b, m.Active)
	b = be.AppendU16(b, m.Wins)
	return be.AppendU16(b, m.Losses), nil
}

// MarshalBinary returns the frame.
func (m *TeamUpdate) MarshalBinary() ([]byte, error) { return marshal(m) }

// Decode reads the frame at the start of b.
func (m *TeamUpdate) Decode(b []byte) (int, error) {
	if _, err := checkHeader(b, teamUpdateForm); err != nil {
		*m = TeamUpdate{}
		return 0, err
	}
	b = b[:HeaderLen+10]
	m.Team = TeamColor(be.U16(b[4:]))
	m.Players = be.U16(b[6:])
	m.Active = be.U16(b[8:])
	m.Wins = be.U16(b[10:])
	m.Losses = be.U16(b[12:])
	return HeaderLen + 10, nil
}

// UnmarshalBinary decodes exactly one frame.
func (m *TeamUpdate) UnmarshalBinary(b []byte) error { return unmarshal(m, teamUpdateForm, b) }

// Validate checks that Team is a team.
func (m *TeamUpdate) Validate() error {
	if !m.Team.IsTeam() {
		return invalid(teamUpdateForm, "team")
	}
	return nil
}
