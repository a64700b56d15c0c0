package bzflag

// QueryPlayersRequest is MsgQueryPlayers (client to server), with an empty
// body: a request for the list of teams and players. Not in the spec.
type QueryPlayersRequest struct{}

var queryPlayersRequestForm = &forms[44]

// Size returns the frame size, 4.
func (*QueryPlayersRequest) Size() int { return HeaderLen }

// AppendBinary appends the frame.
func (*QueryPlayersRequest) AppendBinary(b []byte) ([]byte, error) {
	return appendHeader(b, CodeQueryPlayers, 0), nil
}

// MarshalBinary returns the frame.
func (m *QueryPlayersRequest) MarshalBinary() ([]byte, error) { return marshal(m) }

// Decode reads the frame at the start of b.
func (*QueryPlayersRequest) Decode(b []byte) (int, error) {
	return decodeEmpty(b, queryPlayersRequestForm)
}

// UnmarshalBinary decodes exactly one frame.
func (m *QueryPlayersRequest) UnmarshalBinary(b []byte) error {
	return unmarshal(m, queryPlayersRequestForm, b)
}

// Validate returns nil: the message has no rules.
func (*QueryPlayersRequest) Validate() error { return nil }

// QueryPlayersReply is MsgQueryPlayers from server to client: how many
// teams and players follow, as MsgTeamUpdate and MsgAddPlayer messages.
// Not in the spec.
type QueryPlayersReply struct {
	NumTeams   uint16 `json:"numTeams"`
	NumPlayers uint16 `json:"numPlayers"`
}

var queryPlayersReplyForm = &forms[45]

// Size returns the frame size, 8.
func (*QueryPlayersReply) Size() int { return HeaderLen + 4 }

// AppendBinary appends the frame.
func (m *QueryPlayersReply) AppendBinary(b []byte) ([]byte, error) {
	b = appendHeader(b, CodeQueryPlayers, 4)
	b = be.AppendU16(b, m.NumTeams)
	return be.AppendU16(b, m.NumPlayers), nil
}

// MarshalBinary returns the frame.
func (m *QueryPlayersReply) MarshalBinary() ([]byte, error) { return marshal(m) }

// Decode reads the frame at the start of b.
func (m *QueryPlayersReply) Decode(b []byte) (int, error) {
	if _, err := checkHeader(b, queryPlayersReplyForm); err != nil {
		*m = QueryPlayersReply{}
		return 0, err
	}
	m.NumTeams = be.U16(b[4:])
	m.NumPlayers = be.U16(b[6:])
	return HeaderLen + 4, nil
}

// UnmarshalBinary decodes exactly one frame.
func (m *QueryPlayersReply) UnmarshalBinary(b []byte) error {
	return unmarshal(m, queryPlayersReplyForm, b)
}

// Validate checks that NumTeams is NumTeams.
func (m *QueryPlayersReply) Validate() error {
	if m.NumTeams != NumTeams {
		return invalid(queryPlayersReplyForm, "numTeams")
	}
	return nil
}
