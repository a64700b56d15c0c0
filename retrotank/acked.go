package retrotank

// The message id accessors of the acknowledged messages (Acked).

// MessageID returns m.ID.
func (m *ConnAccept) MessageID() MessageID { return m.ID }

// SetMessageID sets m.ID.
func (m *ConnAccept) SetMessageID(id MessageID) { m.ID = id }

// MessageID returns m.ID.
func (m *ConnDisconn) MessageID() MessageID { return m.ID }

// SetMessageID sets m.ID.
func (m *ConnDisconn) SetMessageID(id MessageID) { m.ID = id }

// MessageID returns m.ID.
func (m *Option) MessageID() MessageID { return m.ID }

// SetMessageID sets m.ID.
func (m *Option) SetMessageID(id MessageID) { m.ID = id }

// MessageID returns m.ID.
func (m *Obstacle) MessageID() MessageID { return m.ID }

// SetMessageID sets m.ID.
func (m *Obstacle) SetMessageID(id MessageID) { m.ID = id }

// MessageID returns m.ID.
func (m *Spawn) MessageID() MessageID { return m.ID }

// SetMessageID sets m.ID.
func (m *Spawn) SetMessageID(id MessageID) { m.ID = id }

// MessageID returns m.ID.
func (m *Goal) MessageID() MessageID { return m.ID }

// SetMessageID sets m.ID.
func (m *Goal) SetMessageID(id MessageID) { m.ID = id }

// MessageID returns m.ID.
func (m *GameStart) MessageID() MessageID { return m.ID }

// SetMessageID sets m.ID.
func (m *GameStart) SetMessageID(id MessageID) { m.ID = id }

// MessageID returns m.ID.
func (m *GameOver) MessageID() MessageID { return m.ID }

// SetMessageID sets m.ID.
func (m *GameOver) SetMessageID(id MessageID) { m.ID = id }

// MessageID returns m.ID.
func (m *Score) MessageID() MessageID { return m.ID }

// SetMessageID sets m.ID.
func (m *Score) SetMessageID(id MessageID) { m.ID = id }

// MessageID returns m.ID.
func (m *PlayerUpdate) MessageID() MessageID { return m.ID }

// SetMessageID sets m.ID.
func (m *PlayerUpdate) SetMessageID(id MessageID) { m.ID = id }

// MessageID returns m.ID.
func (m *PlayerSpawn) MessageID() MessageID { return m.ID }

// SetMessageID sets m.ID.
func (m *PlayerSpawn) SetMessageID(id MessageID) { m.ID = id }
