package retrotank

// MessageID returns m.ID (Acked).
func (m *GameStart) MessageID() MessageID { return m.ID }

// SetMessageID sets m.ID (Acked).
func (m *GameStart) SetMessageID(id MessageID) { m.ID = id }
