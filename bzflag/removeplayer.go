package bzflag

// RemovePlayer is MsgRemovePlayer (server to client): a player left.
type RemovePlayer struct {
	ID PlayerID `json:"playerId"` // `player id'
}

var removePlayerForm = &forms[7]

// Size returns the frame size, 12.
func (*RemovePlayer) Size() int { return HeaderLen + PlayerIDLen }

// AppendBinary appends the frame.
func (m *RemovePlayer) AppendBinary(b []byte) ([]byte, error) {
	return appendIDFrame(b, CodeRemovePlayer, &m.ID), nil
}

// MarshalBinary returns the frame.
func (m *RemovePlayer) MarshalBinary() ([]byte, error) { return marshal(m) }

// Decode reads the frame at the start of b.
func (m *RemovePlayer) Decode(b []byte) (n int, err error) {
	m.ID, n, err = decodeID(b, removePlayerForm)
	return n, err
}

// UnmarshalBinary decodes exactly one frame.
func (m *RemovePlayer) UnmarshalBinary(b []byte) error {
	return unmarshal(m, removePlayerForm, b)
}

// Validate returns nil: the message has no rules.
func (*RemovePlayer) Validate() error { return nil }
