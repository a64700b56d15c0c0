package bzflag

// QueryGameRequest is MsgQueryGame (client to server), with an empty body: a
// request for the game's settings and player counts. Not in the spec.
type QueryGameRequest struct{}

var queryGameRequestForm = &forms[42]

// Size returns the frame size, 4.
func (*QueryGameRequest) Size() int { return HeaderLen }

// AppendBinary appends the frame.
func (*QueryGameRequest) AppendBinary(b []byte) ([]byte, error) {
	return appendHeader(b, CodeQueryGame, 0), nil
}

// MarshalBinary returns the frame.
func (m *QueryGameRequest) MarshalBinary() ([]byte, error) { return marshal(m) }

// Decode reads the frame at the start of b.
func (*QueryGameRequest) Decode(b []byte) (int, error) { return decodeEmpty(b, queryGameRequestForm) }

// UnmarshalBinary decodes exactly one frame.
func (m *QueryGameRequest) UnmarshalBinary(b []byte) error {
	return unmarshal(m, queryGameRequestForm, b)
}

// Validate returns nil: the message has no rules.
func (*QueryGameRequest) Validate() error { return nil }

// QueryGameReply is MsgQueryGame from server to client: the game's
// settings and player counts, as in the server's ping reply. Not in the
// spec; the layout is that of sendQueryGame in 1.7's src/bzfs/bzfs.cxx.
// TeamCount and TeamMax are indexed by team, RogueTeam to PurpleTeam.
type QueryGameReply struct {
	Style          GameStyle        `json:"gameStyle"`
	MaxPlayers     uint16           `json:"maxPlayers"`
	MaxShots       uint16           `json:"maxShots"`
	TeamCount      [NumTeams]uint16 `json:"teamCount"` // active players per team
	TeamMax        [NumTeams]uint16 `json:"teamMax"`   // most players per team
	ShakeWins      uint16           `json:"shakeWins"`
	ShakeTimeout   uint16           `json:"shakeTimeout"` // tenths of seconds
	MaxPlayerScore uint16           `json:"maxPlayerScore"`
	MaxTeamScore   uint16           `json:"maxTeamScore"`
	MaxTime        uint16           `json:"maxTime"`
}

var queryGameReplyForm = &forms[43]

const queryGameReplySize = HeaderLen + 36

// Size returns the frame size, 40.
func (*QueryGameReply) Size() int { return queryGameReplySize }

// AppendBinary appends the frame.
func (m *QueryGameReply) AppendBinary(b []byte) ([]byte, error) {
	b = appendHeader(b, CodeQueryGame, queryGameReplySize-HeaderLen)
	b = be.AppendU16(b, uint16(m.Style))
	b = be.AppendU16(b, m.MaxPlayers)
	b = be.AppendU16(b, m.MaxShots)
	for _, v := range m.TeamCount {
		b = be.AppendU16(b, v)
	}
	for _, v := range m.TeamMax {
		b = be.AppendU16(b, v)
	}
	b = be.AppendU16(b, m.ShakeWins)
	b = be.AppendU16(b, m.ShakeTimeout)
	b = be.AppendU16(b, m.MaxPlayerScore)
	b = be.AppendU16(b, m.MaxTeamScore)
	return be.AppendU16(b, m.MaxTime), nil
}

// MarshalBinary returns the frame.
func (m *QueryGameReply) MarshalBinary() ([]byte, error) { return marshal(m) }

// Decode reads the frame at the start of b.
func (m *QueryGameReply) Decode(b []byte) (int, error) {
	if _, err := checkHeader(b, queryGameReplyForm); err != nil {
		*m = QueryGameReply{}
		return 0, err
	}
	b = b[:queryGameReplySize]
	m.Style = GameStyle(be.U16(b[4:]))
	m.MaxPlayers = be.U16(b[6:])
	m.MaxShots = be.U16(b[8:])
	for i := range m.TeamCount {
		m.TeamCount[i] = be.U16(b[10+2*i:])
		m.TeamMax[i] = be.U16(b[20+2*i:])
	}
	m.ShakeWins = be.U16(b[30:])
	m.ShakeTimeout = be.U16(b[32:])
	m.MaxPlayerScore = be.U16(b[34:])
	m.MaxTeamScore = be.U16(b[36:])
	m.MaxTime = be.U16(b[38:])
	return queryGameReplySize, nil
}

// UnmarshalBinary decodes exactly one frame.
func (m *QueryGameReply) UnmarshalBinary(b []byte) error {
	return unmarshal(m, queryGameReplyForm, b)
}

// Validate checks that Style holds only the bits GameStyle defines.
func (m *QueryGameReply) Validate() error {
	if m.Style&^KnownGameStyles != 0 {
		return invalid(queryGameReplyForm, "gameStyle")
	}
	return nil
}
