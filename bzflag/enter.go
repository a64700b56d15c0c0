package bzflag

// Enter is MsgEnter (client to server): a player asks to join the game.
// The server answers with MsgAccept, MsgReject or MsgSuperKill.
type Enter struct {
	ID       PlayerID   `json:"playerId"` // `player id'
	Type     PlayerType `json:"type"`     // `type'
	Team     TeamColor  `json:"team"`     // `team'
	CallSign CallSign   `json:"callSign"` // `call sign'
	Email    Email      `json:"email"`    // `email address'
}

var enterForm = &forms[0]

const enterSize = HeaderLen + PlayerIDLen + 4 + CallSignLen + EmailLen

// Size returns the frame size, 176.
func (*Enter) Size() int { return enterSize }

// AppendBinary appends the frame.
func (m *Enter) AppendBinary(b []byte) ([]byte, error) {
	b = appendHeader(b, CodeEnter, enterSize-HeaderLen)
	b = appendPlayerID(b, &m.ID)
	b = be.AppendU16(b, uint16(m.Type))
	b = be.AppendU16(b, uint16(m.Team))
	b = append(b, m.CallSign[:]...)
	return append(b, m.Email[:]...), nil
}

// MarshalBinary returns the frame.
func (m *Enter) MarshalBinary() ([]byte, error) { return marshal(m) }

// Decode reads the frame at the start of b.
func (m *Enter) Decode(b []byte) (int, error) {
	if _, err := checkHeader(b, enterForm); err != nil {
		*m = Enter{}
		return 0, err
	}
	b = b[:enterSize]
	m.ID = getPlayerID(b[4:])
	m.Type = PlayerType(be.U16(b[12:]))
	m.Team = TeamColor(be.U16(b[14:]))
	copy(m.CallSign[:], b[16:])
	copy(m.Email[:], b[16+CallSignLen:])
	return enterSize, nil
}

// UnmarshalBinary decodes exactly one frame.
func (m *Enter) UnmarshalBinary(b []byte) error { return unmarshal(m, enterForm, b) }

// Validate checks the spec's rules: a known type, a team (not NoTeam), and
// call sign and email NUL-terminated ASCII padded with NULs.
func (m *Enter) Validate() error {
	switch {
	case !m.Type.Known():
		return invalid(enterForm, "type")
	case !m.Team.IsTeam():
		return invalid(enterForm, "team")
	case !checkCString(m.CallSign[:]):
		return invalid(enterForm, "callSign")
	case !checkCString(m.Email[:]):
		return invalid(enterForm, "email")
	}
	return nil
}
