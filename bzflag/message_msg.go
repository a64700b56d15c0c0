package bzflag

// MessageFromClient is MsgMessage from client to server: a chat message
// to player To, or to everyone on Team when To is all zeros (RogueTeam:
// all teams).
type MessageFromClient struct {
	To   PlayerID    `json:"playerId"` // `player id'
	Team TeamColor   `json:"team"`     // `team'
	Text MessageText `json:"message"`  // `message'
}

var messageFromClientForm = &forms[14]

const messageFromClientSize = HeaderLen + PlayerIDLen + 2 + MessageLen

// Size returns the frame size, 142.
func (*MessageFromClient) Size() int { return messageFromClientSize }

// AppendBinary appends the frame.
func (m *MessageFromClient) AppendBinary(b []byte) ([]byte, error) {
	b = appendHeader(b, CodeMessage, messageFromClientSize-HeaderLen)
	b = appendPlayerID(b, &m.To)
	b = be.AppendU16(b, uint16(m.Team))
	return append(b, m.Text[:]...), nil
}

// MarshalBinary returns the frame.
func (m *MessageFromClient) MarshalBinary() ([]byte, error) { return marshal(m) }

// Decode reads the frame at the start of b.
func (m *MessageFromClient) Decode(b []byte) (int, error) {
	if _, err := checkHeader(b, messageFromClientForm); err != nil {
		*m = MessageFromClient{}
		return 0, err
	}
	m.To = getPlayerID(b[4:])
	m.Team = TeamColor(be.U16(b[12:]))
	copy(m.Text[:], b[14:messageFromClientSize])
	return messageFromClientSize, nil
}

// UnmarshalBinary decodes exactly one frame.
func (m *MessageFromClient) UnmarshalBinary(b []byte) error {
	return unmarshal(m, messageFromClientForm, b)
}

// Validate checks that Team is a team and the text is NUL-terminated.
func (m *MessageFromClient) Validate() error {
	switch {
	case !m.Team.IsTeam():
		return invalid(messageFromClientForm, "team")
	case !hasNUL(m.Text[:]):
		return invalid(messageFromClientForm, "message")
	}
	return nil
}

// MessageFromServer is MsgMessage from server to client: player From's
// chat message to player To, or to everyone on Team when To is all zeros
// (RogueTeam: everyone).
type MessageFromServer struct {
	From PlayerID    `json:"fromPlayerId"` // `from player id'
	To   PlayerID    `json:"toPlayerId"`   // `to player id'
	Team TeamColor   `json:"team"`         // `team'
	Text MessageText `json:"message"`      // `message'
}

var messageFromServerForm = &forms[15]

const messageFromServerSize = HeaderLen + 2*PlayerIDLen + 2 + MessageLen

// Size returns the frame size, 150.
func (*MessageFromServer) Size() int { return messageFromServerSize }

// AppendBinary appends the frame.
func (m *MessageFromServer) AppendBinary(b []byte) ([]byte, error) {
	b = appendHeader(b, CodeMessage, messageFromServerSize-HeaderLen)
	b = appendPlayerID(b, &m.From)
	b = appendPlayerID(b, &m.To)
	b = be.AppendU16(b, uint16(m.Team))
	return append(b, m.Text[:]...), nil
}

// MarshalBinary returns the frame.
func (m *MessageFromServer) MarshalBinary() ([]byte, error) { return marshal(m) }

// Decode reads the frame at the start of b.
func (m *MessageFromServer) Decode(b []byte) (int, error) {
	if _, err := checkHeader(b, messageFromServerForm); err != nil {
		*m = MessageFromServer{}
		return 0, err
	}
	m.From = getPlayerID(b[4:])
	m.To = getPlayerID(b[12:])
	m.Team = TeamColor(be.U16(b[20:]))
	copy(m.Text[:], b[22:messageFromServerSize])
	return messageFromServerSize, nil
}

// UnmarshalBinary decodes exactly one frame.
func (m *MessageFromServer) UnmarshalBinary(b []byte) error {
	return unmarshal(m, messageFromServerForm, b)
}

// Validate checks that Team is a known team value and the text is
// NUL-terminated.
func (m *MessageFromServer) Validate() error {
	switch {
	case !m.Team.Known():
		return invalid(messageFromServerForm, "team")
	case !hasNUL(m.Text[:]):
		return invalid(messageFromServerForm, "message")
	}
	return nil
}

// hasNUL reports whether b holds a NUL byte.
func hasNUL(b []byte) bool {
	for _, c := range b {
		if c == 0 {
			return true
		}
	}
	return false
}
