package compare

import (
	"encoding/binary"
	"errors"
	"math"
)

// Hand-written BZFlag: plain structs that mirror the frames of the forms
// the captures hold (header included, so encoding/binary can read and
// write the fixed ones whole), decoded and encoded by straight-line code
// at fixed offsets. The header is not compared with gamewire's fields
// (cmp:"-"): gamewire keeps it implicit.

// bzHeader is a frame header: the body's length and the code.
type bzHeader struct{ Len, Code uint16 }

type bzPlayerID struct {
	Host         [4]byte
	Port, Number uint16
}

type bzEnter struct {
	H          bzHeader `cmp:"-"`
	ID         bzPlayerID
	Type, Team uint16
	CallSign   [32]byte
	Email      [128]byte
}

type bzAliveFromClient struct {
	H                 bzHeader `cmp:"-"`
	Position, Forward [3]float32
}

type bzAliveFromServer struct {
	H                 bzHeader `cmp:"-"`
	ID                bzPlayerID
	Position, Forward [3]float32
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

type bzMessageFromClient struct {
	H    bzHeader `cmp:"-"`
	To   bzPlayerID
	Team uint16
	Text [128]byte
}

type bzMessageFromServer struct {
	H        bzHeader `cmp:"-"`
	From, To bzPlayerID
	Team     uint16
	Text     [128]byte
}

// bzAddPlayerFixed is MsgAddPlayer without the assigned id that the
// 1.7g2 server appends to the player's own.
type bzAddPlayerFixed struct {
	H                        bzHeader `cmp:"-"`
	ID                       bzPlayerID
	Type, Team, Wins, Losses uint16
	CallSign                 [32]byte
	Email                    [128]byte
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
	H                                   bzHeader `cmp:"-"`
	Team, Players, Active, Wins, Losses uint16
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

var (
	errShortFrame  = errors.New("compare: short frame")
	errBadLength   = errors.New("compare: frame length does not fit its code")
	errUnknownCode = errors.New("compare: unknown code")
)

// bzHand decodes into one reused value per form.
type bzHand struct {
	selfAppending
	enter     bzEnter
	aliveC    bzAliveFromClient
	aliveS    bzAliveFromServer
	exit      bzEmpty
	idAck     bzEmpty
	accept    bzEmpty
	gwRequest bzGetWorldRequest
	gwReply   bzGetWorldReply
	messageC  bzMessageFromClient
	messageS  bzMessageFromServer
	addPlayer bzAddPlayer
	flag      bzFlagUpdate
	team      bzTeamUpdate
}

var be = binary.BigEndian

func (h *bzHand) Decode(b []byte, k Kind) (any, int, error) {
	if len(b) < 4 {
		return nil, 0, errShortFrame
	}
	n := 4 + int(be.Uint16(b))
	if len(b) < n {
		return nil, 0, errShortFrame
	}
	b = b[:n]
	server := k == FromServer
	switch code := be.Uint16(b[2:]); {
	case code == bzEnterC && !server && n == bzEnterSize:
		h.enter.decode(b)
		return &h.enter, n, nil
	case code == bzAlive && !server && n == bzAliveFromClientSize:
		h.aliveC.decode(b)
		return &h.aliveC, n, nil
	case code == bzAlive && server && n == bzAliveFromServerSize:
		h.aliveS.decode(b)
		return &h.aliveS, n, nil
	case code == bzExit && !server && n == 4:
		h.exit.H = bzHeader{0, code}
		return &h.exit, n, nil
	case code == bzIDAck && !server && n == 4:
		h.idAck.H = bzHeader{0, code}
		return &h.idAck, n, nil
	case code == bzAccept && server && n == 4:
		h.accept.H = bzHeader{0, code}
		return &h.accept, n, nil
	case code == bzGetWorld && !server && n == bzGetWorldRequestSize:
		h.gwRequest.decode(b)
		return &h.gwRequest, n, nil
	case code == bzGetWorld && server && n >= 6:
		h.gwReply.decode(b)
		return &h.gwReply, n, nil
	case code == bzMessage && !server && n == bzMessageFromClientSize:
		h.messageC.decode(b)
		return &h.messageC, n, nil
	case code == bzMessage && server && n == bzMessageFromServerSize:
		h.messageS.decode(b)
		return &h.messageS, n, nil
	case code == bzAddPlayerC && server && (n == bzAddPlayerSize || n == bzAddPlayerSize+8):
		h.addPlayer.decode(b)
		return &h.addPlayer, n, nil
	case code == bzFlagUpd && server && n == bzFlagUpdateSize:
		h.flag.decode(b)
		return &h.flag, n, nil
	case code == bzTeamUpd && server && n == bzTeamUpdateSize:
		h.team.decode(b)
		return &h.team, n, nil
	}
	return nil, 0, errUnknownCode
}

// value returns the value that a frame of b's code and length decodes
// into, for encoding/binary.
func (h *bzHand) value(b []byte, k Kind) any {
	if len(b) < 4 {
		return nil
	}
	server := k == FromServer
	switch be.Uint16(b[2:]) {
	case bzEnterC:
		return &h.enter
	case bzAlive:
		if server {
			return &h.aliveS
		}
		return &h.aliveC
	case bzExit:
		return &h.exit
	case bzIDAck:
		return &h.idAck
	case bzAccept:
		return &h.accept
	case bzGetWorld:
		if server {
			return &h.gwReply
		}
		return &h.gwRequest
	case bzMessage:
		if server {
			return &h.messageS
		}
		return &h.messageC
	case bzAddPlayerC:
		return &h.addPlayer
	case bzFlagUpd:
		return &h.flag
	case bzTeamUpd:
		return &h.team
	}
	return nil
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

// grow extends b by n bytes and returns it with the new bytes.
func grow(b []byte, n int) ([]byte, []byte) {
	l := len(b)
	if cap(b)-l < n {
		nb := make([]byte, l+n, 2*cap(b)+n)
		copy(nb, b)
		return nb, nb[l:]
	}
	b = b[:l+n]
	return b, b[l:]
}

func putHeader(w []byte, code uint16, size int) {
	_ = w[3]
	be.PutUint16(w, uint16(size-4))
	be.PutUint16(w[2:], code)
}

func (m *bzEnter) decode(b []byte) {
	p := (*[bzEnterSize]byte)(b)
	m.H = bzHeader{be.Uint16(p[0:]), be.Uint16(p[2:])}
	m.ID = getPlayerID(p[4:])
	m.Type = be.Uint16(p[12:])
	m.Team = be.Uint16(p[14:])
	copy(m.CallSign[:], p[16:48])
	copy(m.Email[:], p[48:176])
}

func (m *bzEnter) AppendBinary(b []byte) ([]byte, error) {
	b, w := grow(b, bzEnterSize)
	p := (*[bzEnterSize]byte)(w)
	putHeader(p[:], bzEnterC, bzEnterSize)
	putPlayerID(p[4:], &m.ID)
	be.PutUint16(p[12:], m.Type)
	be.PutUint16(p[14:], m.Team)
	copy(p[16:48], m.CallSign[:])
	copy(p[48:176], m.Email[:])
	return b, nil
}

func (m *bzAliveFromClient) decode(b []byte) {
	p := (*[bzAliveFromClientSize]byte)(b)
	m.H = bzHeader{be.Uint16(p[0:]), be.Uint16(p[2:])}
	m.Position = getVec3(p[4:])
	m.Forward = getVec3(p[16:])
}

func (m *bzAliveFromClient) AppendBinary(b []byte) ([]byte, error) {
	b, w := grow(b, bzAliveFromClientSize)
	p := (*[bzAliveFromClientSize]byte)(w)
	putHeader(p[:], bzAlive, bzAliveFromClientSize)
	putVec3(p[4:], &m.Position)
	putVec3(p[16:], &m.Forward)
	return b, nil
}

func (m *bzAliveFromServer) decode(b []byte) {
	p := (*[bzAliveFromServerSize]byte)(b)
	m.H = bzHeader{be.Uint16(p[0:]), be.Uint16(p[2:])}
	m.ID = getPlayerID(p[4:])
	m.Position = getVec3(p[12:])
	m.Forward = getVec3(p[24:])
}

func (m *bzAliveFromServer) AppendBinary(b []byte) ([]byte, error) {
	b, w := grow(b, bzAliveFromServerSize)
	p := (*[bzAliveFromServerSize]byte)(w)
	putHeader(p[:], bzAlive, bzAliveFromServerSize)
	putPlayerID(p[4:], &m.ID)
	putVec3(p[12:], &m.Position)
	putVec3(p[24:], &m.Forward)
	return b, nil
}

func (m *bzEmpty) AppendBinary(b []byte) ([]byte, error) {
	return append(b, 0, 0, byte(m.H.Code>>8), byte(m.H.Code)), nil
}

func (m *bzGetWorldRequest) decode(b []byte) {
	p := (*[bzGetWorldRequestSize]byte)(b)
	m.H = bzHeader{be.Uint16(p[0:]), be.Uint16(p[2:])}
	m.Offset = be.Uint16(p[4:])
}

func (m *bzGetWorldRequest) AppendBinary(b []byte) ([]byte, error) {
	return append(b, 0, 2, 'g', 'w', byte(m.Offset>>8), byte(m.Offset)), nil
}

func (m *bzGetWorldReply) decode(b []byte) {
	m.H = bzHeader{be.Uint16(b[0:]), be.Uint16(b[2:])}
	m.Remaining = be.Uint16(b[4:])
	m.Data = append(m.Data[:0], b[6:]...)
}

func (m *bzGetWorldReply) AppendBinary(b []byte) ([]byte, error) {
	n := 6 + len(m.Data)
	b, w := grow(b, n)
	putHeader(w, bzGetWorld, n)
	be.PutUint16(w[4:], m.Remaining)
	copy(w[6:], m.Data)
	return b, nil
}

func (m *bzMessageFromClient) decode(b []byte) {
	p := (*[bzMessageFromClientSize]byte)(b)
	m.H = bzHeader{be.Uint16(p[0:]), be.Uint16(p[2:])}
	m.To = getPlayerID(p[4:])
	m.Team = be.Uint16(p[12:])
	copy(m.Text[:], p[14:])
}

func (m *bzMessageFromClient) AppendBinary(b []byte) ([]byte, error) {
	b, w := grow(b, bzMessageFromClientSize)
	p := (*[bzMessageFromClientSize]byte)(w)
	putHeader(p[:], bzMessage, bzMessageFromClientSize)
	putPlayerID(p[4:], &m.To)
	be.PutUint16(p[12:], m.Team)
	copy(p[14:], m.Text[:])
	return b, nil
}

func (m *bzMessageFromServer) decode(b []byte) {
	p := (*[bzMessageFromServerSize]byte)(b)
	m.H = bzHeader{be.Uint16(p[0:]), be.Uint16(p[2:])}
	m.From = getPlayerID(p[4:])
	m.To = getPlayerID(p[12:])
	m.Team = be.Uint16(p[20:])
	copy(m.Text[:], p[22:])
}

func (m *bzMessageFromServer) AppendBinary(b []byte) ([]byte, error) {
	b, w := grow(b, bzMessageFromServerSize)
	p := (*[bzMessageFromServerSize]byte)(w)
	putHeader(p[:], bzMessage, bzMessageFromServerSize)
	putPlayerID(p[4:], &m.From)
	putPlayerID(p[12:], &m.To)
	be.PutUint16(p[20:], m.Team)
	copy(p[22:], m.Text[:])
	return b, nil
}

func (m *bzAddPlayer) decode(b []byte) {
	p := (*[bzAddPlayerSize]byte)(b)
	m.H = bzHeader{be.Uint16(p[0:]), be.Uint16(p[2:])}
	m.ID = getPlayerID(p[4:])
	m.Type = be.Uint16(p[12:])
	m.Team = be.Uint16(p[14:])
	m.Wins = be.Uint16(p[16:])
	m.Losses = be.Uint16(p[18:])
	copy(m.CallSign[:], p[20:52])
	copy(m.Email[:], p[52:180])
	m.HasAssignedID = len(b) > bzAddPlayerSize
	m.AssignedID = bzPlayerID{}
	if m.HasAssignedID {
		m.AssignedID = getPlayerID(b[bzAddPlayerSize:])
	}
}

func (m *bzAddPlayer) AppendBinary(b []byte) ([]byte, error) {
	n := bzAddPlayerSize
	if m.HasAssignedID {
		n += 8
	}
	b, w := grow(b, n)
	p := (*[bzAddPlayerSize]byte)(w)
	putHeader(p[:], bzAddPlayerC, n)
	putPlayerID(p[4:], &m.ID)
	be.PutUint16(p[12:], m.Type)
	be.PutUint16(p[14:], m.Team)
	be.PutUint16(p[16:], m.Wins)
	be.PutUint16(p[18:], m.Losses)
	copy(p[20:52], m.CallSign[:])
	copy(p[52:180], m.Email[:])
	if m.HasAssignedID {
		putPlayerID(w[bzAddPlayerSize:], &m.AssignedID)
	}
	return b, nil
}

func (m *bzFlagUpdate) decode(b []byte) {
	p := (*[bzFlagUpdateSize]byte)(b)
	m.H = bzHeader{be.Uint16(p[0:]), be.Uint16(p[2:])}
	m.Index = be.Uint16(p[4:])
	f := &m.Flag
	f.ID = be.Uint16(p[6:])
	f.Status = be.Uint16(p[8:])
	f.Type = be.Uint16(p[10:])
	f.Owner = getPlayerID(p[12:])
	f.Position = getVec3(p[20:])
	f.Launch = getVec3(p[32:])
	f.Landing = getVec3(p[44:])
	f.FlightTime = getF32(p[56:])
	f.FlightEnd = getF32(p[60:])
	f.InitialVelocity = getF32(p[64:])
}

func (m *bzFlagUpdate) AppendBinary(b []byte) ([]byte, error) {
	b, w := grow(b, bzFlagUpdateSize)
	p := (*[bzFlagUpdateSize]byte)(w)
	putHeader(p[:], bzFlagUpd, bzFlagUpdateSize)
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

func (m *bzTeamUpdate) decode(b []byte) {
	p := (*[bzTeamUpdateSize]byte)(b)
	m.H = bzHeader{be.Uint16(p[0:]), be.Uint16(p[2:])}
	m.Team = be.Uint16(p[4:])
	m.Players = be.Uint16(p[6:])
	m.Active = be.Uint16(p[8:])
	m.Wins = be.Uint16(p[10:])
	m.Losses = be.Uint16(p[12:])
}

func (m *bzTeamUpdate) AppendBinary(b []byte) ([]byte, error) {
	b, w := grow(b, bzTeamUpdateSize)
	p := (*[bzTeamUpdateSize]byte)(w)
	putHeader(p[:], bzTeamUpd, bzTeamUpdateSize)
	be.PutUint16(p[4:], m.Team)
	be.PutUint16(p[6:], m.Players)
	be.PutUint16(p[8:], m.Active)
	be.PutUint16(p[10:], m.Wins)
	be.PutUint16(p[12:], m.Losses)
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
