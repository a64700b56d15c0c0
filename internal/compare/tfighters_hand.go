package compare

import (
	"bytes"
	"encoding/binary"
	"errors"
)

// Hand-written TFighters: plain structs mirroring the little-endian,
// packed frames of the forms the captures hold, header included. Forms of
// the same shape share a struct (CMSG_ACCEL and CMSG_TURN are both
// position, a signed byte and a number); the header keeps the code.

// tfHeader is a frame header: len (the bytes after it) and type.
type tfHeader struct{ Len, Code uint16 }

// tfEmpty: CMSG_SPAWN, SMSG_SPAWNREADY.
type tfEmpty struct {
	H tfHeader `cmp:"-"`
}

// tfU32: CMSG_VERSION, CMSG_PONG, SMSG_LAG.
type tfU32 struct {
	H tfHeader `cmp:"-"`
	V uint32
}

// tfHi: SMSG_HI.
type tfHi struct {
	H               tfHeader `cmp:"-"`
	MyVersion, UWID uint32
}

// tfMove: CMSG_ACCEL (x, y, accel, speed) and CMSG_TURN (x, y, turn, deg).
type tfMove struct {
	H    tfHeader `cmp:"-"`
	X, Y int32
	B    int8
	V    int32
}

// tfMoveID: SMSG_ACCEL and SMSG_TURN, the same with the object's id.
type tfMoveID struct {
	H    tfHeader `cmp:"-"`
	ID   uint32
	X, Y int32
	B    int8
	V    int32
}

// tfClientNewBullet: CMSG_NEWBULLET.
type tfClientNewBullet struct {
	H         tfHeader `cmp:"-"`
	X, Y, Deg int32
}

// tfServerNewBullet: SMSG_NEWBULLET.
type tfServerNewBullet struct {
	H           tfHeader `cmp:"-"`
	ID, OwnerID uint32
	X, Y, Deg   int32
}

// tfInvincible: SMSG_INVINCIBLE.
type tfInvincible struct {
	H     tfHeader `cmp:"-"`
	ID    uint32
	YesNo uint8
	T     uint32
}

// tfServerSpawn: SMSG_SPAWN.
type tfServerSpawn struct {
	H         tfHeader `cmp:"-"`
	ID        uint32
	X, Y, Deg int32
	Accel     int8
	Alive     uint32
	Frags     int16
	Turn      int8
	Type      uint8
	Speed     int32
}

// tfNewUserFixed is SMSG_NEWUSER up to its nick.
type tfNewUserFixed struct {
	H            tfHeader `cmp:"-"`
	ID           uint32
	X, Y, Deg    int32
	Accel        int8
	Alive        uint32
	Frags        int16
	PendingMoves uint32
	Turn         int8
	Type         uint8
	Speed        int32
}

// tfNewUser: SMSG_NEWUSER.
type tfNewUser struct {
	tfNewUserFixed
	Nick []byte
}

// tfText: CMSG_NICK, CMSG_SAY, CMSG_TEAMSAY, CMSG_CMD: one string.
type tfText struct {
	H    tfHeader `cmp:"-"`
	Text []byte
}

// tfIDTextFixed is the id before the string of a tfIDText.
type tfIDTextFixed struct {
	H  tfHeader `cmp:"-"`
	ID uint32
}

// tfIDText: SMSG_SAY, SMSG_NICK, SMSG_KICK: an id and a string.
type tfIDText struct {
	tfIDTextFixed
	Text []byte
}

// tfNickReplyFixed is the result before the text of SMSG_NICKREPLY.
type tfNickReplyFixed struct {
	H         tfHeader `cmp:"-"`
	GoodOrBad uint8
}

// tfNickReply: SMSG_NICKREPLY.
type tfNickReply struct {
	tfNickReplyFixed
	Text []byte
}

// tfPing: SMSG_PING, with a 4-byte time, and from a 64-bit server the
// 4 upper bytes of an 8-byte one.
type tfPing struct {
	H        tfHeader `cmp:"-"`
	Time     uint32
	TimeHigh []byte
}

// tfRaw is a frame of a code the forms do not know, kept whole with its
// code and sender, as wire.Raw keeps it (From: 1 client, 2 server).
type tfRaw struct {
	Code  uint32
	From  uint8
	Frame []byte
}

// Codes.
const (
	codeVersion         = 0x8000
	codeClientNick      = 0x8002
	codePong            = 0x8003
	codeClientSpawn     = 0x8200
	codeClientAccel     = 0x8300
	codeClientTurn      = 0x8301
	codeClientNewBullet = 0x8302
	codeCmd             = 0x8500
	codeClientSay       = 0x8501
	codeClientTeamSay   = 0x8502
	codeHi              = 0x0000
	codePing            = 0x0002
	codeLag             = 0x0003
	codeSpawnReady      = 0x0200
	codeServerAccel     = 0x0400
	codeServerTurn      = 0x0401
	codeInvincible      = 0x0402
	codeServerSay       = 0x0500
	codeNewUser         = 0x0600
	codeServerNewBullet = 0x0603
	codeServerNick      = 0x0604
	codeServerSpawn     = 0x0605
	codeKick            = 0x0607
	codeNickReply       = 0x0700
)

var errDirection = errors.New("compare: code of the other direction")

// tfHand decodes into one reused value per form.
type tfHand struct {
	selfAppending
	version, pong, lag                        tfU32
	clientSpawn, spawnReady                   tfEmpty
	hi                                        tfHi
	clientAccel, clientTurn                   tfMove
	serverAccel, serverTurn                   tfMoveID
	clientNewBullet                           tfClientNewBullet
	serverNewBullet                           tfServerNewBullet
	invincible                                tfInvincible
	serverSpawn                               tfServerSpawn
	newUser                                   tfNewUser
	clientNick, clientSay, clientTeamSay, cmd tfText
	serverSay, serverNick, kick               tfIDText
	nickReply                                 tfNickReply
	ping                                      tfPing
	raw                                       tfRaw
}

var le = binary.LittleEndian

func (h *tfHand) Decode(b []byte, k Kind) (any, int, error) {
	if len(b) < 4 {
		return nil, 0, errShortFrame
	}
	n := 2 + int(le.Uint16(b))
	if n < 4 || len(b) < n {
		return nil, 0, errShortFrame
	}
	b = b[:n]
	code := le.Uint16(b[2:])
	if (code&0x8000 != 0) != (k == FromClient) {
		return nil, 0, errDirection
	}
	var ok bool
	var v any
	switch code {
	case codeVersion:
		v, ok = &h.version, h.version.decode(b)
	case codePong:
		v, ok = &h.pong, h.pong.decode(b)
	case codeLag:
		v, ok = &h.lag, h.lag.decode(b)
	case codeClientSpawn:
		v, ok = &h.clientSpawn, h.clientSpawn.decode(b)
	case codeSpawnReady:
		v, ok = &h.spawnReady, h.spawnReady.decode(b)
	case codeHi:
		v, ok = &h.hi, h.hi.decode(b)
	case codeClientAccel:
		v, ok = &h.clientAccel, h.clientAccel.decode(b)
	case codeClientTurn:
		v, ok = &h.clientTurn, h.clientTurn.decode(b)
	case codeServerAccel:
		v, ok = &h.serverAccel, h.serverAccel.decode(b)
	case codeServerTurn:
		v, ok = &h.serverTurn, h.serverTurn.decode(b)
	case codeClientNewBullet:
		v, ok = &h.clientNewBullet, h.clientNewBullet.decode(b)
	case codeServerNewBullet:
		v, ok = &h.serverNewBullet, h.serverNewBullet.decode(b)
	case codeInvincible:
		v, ok = &h.invincible, h.invincible.decode(b)
	case codeServerSpawn:
		v, ok = &h.serverSpawn, h.serverSpawn.decode(b)
	case codeNewUser:
		v, ok = &h.newUser, h.newUser.decode(b)
	case codeClientNick:
		v, ok = &h.clientNick, h.clientNick.decode(b)
	case codeClientSay:
		v, ok = &h.clientSay, h.clientSay.decode(b)
	case codeClientTeamSay:
		v, ok = &h.clientTeamSay, h.clientTeamSay.decode(b)
	case codeCmd:
		v, ok = &h.cmd, h.cmd.decode(b)
	case codeServerSay:
		v, ok = &h.serverSay, h.serverSay.decode(b)
	case codeServerNick:
		v, ok = &h.serverNick, h.serverNick.decode(b)
	case codeKick:
		v, ok = &h.kick, h.kick.decode(b)
	case codeNickReply:
		v, ok = &h.nickReply, h.nickReply.decode(b)
	case codePing:
		v, ok = &h.ping, h.ping.decode(b)
	default:
		v, ok = &h.raw, h.raw.decode(b, k)
	}
	if !ok {
		return nil, 0, errBadLength
	}
	return v, n, nil
}

// value returns the value that the frame at b decodes into, for
// encoding/binary.
func (h *tfHand) value(b []byte, k Kind) any {
	if len(b) < 4 {
		return nil
	}
	switch le.Uint16(b[2:]) {
	case codeVersion:
		return &h.version
	case codePong:
		return &h.pong
	case codeLag:
		return &h.lag
	case codeClientSpawn:
		return &h.clientSpawn
	case codeSpawnReady:
		return &h.spawnReady
	case codeHi:
		return &h.hi
	case codeClientAccel:
		return &h.clientAccel
	case codeClientTurn:
		return &h.clientTurn
	case codeServerAccel:
		return &h.serverAccel
	case codeServerTurn:
		return &h.serverTurn
	case codeClientNewBullet:
		return &h.clientNewBullet
	case codeServerNewBullet:
		return &h.serverNewBullet
	case codeInvincible:
		return &h.invincible
	case codeServerSpawn:
		return &h.serverSpawn
	case codeNewUser:
		return &h.newUser
	case codeClientNick:
		return &h.clientNick
	case codeClientSay:
		return &h.clientSay
	case codeClientTeamSay:
		return &h.clientTeamSay
	case codeCmd:
		return &h.cmd
	case codeServerSay:
		return &h.serverSay
	case codeServerNick:
		return &h.serverNick
	case codeKick:
		return &h.kick
	case codeNickReply:
		return &h.nickReply
	case codePing:
		return &h.ping
	}
	h.raw.From = 1 << k
	return &h.raw
}

func tfGetHeader(b []byte) tfHeader { return tfHeader{le.Uint16(b), le.Uint16(b[2:])} }

func tfPutHeader(w []byte, h tfHeader, size int) {
	_ = w[3]
	le.PutUint16(w, uint16(size-2))
	le.PutUint16(w[2:], h.Code)
}

// errCString: a string a frame cannot carry as its C string, which the
// spec forbids an encoder to send (over what the frame leaves, or with a
// NUL inside, which would end it early).
var errCString = errors.New("compare: a C string too long or holding a NUL")

// tfMaxFrame is the spec's largest frame, len included (8194 bytes).
const tfMaxFrame = 8194

// checkCString checks s, a C string after a frame's at fixed bytes, as
// gamewire's encoder does: it must fit in MaxFrame with its NUL, and hold
// none.
func checkCString(s []byte, at int) error {
	if len(s) > tfMaxFrame-at-1 || bytes.IndexByte(s, 0) >= 0 {
		return errCString
	}
	return nil
}

// cstring returns the NUL-terminated string that fills b from fixed to
// its end, and whether there is one.
func cstring(b []byte, fixed int) ([]byte, bool) {
	if len(b) <= fixed || bytes.IndexByte(b[fixed:], 0) != len(b)-fixed-1 {
		return nil, false
	}
	return b[fixed : len(b)-1], true
}

func (m *tfEmpty) decode(b []byte) bool {
	m.H = tfGetHeader(b)
	return len(b) == 4
}

func (m *tfEmpty) AppendBinary(b []byte) ([]byte, error) {
	return append(b, 2, 0, byte(m.H.Code), byte(m.H.Code>>8)), nil
}

func (m *tfU32) decode(b []byte) bool {
	if len(b) != 8 {
		return false
	}
	m.H = tfGetHeader(b)
	m.V = le.Uint32(b[4:])
	return true
}

func (m *tfU32) AppendBinary(b []byte) ([]byte, error) {
	b, w := grow(b, 8)
	p := (*[8]byte)(w)
	tfPutHeader(p[:], m.H, 8)
	le.PutUint32(p[4:], m.V)
	return b, nil
}

func (m *tfHi) decode(b []byte) bool {
	if len(b) != 12 {
		return false
	}
	p := (*[12]byte)(b)
	m.H = tfGetHeader(p[:])
	m.MyVersion = le.Uint32(p[4:])
	m.UWID = le.Uint32(p[8:])
	return true
}

func (m *tfHi) AppendBinary(b []byte) ([]byte, error) {
	b, w := grow(b, 12)
	p := (*[12]byte)(w)
	tfPutHeader(p[:], m.H, 12)
	le.PutUint32(p[4:], m.MyVersion)
	le.PutUint32(p[8:], m.UWID)
	return b, nil
}

func (m *tfMove) decode(b []byte) bool {
	if len(b) != 17 {
		return false
	}
	p := (*[17]byte)(b)
	m.H = tfGetHeader(p[:])
	m.X = int32(le.Uint32(p[4:]))
	m.Y = int32(le.Uint32(p[8:]))
	m.B = int8(p[12])
	m.V = int32(le.Uint32(p[13:]))
	return true
}

func (m *tfMove) AppendBinary(b []byte) ([]byte, error) {
	b, w := grow(b, 17)
	p := (*[17]byte)(w)
	tfPutHeader(p[:], m.H, 17)
	le.PutUint32(p[4:], uint32(m.X))
	le.PutUint32(p[8:], uint32(m.Y))
	p[12] = byte(m.B)
	le.PutUint32(p[13:], uint32(m.V))
	return b, nil
}

func (m *tfMoveID) decode(b []byte) bool {
	if len(b) != 21 {
		return false
	}
	p := (*[21]byte)(b)
	m.H = tfGetHeader(p[:])
	m.ID = le.Uint32(p[4:])
	m.X = int32(le.Uint32(p[8:]))
	m.Y = int32(le.Uint32(p[12:]))
	m.B = int8(p[16])
	m.V = int32(le.Uint32(p[17:]))
	return true
}

func (m *tfMoveID) AppendBinary(b []byte) ([]byte, error) {
	b, w := grow(b, 21)
	p := (*[21]byte)(w)
	tfPutHeader(p[:], m.H, 21)
	le.PutUint32(p[4:], m.ID)
	le.PutUint32(p[8:], uint32(m.X))
	le.PutUint32(p[12:], uint32(m.Y))
	p[16] = byte(m.B)
	le.PutUint32(p[17:], uint32(m.V))
	return b, nil
}

func (m *tfClientNewBullet) decode(b []byte) bool {
	if len(b) != 16 {
		return false
	}
	p := (*[16]byte)(b)
	m.H = tfGetHeader(p[:])
	m.X = int32(le.Uint32(p[4:]))
	m.Y = int32(le.Uint32(p[8:]))
	m.Deg = int32(le.Uint32(p[12:]))
	return true
}

func (m *tfClientNewBullet) AppendBinary(b []byte) ([]byte, error) {
	b, w := grow(b, 16)
	p := (*[16]byte)(w)
	tfPutHeader(p[:], m.H, 16)
	le.PutUint32(p[4:], uint32(m.X))
	le.PutUint32(p[8:], uint32(m.Y))
	le.PutUint32(p[12:], uint32(m.Deg))
	return b, nil
}

func (m *tfServerNewBullet) decode(b []byte) bool {
	if len(b) != 24 {
		return false
	}
	p := (*[24]byte)(b)
	m.H = tfGetHeader(p[:])
	m.ID = le.Uint32(p[4:])
	m.OwnerID = le.Uint32(p[8:])
	m.X = int32(le.Uint32(p[12:]))
	m.Y = int32(le.Uint32(p[16:]))
	m.Deg = int32(le.Uint32(p[20:]))
	return true
}

func (m *tfServerNewBullet) AppendBinary(b []byte) ([]byte, error) {
	b, w := grow(b, 24)
	p := (*[24]byte)(w)
	tfPutHeader(p[:], m.H, 24)
	le.PutUint32(p[4:], m.ID)
	le.PutUint32(p[8:], m.OwnerID)
	le.PutUint32(p[12:], uint32(m.X))
	le.PutUint32(p[16:], uint32(m.Y))
	le.PutUint32(p[20:], uint32(m.Deg))
	return b, nil
}

func (m *tfInvincible) decode(b []byte) bool {
	if len(b) != 13 {
		return false
	}
	p := (*[13]byte)(b)
	m.H = tfGetHeader(p[:])
	m.ID = le.Uint32(p[4:])
	m.YesNo = p[8]
	m.T = le.Uint32(p[9:])
	return true
}

func (m *tfInvincible) AppendBinary(b []byte) ([]byte, error) {
	b, w := grow(b, 13)
	p := (*[13]byte)(w)
	tfPutHeader(p[:], m.H, 13)
	le.PutUint32(p[4:], m.ID)
	p[8] = m.YesNo
	le.PutUint32(p[9:], m.T)
	return b, nil
}

func (m *tfServerSpawn) decode(b []byte) bool {
	if len(b) != 33 {
		return false
	}
	p := (*[33]byte)(b)
	m.H = tfGetHeader(p[:])
	m.ID = le.Uint32(p[4:])
	m.X = int32(le.Uint32(p[8:]))
	m.Y = int32(le.Uint32(p[12:]))
	m.Deg = int32(le.Uint32(p[16:]))
	m.Accel = int8(p[20])
	m.Alive = le.Uint32(p[21:])
	m.Frags = int16(le.Uint16(p[25:]))
	m.Turn = int8(p[27])
	m.Type = p[28]
	m.Speed = int32(le.Uint32(p[29:]))
	return true
}

func (m *tfServerSpawn) AppendBinary(b []byte) ([]byte, error) {
	b, w := grow(b, 33)
	p := (*[33]byte)(w)
	tfPutHeader(p[:], m.H, 33)
	le.PutUint32(p[4:], m.ID)
	le.PutUint32(p[8:], uint32(m.X))
	le.PutUint32(p[12:], uint32(m.Y))
	le.PutUint32(p[16:], uint32(m.Deg))
	p[20] = byte(m.Accel)
	le.PutUint32(p[21:], m.Alive)
	le.PutUint16(p[25:], uint16(m.Frags))
	p[27] = byte(m.Turn)
	p[28] = m.Type
	le.PutUint32(p[29:], uint32(m.Speed))
	return b, nil
}

func (m *tfNewUser) decode(b []byte) bool {
	s, ok := cstring(b, 37)
	if !ok {
		m.Nick = m.Nick[:0]
		return false
	}
	p := (*[37]byte)(b)
	m.H = tfGetHeader(p[:])
	m.ID = le.Uint32(p[4:])
	m.X = int32(le.Uint32(p[8:]))
	m.Y = int32(le.Uint32(p[12:]))
	m.Deg = int32(le.Uint32(p[16:]))
	m.Accel = int8(p[20])
	m.Alive = le.Uint32(p[21:])
	m.Frags = int16(le.Uint16(p[25:]))
	m.PendingMoves = le.Uint32(p[27:])
	m.Turn = int8(p[31])
	m.Type = p[32]
	m.Speed = int32(le.Uint32(p[33:]))
	m.Nick = append(m.Nick[:0], s...)
	return true
}

func (m *tfNewUser) AppendBinary(b []byte) ([]byte, error) {
	if err := checkCString(m.Nick, 37); err != nil {
		return b, err
	}
	n := 37 + len(m.Nick) + 1
	b, w := grow(b, n)
	p := (*[37]byte)(w)
	tfPutHeader(p[:], m.H, n)
	le.PutUint32(p[4:], m.ID)
	le.PutUint32(p[8:], uint32(m.X))
	le.PutUint32(p[12:], uint32(m.Y))
	le.PutUint32(p[16:], uint32(m.Deg))
	p[20] = byte(m.Accel)
	le.PutUint32(p[21:], m.Alive)
	le.PutUint16(p[25:], uint16(m.Frags))
	le.PutUint32(p[27:], m.PendingMoves)
	p[31] = byte(m.Turn)
	p[32] = m.Type
	le.PutUint32(p[33:], uint32(m.Speed))
	w[37+copy(w[37:], m.Nick)] = 0
	return b, nil
}

func (m *tfText) decode(b []byte) bool {
	s, ok := cstring(b, 4)
	m.H = tfGetHeader(b)
	m.Text = append(m.Text[:0], s...)
	return ok
}

func (m *tfText) AppendBinary(b []byte) ([]byte, error) {
	if err := checkCString(m.Text, 4); err != nil {
		return b, err
	}
	n := 4 + len(m.Text) + 1
	b, w := grow(b, n)
	tfPutHeader(w, m.H, n)
	w[4+copy(w[4:], m.Text)] = 0
	return b, nil
}

func (m *tfIDText) decode(b []byte) bool {
	s, ok := cstring(b, 8)
	if !ok {
		m.Text = m.Text[:0]
		return false
	}
	m.H = tfGetHeader(b)
	m.ID = le.Uint32(b[4:])
	m.Text = append(m.Text[:0], s...)
	return true
}

func (m *tfIDText) AppendBinary(b []byte) ([]byte, error) {
	if err := checkCString(m.Text, 8); err != nil {
		return b, err
	}
	n := 8 + len(m.Text) + 1
	b, w := grow(b, n)
	tfPutHeader(w, m.H, n)
	le.PutUint32(w[4:], m.ID)
	w[8+copy(w[8:], m.Text)] = 0
	return b, nil
}

func (m *tfNickReply) decode(b []byte) bool {
	s, ok := cstring(b, 5)
	if !ok {
		m.Text = m.Text[:0]
		return false
	}
	m.H = tfGetHeader(b)
	m.GoodOrBad = b[4]
	m.Text = append(m.Text[:0], s...)
	return true
}

func (m *tfNickReply) AppendBinary(b []byte) ([]byte, error) {
	if err := checkCString(m.Text, 5); err != nil {
		return b, err
	}
	n := 5 + len(m.Text) + 1
	b, w := grow(b, n)
	tfPutHeader(w, m.H, n)
	w[4] = m.GoodOrBad
	w[5+copy(w[5:], m.Text)] = 0
	return b, nil
}

func (m *tfPing) decode(b []byte) bool {
	if len(b) != 8 && len(b) != 12 {
		m.TimeHigh = m.TimeHigh[:0]
		return false
	}
	m.H = tfGetHeader(b)
	m.Time = le.Uint32(b[4:])
	m.TimeHigh = append(m.TimeHigh[:0], b[8:]...)
	return true
}

func (m *tfPing) AppendBinary(b []byte) ([]byte, error) {
	n := 8 + len(m.TimeHigh)
	b, w := grow(b, n)
	tfPutHeader(w, m.H, n)
	le.PutUint32(w[4:], m.Time)
	copy(w[8:], m.TimeHigh)
	return b, nil
}

func (m *tfRaw) decode(b []byte, k Kind) bool {
	m.Code, m.From = uint32(le.Uint16(b[2:])), 1<<k
	m.Frame = append(m.Frame[:0], b...)
	return true
}

func (m *tfRaw) AppendBinary(b []byte) ([]byte, error) { return append(b, m.Frame...), nil }

// Variable layouts, for encoding/binary: binary.Decode and binary.Append
// on the fixed part, the byte order's functions for the rest.

// decodeTail decodes the fixed part of a frame into fixed and the
// NUL-terminated string after it, up to the frame's end, into s.
func (*tfHand) decodeTail(b []byte, o binary.ByteOrder, fixed any, s *[]byte) (int, error) {
	n, err := binary.Decode(b, o, fixed)
	if err != nil {
		return 0, err
	}
	end := 2 + int(o.Uint16(b))
	if end > len(b) {
		return 0, errShortFrame
	}
	str, ok := cstring(b[:end], n)
	if !ok {
		return 0, errBadLength
	}
	*s = append((*s)[:0], str...)
	return end, nil
}

// appendTail appends the fixed part of a frame and a NUL-terminated
// string, and sets the frame's len (the fixed part's first field).
func (*tfHand) appendTail(b []byte, o binary.ByteOrder, fixed any, s []byte) ([]byte, error) {
	start := len(b)
	b, err := binary.Append(b, o, fixed)
	if err != nil {
		return b, err
	}
	b = append(append(b, s...), 0)
	o.PutUint16(b[start:], uint16(len(b)-start-2))
	return b, nil
}

func (m *tfText) tail() (any, *[]byte)      { return &m.H, &m.Text }
func (m *tfIDText) tail() (any, *[]byte)    { return &m.tfIDTextFixed, &m.Text }
func (m *tfNickReply) tail() (any, *[]byte) { return &m.tfNickReplyFixed, &m.Text }
func (m *tfNewUser) tail() (any, *[]byte)   { return &m.tfNewUserFixed, &m.Nick }

func (m *tfPing) decodeBinary(b []byte, o binary.ByteOrder) (int, error) {
	var fixed struct {
		H    tfHeader
		Time uint32
	}
	n, err := binary.Decode(b, o, &fixed)
	if err != nil {
		return 0, err
	}
	end := 2 + int(fixed.H.Len)
	if end != 8 && end != 12 || end > len(b) {
		return 0, errBadLength
	}
	m.H, m.Time = fixed.H, fixed.Time
	m.TimeHigh = append(m.TimeHigh[:0], b[n:end]...)
	return end, nil
}

func (m *tfPing) appendBinary(b []byte, o binary.ByteOrder) ([]byte, error) {
	h := m.H
	h.Len = uint16(6 + len(m.TimeHigh))
	b, err := binary.Append(b, o, &h)
	if err != nil {
		return b, err
	}
	b, err = binary.Append(b, o, m.Time)
	return append(b, m.TimeHigh...), err
}

func (m *tfRaw) decodeBinary(b []byte, o binary.ByteOrder) (int, error) {
	var h tfHeader
	if _, err := binary.Decode(b, o, &h); err != nil {
		return 0, err
	}
	end := 2 + int(h.Len)
	if end < 4 || end > len(b) {
		return 0, errShortFrame
	}
	m.Code = uint32(h.Code)
	m.Frame = append(m.Frame[:0], b[:end]...)
	return end, nil
}

func (m *tfRaw) appendBinary(b []byte, o binary.ByteOrder) ([]byte, error) {
	return append(b, m.Frame...), nil
}
