package retrotank

// MessageID returns m.ID (Acked).
func (m *ConnAccept) MessageID() MessageID { return m.ID }

// SetMessageID sets m.ID (Acked).
func (m *ConnAccept) SetMessageID(id MessageID) { m.ID = id }
