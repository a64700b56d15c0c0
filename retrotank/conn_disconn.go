package retrotank

// MessageID returns m.ID (Acked).
func (m *ConnDisconn) MessageID() MessageID { return m.ID }

// SetMessageID sets m.ID (Acked).
func (m *ConnDisconn) SetMessageID(id MessageID) { m.ID = id }
