package compare

import "encoding/binary"

// Hand-written Retro Tank: plain structs mirroring the messages, type
// byte included (and the message ID of the acknowledged ones). A
// datagram holds one message, to its end.

type rtArea struct{ X, Y, Width, Height uint16 }

// rtAck: MSG_TYPE_ACK, a client and a counted list of message IDs.
type rtAck struct {
	rtAckFixed
	IDs []uint16
}

type rtAckFixed struct {
	Type   uint8 `cmp:"-"`
	Client uint8
	Count  uint8 `cmp:"-"`
}

type rtConnReq struct {
	Type   uint8 `cmp:"-"`
	Bcast  uint8
	RandID uint32
}

type rtConnAccept struct {
	Type   uint8 `cmp:"-"`
	ID     uint16
	Client uint8
	RandID uint32
}

// rtIDByte: MSG_TYPE_CONN_DISCONN (client), MSG_TYPE_PLAYER_SPAWN
// (player): a message ID and a byte.
type rtIDByte struct {
	Type uint8 `cmp:"-"`
	ID   uint16
	B    uint8
}

type rtOption struct {
	Type                                                    uint8 `cmp:"-"`
	ID                                                      uint16
	Flags                                                   uint8
	Duration                                                uint32
	RedScore, BlueScore, WinScore, Width, Height, TotalMsgs uint16
}

type rtObstacleFixed struct {
	Type                               uint8 `cmp:"-"`
	ID, TotalMsgs, Index, Total, First uint16
}

// rtObstacle: MSG_TYPE_OBSTACLE, areas to the end of the datagram.
type rtObstacle struct {
	rtObstacleFixed
	Obstacles []rtArea
}

type rtAreaSet struct {
	First uint8
	Team  uint8
	Areas []rtArea
}

// rtSets: MSG_TYPE_SPAWN and MSG_TYPE_GOAL, sets of areas to the end of
// the datagram, each with its first index, a byte of team (two bits) and
// count minus one (six), and its areas.
type rtSets struct {
	Type                 uint8 `cmp:"-"`
	ID, TotalMsgs, Index uint16
	RedTotal, BlueTotal  uint8
	Sets                 []rtAreaSet
}

// rtIDU32: MSG_TYPE_GAME_START.
type rtIDU32 struct {
	Type uint8 `cmp:"-"`
	ID   uint16
	V    uint32
}

type rtGameOver struct {
	Type                uint8 `cmp:"-"`
	ID                  uint16
	Winner              uint8
	RedScore, BlueScore uint16
}

type rtPlayerScore struct {
	Killer, Killed uint8
	Score          int16 // signed: -4 after killing a teammate (errata E13)
}

type rtScoreFixed struct {
	Type                uint8 `cmp:"-"`
	ID                  uint16
	Count               uint8 `cmp:"-"`
	RedScore, BlueScore uint16
}

type rtScore struct {
	rtScoreFixed
	Scores []rtPlayerScore
}

type rtPlayerUpdateFixed struct {
	Type        uint8 `cmp:"-"`
	ID          uint16
	UpdateTime  uint32
	FirstPlayer uint8
	Flags       uint16
}

// rtPlayerUpdate: MSG_TYPE_PLAYER_UPDATE, its data opaque to the end.
type rtPlayerUpdate struct {
	rtPlayerUpdateFixed
	Data []byte
}

// Message types, numbered in the spec's order (errata E2).
const (
	rtAckType = iota
	rtConnReqType
	rtConnDenyType
	rtConnAcceptType
	rtConnDisconnType
	rtOptionType
	rtObstacleType
	rtSpawnType
	rtGoalType
	rtGameStartType
	rtGameOverType
	rtScoreType
	rtPlayerUpdateType
	rtPlayerSpawnType
)

// rtHand decodes into one reused value per struct.
type rtHand struct {
	selfAppending
	ack          rtAck
	connReq      rtConnReq
	connAccept   rtConnAccept
	idByte       rtIDByte
	option       rtOption
	obstacle     rtObstacle
	sets         rtSets
	gameStart    rtIDU32
	gameOver     rtGameOver
	score        rtScore
	playerUpdate rtPlayerUpdate
}

func (h *rtHand) Decode(b []byte, _ Kind) (any, int, error) {
	if len(b) == 0 {
		return nil, 0, errShortFrame
	}
	var v any
	ok := false
	switch b[0] {
	case rtAckType:
		v, ok = &h.ack, h.ack.decode(b)
	case rtConnReqType:
		v, ok = &h.connReq, h.connReq.decode(b)
	case rtConnAcceptType:
		v, ok = &h.connAccept, h.connAccept.decode(b)
	case rtConnDisconnType, rtPlayerSpawnType:
		v, ok = &h.idByte, h.idByte.decode(b)
	case rtOptionType:
		v, ok = &h.option, h.option.decode(b)
	case rtObstacleType:
		v, ok = &h.obstacle, h.obstacle.decode(b)
	case rtSpawnType, rtGoalType:
		v, ok = &h.sets, h.sets.decode(b)
	case rtGameStartType:
		v, ok = &h.gameStart, h.gameStart.decode(b)
	case rtGameOverType:
		v, ok = &h.gameOver, h.gameOver.decode(b)
	case rtScoreType:
		v, ok = &h.score, h.score.decode(b)
	case rtPlayerUpdateType:
		v, ok = &h.playerUpdate, h.playerUpdate.decode(b)
	default:
		return nil, 0, errUnknownCode
	}
	if !ok {
		return nil, 0, errBadLength
	}
	return v, len(b), nil
}

// Each decode reports whether b is one whole message of its type.

func (m *rtAck) decode(b []byte) bool {
	if len(b) < 3 || len(b) != 3+2*int(b[2]) {
		m.IDs = m.IDs[:0]
		return false
	}
	m.Type, m.Client, m.Count = b[0], b[1], b[2]
	m.IDs = append(m.IDs[:0], make([]uint16, m.Count)...)
	for i := range m.IDs {
		m.IDs[i] = be.Uint16(b[3+2*i:])
	}
	return true
}

func (m *rtAck) AppendBinary(b []byte) ([]byte, error) {
	b, w := grow(b, 3+2*len(m.IDs))
	w[0], w[1], w[2] = m.Type, m.Client, byte(len(m.IDs))
	for i, id := range m.IDs {
		be.PutUint16(w[3+2*i:], id)
	}
	return b, nil
}

func (m *rtConnReq) decode(b []byte) bool {
	if len(b) != 6 {
		return false
	}
	p := (*[6]byte)(b)
	m.Type, m.Bcast, m.RandID = p[0], p[1], be.Uint32(p[2:])
	return true
}

func (m *rtConnReq) AppendBinary(b []byte) ([]byte, error) {
	b, w := grow(b, 6)
	p := (*[6]byte)(w)
	p[0], p[1] = m.Type, m.Bcast
	be.PutUint32(p[2:], m.RandID)
	return b, nil
}

func (m *rtConnAccept) decode(b []byte) bool {
	if len(b) != 8 {
		return false
	}
	p := (*[8]byte)(b)
	m.Type, m.ID, m.Client, m.RandID = p[0], be.Uint16(p[1:]), p[3], be.Uint32(p[4:])
	return true
}

func (m *rtConnAccept) AppendBinary(b []byte) ([]byte, error) {
	b, w := grow(b, 8)
	p := (*[8]byte)(w)
	p[0] = m.Type
	be.PutUint16(p[1:], m.ID)
	p[3] = m.Client
	be.PutUint32(p[4:], m.RandID)
	return b, nil
}

func (m *rtIDByte) decode(b []byte) bool {
	if len(b) != 4 {
		return false
	}
	p := (*[4]byte)(b)
	m.Type, m.ID, m.B = p[0], be.Uint16(p[1:]), p[3]
	return true
}

func (m *rtIDByte) AppendBinary(b []byte) ([]byte, error) {
	return append(b, m.Type, byte(m.ID>>8), byte(m.ID), m.B), nil
}

func (m *rtOption) decode(b []byte) bool {
	if len(b) != 20 {
		return false
	}
	p := (*[20]byte)(b)
	m.Type, m.ID, m.Flags, m.Duration = p[0], be.Uint16(p[1:]), p[3], be.Uint32(p[4:])
	m.RedScore, m.BlueScore, m.WinScore = be.Uint16(p[8:]), be.Uint16(p[10:]), be.Uint16(p[12:])
	m.Width, m.Height, m.TotalMsgs = be.Uint16(p[14:]), be.Uint16(p[16:]), be.Uint16(p[18:])
	return true
}

func (m *rtOption) AppendBinary(b []byte) ([]byte, error) {
	b, w := grow(b, 20)
	p := (*[20]byte)(w)
	p[0] = m.Type
	be.PutUint16(p[1:], m.ID)
	p[3] = m.Flags
	be.PutUint32(p[4:], m.Duration)
	be.PutUint16(p[8:], m.RedScore)
	be.PutUint16(p[10:], m.BlueScore)
	be.PutUint16(p[12:], m.WinScore)
	be.PutUint16(p[14:], m.Width)
	be.PutUint16(p[16:], m.Height)
	be.PutUint16(p[18:], m.TotalMsgs)
	return b, nil
}

func getArea(b []byte) rtArea {
	p := (*[8]byte)(b)
	return rtArea{be.Uint16(p[0:]), be.Uint16(p[2:]), be.Uint16(p[4:]), be.Uint16(p[6:])}
}

func putArea(w []byte, a *rtArea) {
	p := (*[8]byte)(w)
	be.PutUint16(p[0:], a.X)
	be.PutUint16(p[2:], a.Y)
	be.PutUint16(p[4:], a.Width)
	be.PutUint16(p[6:], a.Height)
}

func (m *rtObstacle) decode(b []byte) bool {
	if len(b) < 11 || (len(b)-11)%8 != 0 {
		m.Obstacles = m.Obstacles[:0]
		return false
	}
	p := (*[11]byte)(b)
	m.Type, m.ID, m.TotalMsgs = p[0], be.Uint16(p[1:]), be.Uint16(p[3:])
	m.Index, m.Total, m.First = be.Uint16(p[5:]), be.Uint16(p[7:]), be.Uint16(p[9:])
	m.Obstacles = m.Obstacles[:0]
	for off := 11; off < len(b); off += 8 {
		m.Obstacles = append(m.Obstacles, getArea(b[off:]))
	}
	return true
}

func (m *rtObstacle) AppendBinary(b []byte) ([]byte, error) {
	b, w := grow(b, 11+8*len(m.Obstacles))
	p := (*[11]byte)(w)
	p[0] = m.Type
	be.PutUint16(p[1:], m.ID)
	be.PutUint16(p[3:], m.TotalMsgs)
	be.PutUint16(p[5:], m.Index)
	be.PutUint16(p[7:], m.Total)
	be.PutUint16(p[9:], m.First)
	for i := range m.Obstacles {
		putArea(w[11+8*i:], &m.Obstacles[i])
	}
	return b, nil
}

func (m *rtSets) decode(b []byte) bool {
	sets := m.Sets[:0]
	if len(b) < 9 {
		m.Sets = sets
		return false
	}
	p := (*[9]byte)(b)
	m.Type, m.ID, m.TotalMsgs, m.Index = p[0], be.Uint16(p[1:]), be.Uint16(p[3:]), be.Uint16(p[5:])
	m.RedTotal, m.BlueTotal = p[7], p[8]
	for off := 9; off < len(b); {
		if len(b)-off < 2 {
			m.Sets = sets[:0]
			return false
		}
		n := int(b[off+1]&0x3f) + 1
		if len(b)-off-2 < 8*n {
			m.Sets = sets[:0]
			return false
		}
		if len(sets) < cap(sets) {
			sets = sets[:len(sets)+1]
		} else {
			sets = append(sets, rtAreaSet{})
		}
		s := &sets[len(sets)-1]
		s.First, s.Team, s.Areas = b[off], b[off+1]>>6, s.Areas[:0]
		off += 2
		for range n {
			s.Areas = append(s.Areas, getArea(b[off:]))
			off += 8
		}
	}
	m.Sets = sets
	return true
}

func (m *rtSets) AppendBinary(b []byte) ([]byte, error) {
	n := 9
	for i := range m.Sets {
		n += 2 + 8*len(m.Sets[i].Areas)
	}
	b, w := grow(b, n)
	p := (*[9]byte)(w)
	p[0] = m.Type
	be.PutUint16(p[1:], m.ID)
	be.PutUint16(p[3:], m.TotalMsgs)
	be.PutUint16(p[5:], m.Index)
	p[7], p[8] = m.RedTotal, m.BlueTotal
	off := 9
	for i := range m.Sets {
		s := &m.Sets[i]
		w[off], w[off+1] = s.First, s.Team<<6|byte(len(s.Areas)-1)&0x3f
		off += 2
		for j := range s.Areas {
			putArea(w[off:], &s.Areas[j])
			off += 8
		}
	}
	return b, nil
}

func (m *rtIDU32) decode(b []byte) bool {
	if len(b) != 7 {
		return false
	}
	p := (*[7]byte)(b)
	m.Type, m.ID, m.V = p[0], be.Uint16(p[1:]), be.Uint32(p[3:])
	return true
}

func (m *rtIDU32) AppendBinary(b []byte) ([]byte, error) {
	b, w := grow(b, 7)
	p := (*[7]byte)(w)
	p[0] = m.Type
	be.PutUint16(p[1:], m.ID)
	be.PutUint32(p[3:], m.V)
	return b, nil
}

func (m *rtGameOver) decode(b []byte) bool {
	if len(b) != 8 {
		return false
	}
	p := (*[8]byte)(b)
	m.Type, m.ID, m.Winner = p[0], be.Uint16(p[1:]), p[3]
	m.RedScore, m.BlueScore = be.Uint16(p[4:]), be.Uint16(p[6:])
	return true
}

func (m *rtGameOver) AppendBinary(b []byte) ([]byte, error) {
	b, w := grow(b, 8)
	p := (*[8]byte)(w)
	p[0] = m.Type
	be.PutUint16(p[1:], m.ID)
	p[3] = m.Winner
	be.PutUint16(p[4:], m.RedScore)
	be.PutUint16(p[6:], m.BlueScore)
	return b, nil
}

func (m *rtScore) decode(b []byte) bool {
	if len(b) < 8 || len(b) != 8+4*int(b[3]) {
		m.Scores = m.Scores[:0]
		return false
	}
	p := (*[8]byte)(b)
	m.Type, m.ID, m.Count = p[0], be.Uint16(p[1:]), p[3]
	m.RedScore, m.BlueScore = be.Uint16(p[4:]), be.Uint16(p[6:])
	m.Scores = m.Scores[:0]
	for off := 8; off < len(b); off += 4 {
		m.Scores = append(m.Scores, rtPlayerScore{b[off], b[off+1], int16(be.Uint16(b[off+2:]))})
	}
	return true
}

func (m *rtScore) AppendBinary(b []byte) ([]byte, error) {
	b, w := grow(b, 8+4*len(m.Scores))
	p := (*[8]byte)(w)
	p[0] = m.Type
	be.PutUint16(p[1:], m.ID)
	p[3] = byte(len(m.Scores))
	be.PutUint16(p[4:], m.RedScore)
	be.PutUint16(p[6:], m.BlueScore)
	for i, s := range m.Scores {
		q := w[8+4*i:]
		q[0], q[1] = s.Killer, s.Killed
		be.PutUint16(q[2:], uint16(s.Score))
	}
	return b, nil
}

func (m *rtPlayerUpdate) decode(b []byte) bool {
	if len(b) < 10 {
		m.Data = m.Data[:0]
		return false
	}
	p := (*[10]byte)(b)
	m.Type, m.ID, m.UpdateTime = p[0], be.Uint16(p[1:]), be.Uint32(p[3:])
	m.FirstPlayer, m.Flags = p[7], be.Uint16(p[8:])
	m.Data = append(m.Data[:0], b[10:]...)
	return true
}

func (m *rtPlayerUpdate) AppendBinary(b []byte) ([]byte, error) {
	b, w := grow(b, 10+len(m.Data))
	p := (*[10]byte)(w)
	p[0] = m.Type
	be.PutUint16(p[1:], m.ID)
	be.PutUint32(p[3:], m.UpdateTime)
	p[7] = m.FirstPlayer
	be.PutUint16(p[8:], m.Flags)
	copy(w[10:], m.Data)
	return b, nil
}

// Variable layouts, for encoding/binary: binary.Decode and binary.Append
// on the fixed part, and on the lists' fixed-size entries, up to the end
// of the datagram.

func (m *rtAck) list() (any, *uint8, entryList) {
	return &m.rtAckFixed, &m.Count, entries[uint16]{&m.IDs, 2}
}
func (m *rtObstacle) list() (any, *uint8, entryList) {
	return &m.rtObstacleFixed, nil, entries[rtArea]{&m.Obstacles, 8}
}
func (m *rtScore) list() (any, *uint8, entryList) {
	return &m.rtScoreFixed, &m.Count, entries[rtPlayerScore]{&m.Scores, 4}
}
func (m *rtPlayerUpdate) list() (any, *uint8, entryList) {
	return &m.rtPlayerUpdateFixed, nil, entries[byte]{&m.Data, 1}
}

func (m *rtSets) decodeBinary(b []byte, o binary.ByteOrder) (int, error) {
	var fixed struct {
		Type                 uint8
		ID, TotalMsgs, Index uint16
		RedTotal, BlueTotal  uint8
	}
	off, err := binary.Decode(b, o, &fixed)
	if err != nil {
		return 0, err
	}
	m.Type, m.ID, m.TotalMsgs, m.Index = fixed.Type, fixed.ID, fixed.TotalMsgs, fixed.Index
	m.RedTotal, m.BlueTotal = fixed.RedTotal, fixed.BlueTotal
	sets := m.Sets[:0]
	for off < len(b) {
		if len(b)-off < 2 || len(b)-off-2 < 8*(int(b[off+1]&0x3f)+1) {
			m.Sets = sets[:0]
			return 0, errShortFrame
		}
		if len(sets) < cap(sets) {
			sets = sets[:len(sets)+1]
		} else {
			sets = append(sets, rtAreaSet{})
		}
		s := &sets[len(sets)-1]
		s.First, s.Team = b[off], b[off+1]>>6
		s.Areas = append(s.Areas[:0], make([]rtArea, int(b[off+1]&0x3f)+1)...)
		n, err := binary.Decode(b[off+2:], o, s.Areas)
		if err != nil {
			return 0, err
		}
		off += 2 + n
	}
	m.Sets = sets
	return off, nil
}

func (m *rtSets) appendBinary(b []byte, o binary.ByteOrder) ([]byte, error) {
	b = append(b, m.Type, 0, 0, 0, 0, 0, 0, m.RedTotal, m.BlueTotal)
	o.PutUint16(b[len(b)-8:], m.ID)
	o.PutUint16(b[len(b)-6:], m.TotalMsgs)
	o.PutUint16(b[len(b)-4:], m.Index)
	var err error
	for i := range m.Sets {
		s := &m.Sets[i]
		b = append(b, s.First, s.Team<<6|byte(len(s.Areas)-1)&0x3f)
		if b, err = binary.Append(b, o, s.Areas); err != nil {
			return b, err
		}
	}
	return b, nil
}
