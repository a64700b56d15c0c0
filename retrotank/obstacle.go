package retrotank

import "github.com/gamewire/gamewire/wire"

// MaxObstaclesPerMsg is MAX_OBSTACLES_PER_MSG, the most obstacles one
// MSG_TYPE_OBSTACLE holds: 62, 11 + 62*8 = 507 bytes, the most that fits a
// 512-byte datagram (docs/errata/retrotank.md, E10).
const MaxObstaclesPerMsg = maxObstaclesPerMsg

// obstacleHead is the size of MSG_TYPE_OBSTACLE before its obstacles.
const obstacleHead = 11

// Size returns the encoded length: 11 bytes and 8 per obstacle.
func (m *Obstacle) Size() int { return obstacleHead + 8*len(m.Obstacles) }

// AppendBinary appends the page. The number of obstacles is not sent: the
// datagram's length gives it.
func (m *Obstacle) AppendBinary(b []byte) ([]byte, error) {
	b, p := wire.Grow(b, m.Size())
	p[0] = typeObstacle
	be.PutU16(p[1:], uint16(m.ID))
	be.PutU16(p[3:], m.TotalMsgs)
	be.PutU16(p[5:], m.Index)
	be.PutU16(p[7:], m.Total)
	be.PutU16(p[9:], m.First)
	for i := range m.Obstacles {
		m.Obstacles[i].put(p[obstacleHead+areaSize*i:])
	}
	return b, nil
}

// MarshalBinary is AppendBinary into a new buffer of Size bytes.
func (m *Obstacle) MarshalBinary() ([]byte, error) { return m.AppendBinary(make([]byte, 0, m.Size())) }

// Decode reads the page: all of b, obstacles to its end (the spec sends no
// count, docs/errata/retrotank.md, E11). A trailing partial obstacle fails
// with wire.ErrShort at its first byte. The obstacles reuse the capacity
// of m.Obstacles.
func (m *Obstacle) Decode(b []byte) (int, error) {
	obs := m.Obstacles[:0]
	*m = Obstacle{Obstacles: obs}
	f := m.Form()
	if n, err := checkHead(f, b); err != nil {
		return n, err
	}
	rest := len(b) - obstacleHead
	if r := rest % 8; r != 0 {
		return len(b) - r, f.Err("obstacles", wire.ErrShort)
	}
	m.ID = MessageID(be.U16(b[1:]))
	m.TotalMsgs = be.U16(b[3:])
	m.Index = be.U16(b[5:])
	m.Total = be.U16(b[7:])
	m.First = be.U16(b[9:])
	for off := obstacleHead; off < len(b); off += 8 {
		var a Area
		a.get(b[off:])
		obs = append(obs, a)
	}
	m.Obstacles = obs
	return len(b), nil
}

// UnmarshalBinary decodes exactly one page from b.
func (m *Obstacle) UnmarshalBinary(b []byte) error { return unmarshal(m, b) }

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
