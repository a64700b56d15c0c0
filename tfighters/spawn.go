package tfighters

import "github.com/gamewire/gamewire/wire"

// ClientSpawn is CMSG_SPAWN, with no data: "I wanna spawn! Sent back after
// SMSG_SPAWNREADY".
type ClientSpawn struct{}

// layoutClientSpawn lists the fields of CMSG_SPAWN with their offsets, header included.
var layoutClientSpawn = [...]Field{}

// sizeClientSpawn is the length of CMSG_SPAWN without its strings.
const sizeClientSpawn = 4

// Code returns CodeClientSpawn.
func (*ClientSpawn) Code() Code { return CodeClientSpawn }

// Size returns the length of the encoded message, header included.
func (*ClientSpawn) Size() int { return sizeClientSpawn }

// AppendBinary appends the message, header included, to b.
func (m *ClientSpawn) AppendBinary(b []byte) ([]byte, error) {
	return appendHeader(b, CodeClientSpawn, sizeClientSpawn)
}

// Decode decodes the message at the start of b into m, which it resets,
// and returns its length. The fields must fill the frame exactly.
func (m *ClientSpawn) Decode(b []byte) (int, error) {
	if !isFrame(b, CodeClientSpawn, sizeClientSpawn) {
		return 0, fixedError(b, CodeClientSpawn, layoutClientSpawn[:])
	}
	return sizeClientSpawn, nil
}

// UnmarshalBinary decodes exactly one message from b.
func (m *ClientSpawn) UnmarshalBinary(b []byte) error { return unmarshal(m, b) }

// MarshalBinary returns the encoded message.
func (m *ClientSpawn) MarshalBinary() ([]byte, error) {
	return m.AppendBinary(make([]byte, 0, m.Size()))
}

// Validate checks the rules of the spec and of the original peers; see
// docs/errata/tfighters.md.
func (*ClientSpawn) Validate() error { return nil }

// ServerSpawn is SMSG_SPAWN <id (u32)> <x (dbl)> <y (dbl)> <deg (dbl)>
// <accel (s8)> <alive (u32)> <frags (s16)> <turn (s8)> <type (u8)>
// <speed (dbl)>: an object (re)spawned. The original broadcasts it, after
// an SMSG_INVINCIBLE for the same id, when a player's CMSG_SPAWN is
// accepted.
type ServerSpawn struct {
	ID    uint32     `json:"id"`    // the object
	X     Dbl        `json:"x"`     // position
	Y     Dbl        `json:"y"`     // position
	Deg   Dbl        `json:"deg"`   // heading in degrees
	Accel int8       `json:"accel"` // -1, 0 or +1
	Alive uint32     `json:"alive"` // seconds in the game (the original always sends 0)
	Frags int16      `json:"frags"` // frags
	Turn  int8       `json:"turn"`  // -4, -2, 0, +2 or +4
	Type  ObjectType `json:"type"`  // what the object is
	Speed Dbl        `json:"speed"` // speed
}

// layoutServerSpawn lists the fields of SMSG_SPAWN with their offsets, header included.
var layoutServerSpawn = [...]Field{
	{"id", "u32", 4},
	{"x", "dbl", 8},
	{"y", "dbl", 12},
	{"deg", "dbl", 16},
	{"accel", "s8", 20},
	{"alive", "u32", 21},
	{"frags", "s16", 25},
	{"turn", "s8", 27},
	{"type", "u8", 28},
	{"speed", "dbl", 29},
}

// sizeServerSpawn is the length of SMSG_SPAWN without its strings.
const sizeServerSpawn = 33

// Code returns CodeServerSpawn.
func (*ServerSpawn) Code() Code { return CodeServerSpawn }

// Size returns the length of the encoded message, header included.
func (*ServerSpawn) Size() int { return sizeServerSpawn }

// AppendBinary appends the message, header included, to b.
func (m *ServerSpawn) AppendBinary(b []byte) ([]byte, error) {
	b, err := appendHeader(b, CodeServerSpawn, m.Size())
	if err != nil {
		return b, err
	}
	b = le.AppendU32(b, m.ID)
	b = le.AppendI32(b, int32(m.X))
	b = le.AppendI32(b, int32(m.Y))
	b = le.AppendI32(b, int32(m.Deg))
	b = wire.AppendI8(b, m.Accel)
	b = le.AppendU32(b, m.Alive)
	b = le.AppendI16(b, m.Frags)
	b = wire.AppendI8(b, m.Turn)
	b = append(b, byte(m.Type))
	b = le.AppendI32(b, int32(m.Speed))
	return b, nil
}

// Decode decodes the message at the start of b into m, which it resets,
// and returns its length. The fields must fill the frame exactly.
func (m *ServerSpawn) Decode(b []byte) (int, error) {
	*m = ServerSpawn{}
	if !isFrame(b, CodeServerSpawn, sizeServerSpawn) {
		return 0, fixedError(b, CodeServerSpawn, layoutServerSpawn[:])
	}
	b = b[:sizeServerSpawn]
	m.ID = le.U32(b[4:])
	m.X = Dbl(le.I32(b[8:]))
	m.Y = Dbl(le.I32(b[12:]))
	m.Deg = Dbl(le.I32(b[16:]))
	m.Accel = int8(b[20])
	m.Alive = le.U32(b[21:])
	m.Frags = le.I16(b[25:])
	m.Turn = int8(b[27])
	m.Type = ObjectType(b[28])
	m.Speed = Dbl(le.I32(b[29:]))
	return sizeServerSpawn, nil
}

// UnmarshalBinary decodes exactly one message from b.
func (m *ServerSpawn) UnmarshalBinary(b []byte) error { return unmarshal(m, b) }

// MarshalBinary returns the encoded message.
func (m *ServerSpawn) MarshalBinary() ([]byte, error) {
	return m.AppendBinary(make([]byte, 0, m.Size()))
}

// Validate checks the rules of the spec and of the original peers; see
// docs/errata/tfighters.md.
func (m *ServerSpawn) Validate() error {
	if !validAccel(m.Accel) {
		return invalid(CodeServerSpawn, "accel", 20)
	}
	if !validTurn(m.Turn) {
		return invalid(CodeServerSpawn, "turn", 27)
	}
	if m.Type.name() == "" {
		return invalid(CodeServerSpawn, "type", 28)
	}
	return nil
}
