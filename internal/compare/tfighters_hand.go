package compare

import (
	"bytes"
	"encoding/binary"
	"errors"
)

// Hand-written TFighters: plain structs mirroring the little-endian,
// packed frames of the forms the captures hold, header included. Forms of
// the same shape share a struct (CMSG_ACCEL and CMSG_TURN are both
// position, a signed byte and a number), and forms that share a run of
// fields share a struct for it (tfMotion, tfAim, tfSpawnHead); the header
// keeps the code.

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

// tfMotion is a position, a signed byte and a number: accel and speed,
// or turn and deg.
type tfMotion struct {
	X, Y int32
	B    int8
	V    int32
}

// tfMove: CMSG_ACCEL and CMSG_TURN.
type tfMove struct {
	H tfHeader `cmp:"-"`
	tfMotion
}

// tfMoveID: SMSG_ACCEL and SMSG_TURN, the same with the object's id.
type tfMoveID struct {
	H  tfHeader `cmp:"-"`
	ID uint32
	tfMotion
}

// tfAim is where a bullet starts: x, y, deg.
type tfAim struct{ X, Y, Deg int32 }

// tfClientNewBullet: CMSG_NEWBULLET.
type tfClientNewBullet struct {
	H tfHeader `cmp:"-"`
	tfAim
}

// tfServerNewBullet: SMSG_NEWBULLET.
type tfServerNewBullet struct {
	H           tfHeader `cmp:"-"`
	ID, OwnerID uint32
	tfAim
}

// tfInvincible: SMSG_INVINCIBLE.
type tfInvincible struct {
	H     tfHeader `cmp:"-"`
	ID    uint32
	YesNo uint8
	T     uint32
}

// tfSpawnHead and tfSpawnTail are the fields of a player that SMSG_SPAWN
// and SMSG_NEWUSER share, before and after SMSG_NEWUSER's pending moves.
type tfSpawnHead struct {
	ID        uint32
	X, Y, Deg int32
	Accel     int8
	Alive     uint32
	Frags     int16
}

type tfSpawnTail struct {
	Turn  int8
	Type  uint8
	Speed int32
}

// tfServerSpawn: SMSG_SPAWN.
type tfServerSpawn struct {
	H tfHeader `cmp:"-"`
	tfSpawnHead
	tfSpawnTail
}

// tfNewUserFixed is SMSG_NEWUSER up to its nick.
type tfNewUserFixed struct {
	H tfHeader `cmp:"-"`
	tfSpawnHead
	PendingMoves uint32
	tfSpawnTail
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

// tfHand decodes into one reused value per struct.
type tfHand struct {
	selfAppending
	empty        tfEmpty
	u32          tfU32
	hi           tfHi
	move         tfMove
	moveID       tfMoveID
	clientBullet tfClientNewBullet
	serverBullet tfServerNewBullet
	invincible   tfInvincible
	spawn        tfServerSpawn
	newUser      tfNewUser
	text         tfText
	idText       tfIDText
	nickReply    tfNickReply
	ping         tfPing
	raw          tfRaw
}

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
	var v any
	ok := false
	switch code {
	case codeClientSpawn, codeSpawnReady:
		v, ok = &h.empty, h.empty.decode(b)
	case codeVersion, codePong, codeLag:
		v, ok = &h.u32, h.u32.decode(b)
	case codeHi:
		v, ok = &h.hi, h.hi.decode(b)
	case codeClientAccel, codeClientTurn:
		v, ok = &h.move, h.move.decode(b)
	case codeServerAccel, codeServerTurn:
		v, ok = &h.moveID, h.moveID.decode(b)
	case codeClientNewBullet:
		v, ok = &h.clientBullet, h.clientBullet.decode(b)
	case codeServerNewBullet:
		v, ok = &h.serverBullet, h.serverBullet.decode(b)
	case codeInvincible:
		v, ok = &h.invincible, h.invincible.decode(b)
	case codeServerSpawn:
		v, ok = &h.spawn, h.spawn.decode(b)
	case codeNewUser:
		v, ok = &h.newUser, h.newUser.decode(b)
	case codeClientNick, codeClientSay, codeClientTeamSay, codeCmd:
		v, ok = &h.text, h.text.decode(b)
	case codeServerSay, codeServerNick, codeKick:
		v, ok = &h.idText, h.idText.decode(b)
	case codeNickReply:
		v, ok = &h.nickReply, h.nickReply.decode(b)
	case codePing:
		v, ok = &h.ping, h.ping.decode(b)
	default:
		h.raw.From = 1 << k
		v, ok = &h.raw, h.raw.decode(b)
	}
	if !ok {
		return nil, 0, errBadLength
	}
	return v, n, nil
}

func (h *tfHeader) get(b []byte) { *h = tfHeader{le.Uint16(b), le.Uint16(b[2:])} }

// frame grows b by a frame of n bytes and writes its header, h's code
// with a len for n: it returns b and the frame.
func (h *tfHeader) frame(b []byte, n int) ([]byte, []byte) {
	b, w := grow(b, n)
	_ = w[3]
	le.PutUint16(w, uint16(n-2))
	le.PutUint16(w[2:], h.Code)
	return b, w
}

func (m *tfMotion) get(p []byte) {
	p = p[:13]
	m.X, m.Y = int32(le.Uint32(p)), int32(le.Uint32(p[4:]))
	m.B, m.V = int8(p[8]), int32(le.Uint32(p[9:]))
}

func (m *tfMotion) put(p []byte) {
	p = p[:13]
	le.PutUint32(p, uint32(m.X))
	le.PutUint32(p[4:], uint32(m.Y))
	p[8] = byte(m.B)
	le.PutUint32(p[9:], uint32(m.V))
}

func (m *tfAim) get(p []byte) {
	p = p[:12]
	m.X, m.Y, m.Deg = int32(le.Uint32(p)), int32(le.Uint32(p[4:])), int32(le.Uint32(p[8:]))
}

func (m *tfAim) put(p []byte) {
	p = p[:12]
	le.PutUint32(p, uint32(m.X))
	le.PutUint32(p[4:], uint32(m.Y))
	le.PutUint32(p[8:], uint32(m.Deg))
}

func (m *tfSpawnHead) get(p []byte) {
	p = p[:23]
	m.ID, m.X, m.Y, m.Deg = le.Uint32(p), int32(le.Uint32(p[4:])), int32(le.Uint32(p[8:])), int32(le.Uint32(p[12:]))
	m.Accel, m.Alive, m.Frags = int8(p[16]), le.Uint32(p[17:]), int16(le.Uint16(p[21:]))
}

func (m *tfSpawnHead) put(p []byte) {
	p = p[:23]
	le.PutUint32(p, m.ID)
	le.PutUint32(p[4:], uint32(m.X))
	le.PutUint32(p[8:], uint32(m.Y))
	le.PutUint32(p[12:], uint32(m.Deg))
	p[16] = byte(m.Accel)
	le.PutUint32(p[17:], m.Alive)
	le.PutUint16(p[21:], uint16(m.Frags))
}

func (m *tfSpawnTail) get(p []byte) {
	p = p[:6]
	m.Turn, m.Type, m.Speed = int8(p[0]), p[1], int32(le.Uint32(p[2:]))
}

func (m *tfSpawnTail) put(p []byte) {
	p = p[:6]
	p[0], p[1] = byte(m.Turn), m.Type
	le.PutUint32(p[2:], uint32(m.Speed))
}

// errCString: a string a frame cannot carry as its C string, which the
// spec forbids an encoder to send (over what the frame leaves, or with a
// NUL inside, which would end it early).
var errCString = errors.New("compare: a C string too long or holding a NUL")

// tfMaxFrame is the spec's largest frame, len included (8194 bytes).
const tfMaxFrame = 8194

// cstring returns the NUL-terminated string that fills b from fixed to
// its end, and whether there is one.
func cstring(b []byte, fixed int) ([]byte, bool) {
	if len(b) <= fixed || bytes.IndexByte(b[fixed:], 0) != len(b)-fixed-1 {
		return nil, false
	}
	return b[fixed : len(b)-1], true
}

// decodeText decodes the header of a frame whose C string fills it from
// fixed, and the string into s; it reports whether there is one.
func (h *tfHeader) decodeText(b []byte, fixed int, s *[]byte) bool {
	if len(b) <= fixed || bytes.IndexByte(b[fixed:], 0) != len(b)-fixed-1 {
		*s = (*s)[:0]
		return false
	}
	h.get(b)
	*s = append((*s)[:0], b[fixed:len(b)-1]...)
	return true
}

// cstringOK checks s, a C string after a frame's fixed bytes, as
// gamewire's encoder does: it must fit in MaxFrame with its NUL, and hold
// none.
func cstringOK(s []byte, fixed int) bool {
	return len(s) <= tfMaxFrame-fixed-1 && bytes.IndexByte(s, 0) < 0
}

// putCString writes s and its NUL at w[fixed:], the end of a frame.
func putCString(w []byte, fixed int, s []byte) { w[fixed+copy(w[fixed:], s)] = 0 }

func (m *tfEmpty) decode(b []byte) bool {
	m.H.get(b)
	return len(b) == 4
}

func (m *tfEmpty) AppendBinary(b []byte) ([]byte, error) {
	return append(b, 2, 0, byte(m.H.Code), byte(m.H.Code>>8)), nil
}

func (m *tfU32) decode(b []byte) bool {
	if len(b) != 8 {
		return false
	}
	m.H.get(b)
	m.V = le.Uint32(b[4:])
	return true
}

func (m *tfU32) AppendBinary(b []byte) ([]byte, error) {
	b, w := m.H.frame(b, 8)
	le.PutUint32((*[8]byte)(w)[4:], m.V)
	return b, nil
}

func (m *tfHi) decode(b []byte) bool {
	if len(b) != 12 {
		return false
	}
	m.H.get(b)
	m.MyVersion, m.UWID = le.Uint32(b[4:]), le.Uint32(b[8:12])
	return true
}

func (m *tfHi) AppendBinary(b []byte) ([]byte, error) {
	b, w := m.H.frame(b, 12)
	p := (*[12]byte)(w)
	le.PutUint32(p[4:], m.MyVersion)
	le.PutUint32(p[8:], m.UWID)
	return b, nil
}

func (m *tfMove) decode(b []byte) bool {
	if len(b) != 17 {
		return false
	}
	m.H.get(b)
	m.tfMotion.get(b[4:])
	return true
}

func (m *tfMove) AppendBinary(b []byte) ([]byte, error) {
	b, w := m.H.frame(b, 17)
	m.tfMotion.put(w[4:])
	return b, nil
}

func (m *tfMoveID) decode(b []byte) bool {
	if len(b) != 21 {
		return false
	}
	m.H.get(b)
	m.ID = le.Uint32(b[4:])
	m.tfMotion.get(b[8:])
	return true
}

func (m *tfMoveID) AppendBinary(b []byte) ([]byte, error) {
	b, w := m.H.frame(b, 21)
	p := (*[21]byte)(w)
	le.PutUint32(p[4:], m.ID)
	m.tfMotion.put(p[8:])
	return b, nil
}

func (m *tfClientNewBullet) decode(b []byte) bool {
	if len(b) != 16 {
		return false
	}
	m.H.get(b)
	m.tfAim.get(b[4:])
	return true
}

func (m *tfClientNewBullet) AppendBinary(b []byte) ([]byte, error) {
	b, w := m.H.frame(b, 16)
	m.tfAim.put(w[4:])
	return b, nil
}

func (m *tfServerNewBullet) decode(b []byte) bool {
	if len(b) != 24 {
		return false
	}
	m.H.get(b)
	m.ID, m.OwnerID = le.Uint32(b[4:]), le.Uint32(b[8:])
	m.tfAim.get(b[12:])
	return true
}

func (m *tfServerNewBullet) AppendBinary(b []byte) ([]byte, error) {
	b, w := m.H.frame(b, 24)
	p := (*[24]byte)(w)
	le.PutUint32(p[4:], m.ID)
	le.PutUint32(p[8:], m.OwnerID)
	m.tfAim.put(p[12:])
	return b, nil
}

func (m *tfInvincible) decode(b []byte) bool {
	if len(b) != 13 {
		return false
	}
	p := (*[13]byte)(b)
	m.H.get(p[:])
	m.ID, m.YesNo, m.T = le.Uint32(p[4:]), p[8], le.Uint32(p[9:])
	return true
}

func (m *tfInvincible) AppendBinary(b []byte) ([]byte, error) {
	b, w := m.H.frame(b, 13)
	p := (*[13]byte)(w)
	le.PutUint32(p[4:], m.ID)
	p[8] = m.YesNo
	le.PutUint32(p[9:], m.T)
	return b, nil
}

func (m *tfServerSpawn) decode(b []byte) bool {
	if len(b) != 33 {
		return false
	}
	m.H.get(b)
	m.tfSpawnHead.get(b[4:])
	m.tfSpawnTail.get(b[27:])
	return true
}

func (m *tfServerSpawn) AppendBinary(b []byte) ([]byte, error) {
	b, w := m.H.frame(b, 33)
	m.tfSpawnHead.put(w[4:])
	m.tfSpawnTail.put(w[27:])
	return b, nil
}

func (m *tfNewUser) decode(b []byte) bool {
	if !m.H.decodeText(b, 37, &m.Nick) {
		return false
	}
	m.tfSpawnHead.get(b[4:])
	m.PendingMoves = le.Uint32(b[27:])
	m.tfSpawnTail.get(b[31:])
	return true
}

func (m *tfNewUser) AppendBinary(b []byte) ([]byte, error) {
	if !cstringOK(m.Nick, 37) {
		return b, errCString
	}
	b, w := m.H.frame(b, 37+len(m.Nick)+1)
	putCString(w, 37, m.Nick)
	m.tfSpawnHead.put(w[4:])
	le.PutUint32(w[27:31], m.PendingMoves)
	m.tfSpawnTail.put(w[31:])
	return b, nil
}

func (m *tfText) decode(b []byte) bool { return m.H.decodeText(b, 4, &m.Text) }

func (m *tfText) AppendBinary(b []byte) ([]byte, error) {
	if !cstringOK(m.Text, 4) {
		return b, errCString
	}
	b, w := m.H.frame(b, 4+len(m.Text)+1)
	putCString(w, 4, m.Text)
	return b, nil
}

func (m *tfIDText) decode(b []byte) bool {
	if !m.H.decodeText(b, 8, &m.Text) {
		return false
	}
	m.ID = le.Uint32(b[4:])
	return true
}

func (m *tfIDText) AppendBinary(b []byte) ([]byte, error) {
	if !cstringOK(m.Text, 8) {
		return b, errCString
	}
	b, w := m.H.frame(b, 8+len(m.Text)+1)
	putCString(w, 8, m.Text)
	le.PutUint32(w[4:8], m.ID)
	return b, nil
}

func (m *tfNickReply) decode(b []byte) bool {
	if !m.H.decodeText(b, 5, &m.Text) {
		return false
	}
	m.GoodOrBad = b[4]
	return true
}

func (m *tfNickReply) AppendBinary(b []byte) ([]byte, error) {
	if !cstringOK(m.Text, 5) {
		return b, errCString
	}
	b, w := m.H.frame(b, 5+len(m.Text)+1)
	putCString(w, 5, m.Text)
	w[4] = m.GoodOrBad
	return b, nil
}

func (m *tfPing) decode(b []byte) bool {
	if len(b) != 8 && len(b) != 12 {
		m.TimeHigh = m.TimeHigh[:0]
		return false
	}
	m.H.get(b)
	m.Time = le.Uint32(b[4:])
	m.TimeHigh = append(m.TimeHigh[:0], b[8:]...)
	return true
}

func (m *tfPing) AppendBinary(b []byte) ([]byte, error) {
	b, w := m.H.frame(b, 8+len(m.TimeHigh))
	le.PutUint32(w[4:8], m.Time)
	copy(w[8:], m.TimeHigh)
	return b, nil
}

func (m *tfRaw) decode(b []byte) bool {
	m.Code = uint32(le.Uint16(b[2:]))
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
