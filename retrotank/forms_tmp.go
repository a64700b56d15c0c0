package retrotank

// TEMPORARY: hand-written stand-in for forms_gen.go until internal/formgen
// lands on main. Deleted once `go generate` writes forms_gen.go.

import "github.com/gamewire/gamewire/wire"

var be = wire.BigEndian

// shortAt returns the offset and ErrShort error of the first field of f
// that b does not hold completely.
func shortAt(f *wire.Form, n int) (int, error) {
	l := f.Layout()
	for i := range l {
		if l[i].Offset >= 0 && l[i].Offset+l[i].Size > n {
			return l[i].Offset, f.ErrAt(i, wire.ErrShort)
		}
	}
	return n, f.Err("", wire.ErrShort)
}

// checkHead checks b holds at least the form's fixed part and its type.
func checkHead(f *wire.Form, b []byte) (int, error) {
	if len(b) < f.Size {
		return shortAt(f, len(b))
	}
	if uint32(b[0]) != f.Code {
		return 0, f.ErrAt(0, wire.ErrInvalid)
	}
	return 0, nil
}

func unmarshal(m wire.Message, b []byte) error {
	n, err := m.Decode(b)
	if err != nil {
		return err
	}
	if n != len(b) {
		return m.Form().Err("", wire.ErrTrailing)
	}
	return nil
}

// Area is a rectangle of the battlefield: an obstacle (Obstacle::loc), a
// spawn area or a goal area.
type Area struct {
	X      uint16 `json:"x"`
	Y      uint16 `json:"y"`
	Width  uint16 `json:"width"`
	Height uint16 `json:"height"`
}

// PlayerScore is one player score update of MSG_TYPE_SCORE.
type PlayerScore struct {
	Killer PlayerID `json:"killer"`
	Killed PlayerID `json:"killed"`
	Score  uint16   `json:"score"`
}

// Ack is MSG_TYPE_ACK.
type Ack struct {
	Client PlayerID    `json:"client"`
	IDs    []MessageID `json:"ids"`
}

func (*Ack) Form() *wire.Form { return &table.Forms[0] }

// ConnReq is MSG_TYPE_CONN_REQ.
type ConnReq struct {
	Bcast  uint8  `json:"bcast"`
	RandID uint32 `json:"randId"`
}

func (*ConnReq) Form() *wire.Form { return &table.Forms[1] }
func (m *ConnReq) Size() int      { return 6 }
func (m *ConnReq) AppendBinary(b []byte) ([]byte, error) {
	b, p := wire.Grow(b, 6)
	p[0] = typeConnReq
	p[1] = m.Bcast
	be.PutU32(p[2:], m.RandID)
	return b, nil
}
func (m *ConnReq) MarshalBinary() ([]byte, error) { return m.AppendBinary(make([]byte, 0, 6)) }
func (m *ConnReq) Decode(b []byte) (int, error) {
	*m = ConnReq{}
	if n, err := checkHead(m.Form(), b); err != nil {
		return n, err
	}
	m.Bcast = b[1]
	m.RandID = be.U32(b[2:])
	return 6, nil
}
func (m *ConnReq) UnmarshalBinary(b []byte) error { return unmarshal(m, b) }

// ConnDeny is MSG_TYPE_CONN_DENY.
type ConnDeny struct {
	RandID uint32 `json:"randId"`
}

func (*ConnDeny) Form() *wire.Form { return &table.Forms[2] }
func (m *ConnDeny) Size() int      { return 5 }
func (m *ConnDeny) AppendBinary(b []byte) ([]byte, error) {
	b, p := wire.Grow(b, 5)
	p[0] = typeConnDeny
	be.PutU32(p[1:], m.RandID)
	return b, nil
}
func (m *ConnDeny) MarshalBinary() ([]byte, error) { return m.AppendBinary(make([]byte, 0, 5)) }
func (m *ConnDeny) Decode(b []byte) (int, error) {
	*m = ConnDeny{}
	if n, err := checkHead(m.Form(), b); err != nil {
		return n, err
	}
	m.RandID = be.U32(b[1:])
	return 5, nil
}
func (m *ConnDeny) UnmarshalBinary(b []byte) error { return unmarshal(m, b) }

// ConnAccept is MSG_TYPE_CONN_ACCEPT.
type ConnAccept struct {
	ID     MessageID `json:"messageId"`
	Client PlayerID  `json:"client"`
	RandID uint32    `json:"randId"`
}

func (*ConnAccept) Form() *wire.Form { return &table.Forms[3] }
func (m *ConnAccept) Size() int      { return 8 }
func (m *ConnAccept) AppendBinary(b []byte) ([]byte, error) {
	b, p := wire.Grow(b, 8)
	p[0] = typeConnAccept
	be.PutU16(p[1:], uint16(m.ID))
	p[3] = uint8(m.Client)
	be.PutU32(p[4:], m.RandID)
	return b, nil
}
func (m *ConnAccept) MarshalBinary() ([]byte, error) { return m.AppendBinary(make([]byte, 0, 8)) }
func (m *ConnAccept) Decode(b []byte) (int, error) {
	*m = ConnAccept{}
	if n, err := checkHead(m.Form(), b); err != nil {
		return n, err
	}
	m.ID = MessageID(be.U16(b[1:]))
	m.Client = PlayerID(b[3])
	m.RandID = be.U32(b[4:])
	return 8, nil
}
func (m *ConnAccept) UnmarshalBinary(b []byte) error { return unmarshal(m, b) }

// ConnDisconn is MSG_TYPE_CONN_DISCONN.
type ConnDisconn struct {
	ID     MessageID `json:"messageId"`
	Client PlayerID  `json:"client"`
}

func (*ConnDisconn) Form() *wire.Form { return &table.Forms[4] }
func (m *ConnDisconn) Size() int      { return 4 }
func (m *ConnDisconn) AppendBinary(b []byte) ([]byte, error) {
	b, p := wire.Grow(b, 4)
	p[0] = typeConnDisconn
	be.PutU16(p[1:], uint16(m.ID))
	p[3] = uint8(m.Client)
	return b, nil
}
func (m *ConnDisconn) MarshalBinary() ([]byte, error) { return m.AppendBinary(make([]byte, 0, 4)) }
func (m *ConnDisconn) Decode(b []byte) (int, error) {
	*m = ConnDisconn{}
	if n, err := checkHead(m.Form(), b); err != nil {
		return n, err
	}
	m.ID = MessageID(be.U16(b[1:]))
	m.Client = PlayerID(b[3])
	return 4, nil
}
func (m *ConnDisconn) UnmarshalBinary(b []byte) error { return unmarshal(m, b) }

// Option is MSG_TYPE_OPTION.
type Option struct {
	ID        MessageID `json:"messageId"`
	Flags     uint8     `json:"flags"`
	Duration  uint32    `json:"duration"`
	RedScore  uint16    `json:"redScore"`
	BlueScore uint16    `json:"blueScore"`
	WinScore  uint16    `json:"winScore"`
	Width     uint16    `json:"width"`
	Height    uint16    `json:"height"`
	TotalMsgs uint16    `json:"totalMsgs"`
}

func (*Option) Form() *wire.Form { return &table.Forms[5] }
func (m *Option) Size() int      { return 20 }
func (m *Option) AppendBinary(b []byte) ([]byte, error) {
	b, p := wire.Grow(b, 20)
	p[0] = typeOption
	be.PutU16(p[1:], uint16(m.ID))
	p[3] = m.Flags
	be.PutU32(p[4:], m.Duration)
	be.PutU16(p[8:], m.RedScore)
	be.PutU16(p[10:], m.BlueScore)
	be.PutU16(p[12:], m.WinScore)
	be.PutU16(p[14:], m.Width)
	be.PutU16(p[16:], m.Height)
	be.PutU16(p[18:], m.TotalMsgs)
	return b, nil
}
func (m *Option) MarshalBinary() ([]byte, error) { return m.AppendBinary(make([]byte, 0, 20)) }
func (m *Option) Decode(b []byte) (int, error) {
	*m = Option{}
	if n, err := checkHead(m.Form(), b); err != nil {
		return n, err
	}
	m.ID = MessageID(be.U16(b[1:]))
	m.Flags = b[3]
	m.Duration = be.U32(b[4:])
	m.RedScore = be.U16(b[8:])
	m.BlueScore = be.U16(b[10:])
	m.WinScore = be.U16(b[12:])
	m.Width = be.U16(b[14:])
	m.Height = be.U16(b[16:])
	m.TotalMsgs = be.U16(b[18:])
	return 20, nil
}
func (m *Option) UnmarshalBinary(b []byte) error { return unmarshal(m, b) }

// Obstacle is MSG_TYPE_OBSTACLE.
type Obstacle struct {
	ID        MessageID `json:"messageId"`
	TotalMsgs uint16    `json:"totalMsgs"`
	Index     uint16    `json:"index"`
	Total     uint16    `json:"total"`
	First     uint16    `json:"first"`
	Obstacles []Area    `json:"obstacles"`
}

func (*Obstacle) Form() *wire.Form { return &table.Forms[6] }

// Spawn is MSG_TYPE_SPAWN.
type Spawn struct {
	ID        MessageID `json:"messageId"`
	TotalMsgs uint16    `json:"totalMsgs"`
	Index     uint16    `json:"index"`
	RedTotal  uint8     `json:"redTotal"`
	BlueTotal uint8     `json:"blueTotal"`
	Sets      []AreaSet `json:"sets"`
}

func (*Spawn) Form() *wire.Form { return &table.Forms[7] }

// Goal is MSG_TYPE_GOAL.
type Goal struct {
	ID        MessageID `json:"messageId"`
	TotalMsgs uint16    `json:"totalMsgs"`
	Index     uint16    `json:"index"`
	RedTotal  uint8     `json:"redTotal"`
	BlueTotal uint8     `json:"blueTotal"`
	Sets      []AreaSet `json:"sets"`
}

func (*Goal) Form() *wire.Form { return &table.Forms[8] }

// GameStart is MSG_TYPE_GAME_START.
type GameStart struct {
	ID        MessageID `json:"messageId"`
	StartTime uint32    `json:"startTime"`
}

func (*GameStart) Form() *wire.Form { return &table.Forms[9] }
func (m *GameStart) Size() int      { return 7 }
func (m *GameStart) AppendBinary(b []byte) ([]byte, error) {
	b, p := wire.Grow(b, 7)
	p[0] = typeGameStart
	be.PutU16(p[1:], uint16(m.ID))
	be.PutU32(p[3:], m.StartTime)
	return b, nil
}
func (m *GameStart) MarshalBinary() ([]byte, error) { return m.AppendBinary(make([]byte, 0, 7)) }
func (m *GameStart) Decode(b []byte) (int, error) {
	*m = GameStart{}
	if n, err := checkHead(m.Form(), b); err != nil {
		return n, err
	}
	m.ID = MessageID(be.U16(b[1:]))
	m.StartTime = be.U32(b[3:])
	return 7, nil
}
func (m *GameStart) UnmarshalBinary(b []byte) error { return unmarshal(m, b) }

// GameOver is MSG_TYPE_GAME_OVER.
type GameOver struct {
	ID        MessageID `json:"messageId"`
	Winner    Team      `json:"winner"`
	RedScore  uint16    `json:"redScore"`
	BlueScore uint16    `json:"blueScore"`
}

func (*GameOver) Form() *wire.Form { return &table.Forms[10] }
func (m *GameOver) Size() int      { return 8 }
func (m *GameOver) AppendBinary(b []byte) ([]byte, error) {
	b, p := wire.Grow(b, 8)
	p[0] = typeGameOver
	be.PutU16(p[1:], uint16(m.ID))
	p[3] = uint8(m.Winner)
	be.PutU16(p[4:], m.RedScore)
	be.PutU16(p[6:], m.BlueScore)
	return b, nil
}
func (m *GameOver) MarshalBinary() ([]byte, error) { return m.AppendBinary(make([]byte, 0, 8)) }
func (m *GameOver) Decode(b []byte) (int, error) {
	*m = GameOver{}
	if n, err := checkHead(m.Form(), b); err != nil {
		return n, err
	}
	m.ID = MessageID(be.U16(b[1:]))
	m.Winner = Team(b[3])
	m.RedScore = be.U16(b[4:])
	m.BlueScore = be.U16(b[6:])
	return 8, nil
}
func (m *GameOver) UnmarshalBinary(b []byte) error { return unmarshal(m, b) }

// Score is MSG_TYPE_SCORE.
type Score struct {
	ID        MessageID     `json:"messageId"`
	RedScore  uint16        `json:"redScore"`
	BlueScore uint16        `json:"blueScore"`
	Scores    []PlayerScore `json:"scores"`
}

func (*Score) Form() *wire.Form { return &table.Forms[11] }
func (m *Score) Size() int      { return 8 + 4*len(m.Scores) }
func (m *Score) AppendBinary(b []byte) ([]byte, error) {
	if len(m.Scores) > 255 {
		return b, m.Form().Err("count", wire.ErrTooLong)
	}
	b, p := wire.Grow(b, m.Size())
	p[0] = typeScore
	be.PutU16(p[1:], uint16(m.ID))
	p[3] = uint8(len(m.Scores))
	be.PutU16(p[4:], m.RedScore)
	be.PutU16(p[6:], m.BlueScore)
	for i, s := range m.Scores {
		q := p[8+4*i:]
		q[0] = uint8(s.Killer)
		q[1] = uint8(s.Killed)
		be.PutU16(q[2:], s.Score)
	}
	return b, nil
}
func (m *Score) MarshalBinary() ([]byte, error) { return m.AppendBinary(make([]byte, 0, m.Size())) }
func (m *Score) Decode(b []byte) (int, error) {
	m.ID, m.RedScore, m.BlueScore, m.Scores = 0, 0, 0, m.Scores[:0]
	if n, err := checkHead(m.Form(), b); err != nil {
		return n, err
	}
	c := int(b[3])
	if len(b) < 8+4*c {
		return 8, m.Form().Err("scores", wire.ErrShort)
	}
	m.ID = MessageID(be.U16(b[1:]))
	m.RedScore = be.U16(b[4:])
	m.BlueScore = be.U16(b[6:])
	for i := 0; i < c; i++ {
		q := b[8+4*i:]
		m.Scores = append(m.Scores, PlayerScore{PlayerID(q[0]), PlayerID(q[1]), be.U16(q[2:])})
	}
	return 8 + 4*c, nil
}
func (m *Score) UnmarshalBinary(b []byte) error { return unmarshal(m, b) }

// PlayerUpdate is MSG_TYPE_PLAYER_UPDATE.
type PlayerUpdate struct {
	ID          MessageID   `json:"messageId"`
	UpdateTime  uint32      `json:"updateTime"`
	FirstPlayer PlayerID    `json:"firstPlayer"`
	Flags       UpdateFlags `json:"flags"`
	Data        []byte      `json:"data"`
}

func (*PlayerUpdate) Form() *wire.Form { return &table.Forms[12] }
func (m *PlayerUpdate) Size() int      { return 10 + len(m.Data) }
func (m *PlayerUpdate) AppendBinary(b []byte) ([]byte, error) {
	b, p := wire.Grow(b, m.Size())
	p[0] = typePlayerUpdate
	be.PutU16(p[1:], uint16(m.ID))
	be.PutU32(p[3:], m.UpdateTime)
	p[7] = uint8(m.FirstPlayer)
	be.PutU16(p[8:], uint16(m.Flags))
	copy(p[10:], m.Data)
	return b, nil
}
func (m *PlayerUpdate) MarshalBinary() ([]byte, error) {
	return m.AppendBinary(make([]byte, 0, m.Size()))
}
func (m *PlayerUpdate) Decode(b []byte) (int, error) {
	m.ID, m.UpdateTime, m.FirstPlayer, m.Flags, m.Data = 0, 0, 0, 0, m.Data[:0]
	if n, err := checkHead(m.Form(), b); err != nil {
		return n, err
	}
	m.ID = MessageID(be.U16(b[1:]))
	m.UpdateTime = be.U32(b[3:])
	m.FirstPlayer = PlayerID(b[7])
	m.Flags = UpdateFlags(be.U16(b[8:]))
	m.Data = append(m.Data, b[10:]...)
	return len(b), nil
}
func (m *PlayerUpdate) UnmarshalBinary(b []byte) error { return unmarshal(m, b) }

// PlayerSpawn is MSG_TYPE_PLAYER_SPAWN.
type PlayerSpawn struct {
	ID     MessageID `json:"messageId"`
	Player PlayerID  `json:"player"`
}

func (*PlayerSpawn) Form() *wire.Form { return &table.Forms[13] }
func (m *PlayerSpawn) Size() int      { return 4 }
func (m *PlayerSpawn) AppendBinary(b []byte) ([]byte, error) {
	b, p := wire.Grow(b, 4)
	p[0] = typePlayerSpawn
	be.PutU16(p[1:], uint16(m.ID))
	p[3] = uint8(m.Player)
	return b, nil
}
func (m *PlayerSpawn) MarshalBinary() ([]byte, error) { return m.AppendBinary(make([]byte, 0, 4)) }
func (m *PlayerSpawn) Decode(b []byte) (int, error) {
	*m = PlayerSpawn{}
	if n, err := checkHead(m.Form(), b); err != nil {
		return n, err
	}
	m.ID = MessageID(be.U16(b[1:]))
	m.Player = PlayerID(b[3])
	return 4, nil
}
func (m *PlayerSpawn) UnmarshalBinary(b []byte) error { return unmarshal(m, b) }

func newMessage(i int) wire.Message {
	switch i {
	case 0:
		return new(Ack)
	case 1:
		return new(ConnReq)
	case 2:
		return new(ConnDeny)
	case 3:
		return new(ConnAccept)
	case 4:
		return new(ConnDisconn)
	case 5:
		return new(Option)
	case 6:
		return new(Obstacle)
	case 7:
		return new(Spawn)
	case 8:
		return new(Goal)
	case 9:
		return new(GameStart)
	case 10:
		return new(GameOver)
	case 11:
		return new(Score)
	case 12:
		return new(PlayerUpdate)
	case 13:
		return new(PlayerSpawn)
	}
	return nil
}
