package retrotank

import "github.com/gamewire/gamewire/wire"

// Validate checks that only the flags of PLAYER_FLAGS are set. That
// PLAYER_UPDATE_DFS is only valid from the server is a rule of the
// direction, which a message does not know: the Server checks it.
func (m *PlayerUpdate) Validate() error {
	if m.Flags&^UpdateKnown != 0 {
		return m.Form().Err("flags", wire.ErrInvalid)
	}
	return nil
}

// MessageID returns m.ID (Acked).
func (m *PlayerUpdate) MessageID() MessageID { return m.ID }

// SetMessageID sets m.ID (Acked).
func (m *PlayerUpdate) SetMessageID(id MessageID) { m.ID = id }
