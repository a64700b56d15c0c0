package compare

import (
	"encoding/binary"
	"math"
)

// Hand-written BZFlag: plain structs that mirror the frames of the forms
// the captures hold (header included, so encoding/binary can read and
// write the fixed ones whole), decoded and encoded by straight-line code
// at fixed offsets; forms that share a run of fields share a struct for
// it (bzPlayer, bzNames, bzMotion, bzText). The header is not compared
// with gamewire's fields (cmp:"-"): gamewire keeps it implicit.

// bzHeader is a frame header: the body's length and the code.
type bzHeader struct{ Len, Code uint16 }

type bzPlayerID struct {
	Host         [4]byte
	Port, Number uint16
}

// bzPlayer is who a player is: MsgEnter's and MsgAddPlayer's first
// fields.
type bzPlayer struct {
	ID         bzPlayerID
	Type, Team uint16
}

// bzNames are a player's callsign and email.
type bzNames struct {
	CallSign [32]byte
	Email    [128]byte
}

type bzEnter struct {
	H bzHeader `cmp:"-"`
	bzPlayer
	bzNames
}

// bzMotion is MsgAlive's position and forward vector.
type bzMotion struct{ Position, Forward [3]float32 }

// bzScore is a player's or a team's wins and losses.
type bzScore struct{ Wins, Losses uint16 }

type bzAliveFromClient struct {
	H bzHeader `cmp:"-"`
	bzMotion
}

type bzAliveFromServer struct {
	H  bzHeader `cmp:"-"`
	ID bzPlayerID
	bzMotion
}

// bzEmpty is a frame with no body: MsgExit, MsgIdAck, MsgAccept.
type bzEmpty struct {
	H bzHeader `cmp:"-"`
}

type bzGetWorldRequest struct {
	H      bzHeader `cmp:"-"`
	Offset uint16
}

type bzGetWorldReply struct {
	H         bzHeader `cmp:"-"`
	Remaining uint16
	Data      []byte
}

// bzText is a MsgMessage after its sender: addressee, team and text.
type bzText struct {
	To   bzPlayerID
	Team uint16
	Text [128]byte
}

type bzMessageFromClient struct {
	H bzHeader `cmp:"-"`
	bzText
}

type bzMessageFromServer struct {
	H    bzHeader `cmp:"-"`
	From bzPlayerID
	bzText
}

// bzAddPlayerFixed is MsgAddPlayer without the assigned id that the
// 1.7g2 server appends to the player's own.
type bzAddPlayerFixed struct {
	H bzHeader `cmp:"-"`
	bzPlayer
	bzScore
	bzNames
}

type bzAddPlayer struct {
	bzAddPlayerFixed
	HasAssignedID bool
	AssignedID    bzPlayerID
}

type bzFlagStatus struct {
	ID, Status, Type                       uint16
	Owner                                  bzPlayerID
	Position, Launch, Landing              [3]float32
	FlightTime, FlightEnd, InitialVelocity float32
}

type bzFlagUpdate struct {
	H     bzHeader `cmp:"-"`
	Index uint16
	Flag  bzFlagStatus
}

type bzTeamUpdate struct {
	H                     bzHeader `cmp:"-"`
	Team, Players, Active uint16
	bzScore
}

// Sizes of the frames, header included.
const (
	bzEnterSize             = 176
	bzAliveFromClientSize   = 28
	bzAliveFromServerSize   = 36
	bzGetWorldRequestSize   = 6
	bzMessageFromClientSize = 142
	bzMessageFromServerSize = 150
	bzAddPlayerSize         = 180
	bzFlagUpdateSize        = 68
	bzTeamUpdateSize        = 14
)

// Codes, two ASCII letters.
const (
	bzAccept     = 'a'<<8 | 'c'
	bzAlive      = 'a'<<8 | 'l'
	bzAddPlayerC = 'a'<<8 | 'p'
	bzEnterC     = 'e'<<8 | 'n'
	bzExit       = 'e'<<8 | 'x'
	bzFlagUpd    = 'f'<<8 | 'u'
	bzGetWorld   = 'g'<<8 | 'w'
	bzIDAck      = 'i'<<8 | 'd'
	bzMessage    = 'm'<<8 | 'g'
	bzTeamUpd    = 't'<<8 | 'u'
)

// bzHand decodes into one reused value per struct.
type bzHand struct {
	selfAppending
	enter     bzEnter
	aliveC    bzAliveFromClient
	aliveS    bzAliveFromServer
	empty     bzEmpty
	gwRequest bzGetWorldRequest
	gwReply   bzGetWorldReply
	messageC  bzMessageFromClient
	messageS  bzMessageFromServer
	addPlayer bzAddPlayer
	flag      bzFlagUpdate
	team      bzTeamUpdate
}

func (h *bzHand) Decode(b []byte, k Kind) (any, int, error) {
	if len(b) < 4 {
		return nil, 0, errShortFrame
	}
	n := 4 + int(be.Uint16(b))
	if len(b) < n {
		return nil, 0, errShortFrame
	}
	b = b[:n]
	client := k != FromServer
	var v any
	ok := false
	switch code := be.Uint16(b[2:]); {
	case code == bzEnterC && client:
		v, ok = &h.enter, h.enter.decode(b)
	case code == bzAlive && client:
		v, ok = &h.aliveC, h.aliveC.decode(b)
	case code == bzAlive:
		v, ok = &h.aliveS, h.aliveS.decode(b)
	case code == bzExit && client, code == bzIDAck && client, code == bzAccept && !client:
		v, ok = &h.empty, h.empty.decode(b)
	case code == bzGetWorld && client:
		v, ok = &h.gwRequest, h.gwRequest.decode(b)
	case code == bzGetWorld:
		v, ok = &h.gwReply, h.gwReply.decode(b)
	case code == bzMessage && client:
		v, ok = &h.messageC, h.messageC.decode(b)
	case code == bzMessage:
		v, ok = &h.messageS, h.messageS.decode(b)
	case client:
		return nil, 0, errUnknownCode
	case code == bzAddPlayerC:
		v, ok = &h.addPlayer, h.addPlayer.decode(b)
	case code == bzFlagUpd:
		v, ok = &h.flag, h.flag.decode(b)
	case code == bzTeamUpd:
		v, ok = &h.team, h.team.decode(b)
	default:
		return nil, 0, errUnknownCode
	}
	if !ok {
		return nil, 0, errBadLength
	}
	return v, n, nil
}

func (h *bzHeader) get(b []byte) { *h = bzHeader{be.Uint16(b), be.Uint16(b[2:])} }

// bzFrame grows b by a frame of n bytes and writes its header: it
// returns b and the frame.
func bzFrame(b []byte, code uint16, n int) ([]byte, []byte) {
	b, w := grow(b, n)
	_ = w[3]
	be.PutUint16(w, uint16(n-4))
	be.PutUint16(w[2:], code)
	return b, w
}

func getPlayerID(b []byte) bzPlayerID {
	_ = b[7]
	return bzPlayerID{Host: [4]byte{b[0], b[1], b[2], b[3]}, Port: be.Uint16(b[4:]), Number: be.Uint16(b[6:])}
}

func putPlayerID(w []byte, id *bzPlayerID) {
	_ = w[7]
	copy(w, id.Host[:])
	be.PutUint16(w[4:], id.Port)
	be.PutUint16(w[6:], id.Number)
}

func getF32(b []byte) float32 { return math.Float32frombits(be.Uint32(b)) }

func putF32(w []byte, v float32) { be.PutUint32(w, math.Float32bits(v)) }

func getVec3(b []byte) [3]float32 {
	_ = b[11]
	return [3]float32{getF32(b), getF32(b[4:]), getF32(b[8:])}
}

func putVec3(w []byte, v *[3]float32) {
	_ = w[11]
	putF32(w, v[0])
	putF32(w[4:], v[1])
	putF32(w[8:], v[2])
}

func (m *bzPlayer) get(p []byte) {
	p = p[:12]
	m.ID = getPlayerID(p)
	m.Type, m.Team = be.Uint16(p[8:]), be.Uint16(p[10:])
}

func (m *bzPlayer) put(p []byte) {
	p = p[:12]
	putPlayerID(p, &m.ID)
	be.PutUint16(p[8:], m.Type)
	be.PutUint16(p[10:], m.Team)
}

func (m *bzNames) get(p []byte) {
	m.CallSign = [32]byte(p[:32])
	m.Email = [128]byte(p[32:160])
}

func (m *bzNames) put(p []byte) {
	copy(p[:32], m.CallSign[:])
	copy(p[32:160], m.Email[:])
}

func (m *bzScore) get(p []byte) { m.Wins, m.Losses = be.Uint16(p[:2]), be.Uint16(p[2:4]) }

func (m *bzScore) put(p []byte) {
	be.PutUint16(p[:2], m.Wins)
	be.PutUint16(p[2:4], m.Losses)
}

func (m *bzText) get(p []byte) {
	p = p[:138]
	m.To = getPlayerID(p)
	m.Team = be.Uint16(p[8:])
	m.Text = [128]byte(p[10:])
}

func (m *bzText) put(p []byte) {
	p = p[:138]
	putPlayerID(p, &m.To)
	be.PutUint16(p[8:], m.Team)
	copy(p[10:], m.Text[:])
}

// Each decode reports whether b, a whole frame, has its form's size.

func (m *bzEnter) decode(b []byte) bool {
	if len(b) != bzEnterSize {
		return false
	}
	p := (*[bzEnterSize]byte)(b)
	m.H.get(p[:])
	m.bzPlayer.get(p[4:])
	m.bzNames.get(p[16:])
	return true
}

func (m *bzEnter) AppendBinary(b []byte) ([]byte, error) {
	b, w := bzFrame(b, bzEnterC, bzEnterSize)
	m.bzPlayer.put(w[4:])
	m.bzNames.put(w[16:])
	return b, nil
}

func (m *bzAliveFromClient) decode(b []byte) bool {
	if len(b) != bzAliveFromClientSize {
		return false
	}
	p := (*[bzAliveFromClientSize]byte)(b)
	m.H.get(p[:])
	m.Position = getVec3(p[4:])
	m.Forward = getVec3(p[16:])
	return true
}

func (m *bzAliveFromClient) AppendBinary(b []byte) ([]byte, error) {
	b, w := bzFrame(b, bzAlive, bzAliveFromClientSize)
	p := (*[bzAliveFromClientSize]byte)(w)
	putVec3(p[4:], &m.Position)
	putVec3(p[16:], &m.Forward)
	return b, nil
}

func (m *bzAliveFromServer) decode(b []byte) bool {
	if len(b) != bzAliveFromServerSize {
		return false
	}
	p := (*[bzAliveFromServerSize]byte)(b)
	m.H.get(p[:])
	m.ID = getPlayerID(p[4:])
	m.Position = getVec3(p[12:])
	m.Forward = getVec3(p[24:])
	return true
}

func (m *bzAliveFromServer) AppendBinary(b []byte) ([]byte, error) {
	b, w := bzFrame(b, bzAlive, bzAliveFromServerSize)
	p := (*[bzAliveFromServerSize]byte)(w)
	putPlayerID(p[4:], &m.ID)
	putVec3(p[12:], &m.Position)
	putVec3(p[24:], &m.Forward)
	return b, nil
}

func (m *bzEmpty) decode(b []byte) bool {
	m.H.get(b)
	return len(b) == 4
}

func (m *bzEmpty) AppendBinary(b []byte) ([]byte, error) {
	return append(b, 0, 0, byte(m.H.Code>>8), byte(m.H.Code)), nil
}

func (m *bzGetWorldRequest) decode(b []byte) bool {
	if len(b) != bzGetWorldRequestSize {
		return false
	}
	m.H.get(b)
	m.Offset = be.Uint16(b[4:])
	return true
}

func (m *bzGetWorldRequest) AppendBinary(b []byte) ([]byte, error) {
	return append(b, 0, 2, 'g', 'w', byte(m.Offset>>8), byte(m.Offset)), nil
}

func (m *bzGetWorldReply) decode(b []byte) bool {
	if len(b) < 6 {
		return false
	}
	m.H.get(b)
	m.Remaining = be.Uint16(b[4:])
	m.Data = append(m.Data[:0], b[6:]...)
	return true
}

func (m *bzGetWorldReply) AppendBinary(b []byte) ([]byte, error) {
	b, w := bzFrame(b, bzGetWorld, 6+len(m.Data))
	be.PutUint16(w[4:], m.Remaining)
	copy(w[6:], m.Data)
	return b, nil
}

func (m *bzMessageFromClient) decode(b []byte) bool {
	if len(b) != bzMessageFromClientSize {
		return false
	}
	m.H.get(b)
	m.bzText.get((*[bzMessageFromClientSize]byte)(b)[4:])
	return true
}

func (m *bzMessageFromClient) AppendBinary(b []byte) ([]byte, error) {
	b, w := bzFrame(b, bzMessage, bzMessageFromClientSize)
	m.bzText.put(w[4:])
	return b, nil
}

func (m *bzMessageFromServer) decode(b []byte) bool {
	if len(b) != bzMessageFromServerSize {
		return false
	}
	p := (*[bzMessageFromServerSize]byte)(b)
	m.H.get(p[:])
	m.From = getPlayerID(p[4:])
	m.bzText.get(p[12:])
	return true
}

func (m *bzMessageFromServer) AppendBinary(b []byte) ([]byte, error) {
	b, w := bzFrame(b, bzMessage, bzMessageFromServerSize)
	putPlayerID(w[4:], &m.From)
	m.bzText.put(w[12:])
	return b, nil
}

func (m *bzAddPlayer) decode(b []byte) bool {
	if len(b) != bzAddPlayerSize && len(b) != bzAddPlayerSize+8 {
		return false
	}
	p := (*[bzAddPlayerSize]byte)(b)
	m.H.get(p[:])
	m.bzPlayer.get(p[4:])
	m.bzScore.get(p[16:])
	m.bzNames.get(p[20:])
	m.HasAssignedID = len(b) > bzAddPlayerSize
	m.AssignedID = bzPlayerID{}
	if m.HasAssignedID {
		m.AssignedID = getPlayerID(b[bzAddPlayerSize:])
	}
	return true
}

func (m *bzAddPlayer) AppendBinary(b []byte) ([]byte, error) {
	n := bzAddPlayerSize
	if m.HasAssignedID {
		n += 8
	}
	b, w := bzFrame(b, bzAddPlayerC, n)
	p := (*[bzAddPlayerSize]byte)(w)
	m.bzPlayer.put(p[4:])
	m.bzScore.put(p[16:])
	m.bzNames.put(p[20:])
	if m.HasAssignedID {
		putPlayerID(w[bzAddPlayerSize:], &m.AssignedID)
	}
	return b, nil
}

func (m *bzFlagUpdate) decode(b []byte) bool {
	if len(b) != bzFlagUpdateSize {
		return false
	}
	p := (*[bzFlagUpdateSize]byte)(b)
	m.H.get(p[:])
	m.Index = be.Uint16(p[4:])
	f := &m.Flag
	f.ID, f.Status, f.Type = be.Uint16(p[6:]), be.Uint16(p[8:]), be.Uint16(p[10:])
	f.Owner = getPlayerID(p[12:])
	f.Position = getVec3(p[20:])
	f.Launch = getVec3(p[32:])
	f.Landing = getVec3(p[44:])
	f.FlightTime, f.FlightEnd, f.InitialVelocity = getF32(p[56:]), getF32(p[60:]), getF32(p[64:])
	return true
}

func (m *bzFlagUpdate) AppendBinary(b []byte) ([]byte, error) {
	b, w := bzFrame(b, bzFlagUpd, bzFlagUpdateSize)
	p := (*[bzFlagUpdateSize]byte)(w)
	be.PutUint16(p[4:], m.Index)
	f := &m.Flag
	be.PutUint16(p[6:], f.ID)
	be.PutUint16(p[8:], f.Status)
	be.PutUint16(p[10:], f.Type)
	putPlayerID(p[12:], &f.Owner)
	putVec3(p[20:], &f.Position)
	putVec3(p[32:], &f.Launch)
	putVec3(p[44:], &f.Landing)
	putF32(p[56:], f.FlightTime)
	putF32(p[60:], f.FlightEnd)
	putF32(p[64:], f.InitialVelocity)
	return b, nil
}

func (m *bzTeamUpdate) decode(b []byte) bool {
	if len(b) != bzTeamUpdateSize {
		return false
	}
	p := (*[bzTeamUpdateSize]byte)(b)
	m.H.get(p[:])
	m.Team, m.Players, m.Active = be.Uint16(p[4:]), be.Uint16(p[6:]), be.Uint16(p[8:])
	m.bzScore.get(p[10:])
	return true
}

func (m *bzTeamUpdate) AppendBinary(b []byte) ([]byte, error) {
	b, w := bzFrame(b, bzTeamUpd, bzTeamUpdateSize)
	p := (*[bzTeamUpdateSize]byte)(w)
	be.PutUint16(p[4:], m.Team)
	be.PutUint16(p[6:], m.Players)
	be.PutUint16(p[8:], m.Active)
	m.bzScore.put(p[10:])
	return b, nil
}

// Variable layouts, for encoding/binary: its Decode and Append read and
// write the fixed part, binary.BigEndian the rest.

func (m *bzGetWorldReply) decodeBinary(b []byte, o binary.ByteOrder) (int, error) {
	n, err := binary.Decode(b, o, &m.H)
	if err != nil {
		return 0, err
	}
	end := 4 + int(m.H.Len)
	if end < 6 || end > len(b) {
		return 0, errBadLength
	}
	m.Remaining = o.Uint16(b[4:])
	m.Data = append(m.Data[:0], b[n+2:end]...)
	return end, nil
}

func (m *bzGetWorldReply) appendBinary(b []byte, o binary.ByteOrder) ([]byte, error) {
	return appendFixedU16(b, o, &m.H, m.Remaining, m.Data)
}

func (m *bzAddPlayer) decodeBinary(b []byte, o binary.ByteOrder) (int, error) {
	n, err := binary.Decode(b, o, &m.bzAddPlayerFixed)
	if err != nil {
		return 0, err
	}
	m.HasAssignedID, m.AssignedID = false, bzPlayerID{}
	if int(m.H.Len)+4 > n {
		m.HasAssignedID = true
		k, err := binary.Decode(b[n:], o, &m.AssignedID)
		if err != nil {
			return 0, err
		}
		n += k
	}
	return n, nil
}

func (m *bzAddPlayer) appendBinary(b []byte, o binary.ByteOrder) ([]byte, error) {
	b, err := binary.Append(b, o, &m.bzAddPlayerFixed)
	if err != nil || !m.HasAssignedID {
		return b, err
	}
	return binary.Append(b, o, &m.AssignedID)
}
