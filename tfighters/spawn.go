package tfighters

import "github.com/gamewire/gamewire/wire"

// ClientSpawn is CMSG_SPAWN, with no data: "I wanna spawn! Sent back after
// SMSG_SPAWNREADY".
type ClientSpawn struct{}

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
	r, end := open(b, CodeClientSpawn)
	return finish(&r, b, CodeClientSpawn, end)
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
	r, end := open(b, CodeServerSpawn)
	m.ID = r.U32("id")
	m.X = Dbl(r.I32("x"))
	m.Y = Dbl(r.I32("y"))
	m.Deg = Dbl(r.I32("deg"))
	m.Accel = r.I8("accel")
	m.Alive = r.U32("alive")
	m.Frags = r.I16("frags")
	m.Turn = r.I8("turn")
	m.Type = ObjectType(r.U8("type"))
	m.Speed = Dbl(r.I32("speed"))
	return finish(&r, b, CodeServerSpawn, end)
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
