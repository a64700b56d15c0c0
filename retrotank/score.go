package retrotank

import "github.com/gamewire/gamewire/wire"

// MaxScores is the most player score updates one MSG_TYPE_SCORE holds
// within a 512-byte datagram: (512 - 8) / 4 (docs/errata/retrotank.md, E18).
const MaxScores = 126

// MaxScores is the table's maxScores (retrotank/forms.go), written out so that go doc
// shows the number; these two lines fail to compile if they differ.
var _ [MaxScores - maxScores]struct{}
var _ [maxScores - MaxScores]struct{}

// Validate checks the datagram limit: at most MaxScores updates.
func (m *Score) Validate() error {
	if len(m.Scores) > MaxScores {
		return m.Form().Err("scores", wire.ErrTooLong)
	}
	return nil
}

// MessageID returns m.ID (Acked).
func (m *Score) MessageID() MessageID { return m.ID }

// SetMessageID sets m.ID (Acked).
func (m *Score) SetMessageID(id MessageID) { m.ID = id }
