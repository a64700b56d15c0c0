package retrotank

import "github.com/gamewire/gamewire/wire"

// Validate checks that the winner is a team or -1 (TeamNone) for a draw.
func (m *GameOver) Validate() error {
	if !m.Winner.Valid() && m.Winner != TeamNone {
		return m.Form().Err("winner", wire.ErrInvalid)
	}
	return nil
}

// MessageID returns m.ID (Acked).
func (m *GameOver) MessageID() MessageID { return m.ID }

// SetMessageID sets m.ID (Acked).
func (m *GameOver) SetMessageID(id MessageID) { m.ID = id }
