package retrotank

// MessageID returns m.ID (Acked).
func (m *PlayerSpawn) MessageID() MessageID { return m.ID }

// SetMessageID sets m.ID (Acked).
func (m *PlayerSpawn) SetMessageID(id MessageID) { m.ID = id }
