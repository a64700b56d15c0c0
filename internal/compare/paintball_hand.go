package compare

import (
	"encoding/binary"
	"errors"
	"math"

	"github.com/gamewire/gamewire/paintball"
)

// Hand-written Paintball: plain structs mirroring the packets, marker and
// type included; the type tells the length, but for Login's string.

// pbHeader is a packet's marker ('*') and type (a Java char).
type pbHeader struct {
	Marker uint8
	Code   uint16
}

// pbEmpty: Game Dump Request.
type pbEmpty struct {
	H pbHeader `cmp:"-"`
}

// pbMotion is the velocity and facing that Update and Player Update
// Request end with.
type pbMotion struct {
	VelocityX, VelocityY int32
	Facing               float64
}

type pbUpdate struct {
	H                              pbHeader `cmp:"-"`
	ObjectType                     uint16
	ObjectID, PositionX, PositionY int32
	pbMotion
}

type pbPlayerUpdateRequest struct {
	H pbHeader `cmp:"-"`
	pbMotion
}

type pbShootUpdateRequest struct {
	H             pbHeader `cmp:"-"`
	ShootingState uint8
}

// pbLogin: Login, a Java writeUTF string (a uint16 length, then modified
// UTF-8, checked both ways as the spec asks).
type pbLogin struct {
	H        pbHeader `cmp:"-"`
	Username []byte
}

// Packet types and sizes.
const (
	pbMarker           = '*'
	pbUpdateCode       = 'A'
	pbPlayerUpdateCode = 'C'
	pbShootCode        = 'D'
	pbGameDumpCode     = 'E'
	pbLoginCode        = 'F'
	pbUpdateSize       = 33
	pbPlayerUpdateSize = 19
	pbShootSize        = 4
	pbGameDumpSize     = 3
	pbLoginFixed       = 5
)

// pbFrameLen returns the length of the packet at the start of b, from its
// type (and Login's string length), or 0.
func pbFrameLen(b []byte) int {
	if len(b) < 3 || b[0] != pbMarker || b[1] != 0 {
		return 0
	}
	switch b[2] {
	case pbUpdateCode:
		return pbUpdateSize
	case pbPlayerUpdateCode:
		return pbPlayerUpdateSize
	case pbShootCode:
		return pbShootSize
	case pbGameDumpCode:
		return pbGameDumpSize
	case pbLoginCode:
		if len(b) < pbLoginFixed {
			return 0
		}
		return pbLoginFixed + int(be.Uint16(b[3:]))
	}
	return 0
}

// pbHand decodes into one reused value per packet type.
type pbHand struct {
	selfAppending
	update       pbUpdate
	playerUpdate pbPlayerUpdateRequest
	shoot        pbShootUpdateRequest
	gameDump     pbEmpty
	login        pbLogin
}

func (h *pbHand) Decode(b []byte, k Kind) (any, int, error) {
	if len(b) < 3 || b[0] != pbMarker || b[1] != 0 {
		return nil, 0, errShortFrame
	}
	server := k == FromServer
	switch b[2] {
	case pbUpdateCode:
		if !server || len(b) < pbUpdateSize {
			break
		}
		h.update.decode(b)
		return &h.update, pbUpdateSize, nil
	case pbPlayerUpdateCode:
		if server || len(b) < pbPlayerUpdateSize {
			break
		}
		h.playerUpdate.decode(b)
		return &h.playerUpdate, pbPlayerUpdateSize, nil
	case pbShootCode:
		if server || len(b) < pbShootSize {
			break
		}
		h.shoot.H = pbHeader{pbMarker, pbShootCode}
		h.shoot.ShootingState = b[3]
		return &h.shoot, pbShootSize, nil
	case pbGameDumpCode:
		if server {
			break
		}
		h.gameDump.H = pbHeader{pbMarker, pbGameDumpCode}
		return &h.gameDump, pbGameDumpSize, nil
	case pbLoginCode:
		if len(b) < pbLoginFixed {
			break
		}
		n := pbLoginFixed + int(be.Uint16(b[3:]))
		if len(b) < n {
			break
		}
		if !validUsername(b[pbLoginFixed:n]) {
			return nil, 0, errUsername
		}
		h.login.H = pbHeader{pbMarker, pbLoginCode}
		h.login.Username = append(h.login.Username[:0], b[pbLoginFixed:n]...)
		return &h.login, n, nil
	}
	return nil, 0, errUnknownCode
}

func putPBHeader(w []byte, code byte) {
	_ = w[2]
	w[0], w[1], w[2] = pbMarker, 0, code
}

func (m *pbMotion) get(p []byte) {
	p = p[:16]
	m.VelocityX, m.VelocityY = int32(be.Uint32(p)), int32(be.Uint32(p[4:]))
	m.Facing = math.Float64frombits(be.Uint64(p[8:]))
}

func (m *pbMotion) put(p []byte) {
	p = p[:16]
	be.PutUint32(p, uint32(m.VelocityX))
	be.PutUint32(p[4:], uint32(m.VelocityY))
	be.PutUint64(p[8:], math.Float64bits(m.Facing))
}

func (m *pbUpdate) decode(b []byte) {
	p := (*[pbUpdateSize]byte)(b)
	m.H = pbHeader{p[0], be.Uint16(p[1:])}
	m.ObjectType, m.ObjectID = be.Uint16(p[3:]), int32(be.Uint32(p[5:]))
	m.PositionX, m.PositionY = int32(be.Uint32(p[9:])), int32(be.Uint32(p[13:]))
	m.pbMotion.get(p[17:])
}

func (m *pbUpdate) AppendBinary(b []byte) ([]byte, error) {
	b, w := grow(b, pbUpdateSize)
	p := (*[pbUpdateSize]byte)(w)
	putPBHeader(p[:], pbUpdateCode)
	be.PutUint16(p[3:], m.ObjectType)
	be.PutUint32(p[5:], uint32(m.ObjectID))
	be.PutUint32(p[9:], uint32(m.PositionX))
	be.PutUint32(p[13:], uint32(m.PositionY))
	m.pbMotion.put(p[17:])
	return b, nil
}

func (m *pbPlayerUpdateRequest) decode(b []byte) {
	p := (*[pbPlayerUpdateSize]byte)(b)
	m.H = pbHeader{p[0], be.Uint16(p[1:])}
	m.pbMotion.get(p[3:])
}

func (m *pbPlayerUpdateRequest) AppendBinary(b []byte) ([]byte, error) {
	b, w := grow(b, pbPlayerUpdateSize)
	putPBHeader(w, pbPlayerUpdateCode)
	m.pbMotion.put(w[3:])
	return b, nil
}

func (m *pbShootUpdateRequest) AppendBinary(b []byte) ([]byte, error) {
	return append(b, pbMarker, 0, pbShootCode, m.ShootingState), nil
}

func (m *pbEmpty) AppendBinary(b []byte) ([]byte, error) {
	return append(b, pbMarker, 0, byte(m.H.Code)), nil
}

func (m *pbLogin) AppendBinary(b []byte) ([]byte, error) {
	if len(m.Username) > math.MaxUint16 || !validUsername(m.Username) {
		return b, errUsername
	}
	n := pbLoginFixed + len(m.Username)
	b, w := grow(b, n)
	putPBHeader(w, pbLoginCode)
	be.PutUint16(w[3:], uint16(len(m.Username)))
	copy(w[pbLoginFixed:], m.Username)
	return b, nil
}

// errUsername: a username that is not modified UTF-8 of at most 65535
// bytes, as the spec's writeUTF string must be.
var errUsername = errors.New("compare: a username that is not modified UTF-8 of at most 65535 bytes")

// validUsername checks the modified UTF-8 of a username as the spec asks
// (ASCII straight, the rest by paintball's checker: there is no other;
// the caller bounds the length).
func validUsername(s []byte) bool {
	for i, c := range s {
		if c == 0 || c >= 0x80 {
			return paintball.UTF(s[i:]).Valid()
		}
	}
	return true
}

// Login for encoding/binary: its header by binary.Decode and Append,
// the string by the byte order's functions.

func (m *pbLogin) decodeBinary(b []byte, o binary.ByteOrder) (int, error) {
	n, err := binary.Decode(b, o, &m.H)
	if err != nil {
		return 0, err
	}
	if len(b) < n+2 {
		return 0, errShortFrame
	}
	end := n + 2 + int(o.Uint16(b[n:]))
	if len(b) < end {
		return 0, errShortFrame
	}
	m.Username = append(m.Username[:0], b[n+2:end]...)
	return end, nil
}

func (m *pbLogin) appendBinary(b []byte, o binary.ByteOrder) ([]byte, error) {
	return appendFixedU16(b, o, &m.H, uint16(len(m.Username)), m.Username)
}
