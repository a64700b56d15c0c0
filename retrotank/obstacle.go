package retrotank

import "github.com/gamewire/gamewire/wire"

// MaxObstaclesPerMsg is MAX_OBSTACLES_PER_MSG, the most obstacles one
// MSG_TYPE_OBSTACLE holds: 62, 11 + 62*8 = 507 bytes, the most that fits a
// 512-byte datagram (docs/errata/retrotank.md, E10).
const MaxObstaclesPerMsg = 62

// MaxObstaclesPerMsg is the table's maxObstaclesPerMsg (retrotank/forms.go), written out so that go doc
// shows the number; these two lines fail to compile if they differ.
var _ [MaxObstaclesPerMsg - maxObstaclesPerMsg]struct{}
var _ [maxObstaclesPerMsg - MaxObstaclesPerMsg]struct{}

// Validate checks the spec's rules: 1 to 62 obstacles; first a multiple of
// MAX_OBSTACLES_PER_MSG and below total; exactly min(62, total-first)
// obstacles (the page is full unless it is the last); the page index
// within totalMsgs and not 0 (that is MSG_TYPE_OPTION's).
func (m *Obstacle) Validate() error {
	f := m.Form()
	n := len(m.Obstacles)
	switch {
	case n == 0:
		return f.Err("obstacles", wire.ErrInvalid)
	case n > MaxObstaclesPerMsg:
		return f.Err("obstacles", wire.ErrTooLong)
	case m.Index == 0 || m.Index >= m.TotalMsgs:
		return f.Err("index", wire.ErrInvalid)
	case m.First%MaxObstaclesPerMsg != 0 || m.First >= m.Total:
		return f.Err("first", wire.ErrInvalid)
	case n != min(MaxObstaclesPerMsg, int(m.Total)-int(m.First)):
		return f.Err("obstacles", wire.ErrInvalid)
	}
	return nil
}

// MessageID returns m.ID (Acked).
func (m *Obstacle) MessageID() MessageID { return m.ID }

// SetMessageID sets m.ID (Acked).
func (m *Obstacle) SetMessageID(id MessageID) { m.ID = id }
