package tfighters

import "github.com/gamewire/gamewire/wire"

// ClientAccel is CMSG_ACCEL <x (dbl)> <y (dbl)> <accel (s8)> <speed (dbl)>:
// "Acceleration update with X/Y coordinates, accel can be -1/0/+1". The
// server relays it to every other player as SMSG_ACCEL.
type ClientAccel struct {
	X     Dbl  `json:"x"`     // position
	Y     Dbl  `json:"y"`     // position
	Accel int8 `json:"accel"` // -1, 0 or +1
	Speed Dbl  `json:"speed"` // speed
}

// layoutClientAccel lists the fields of CMSG_ACCEL with their offsets, header included.
var layoutClientAccel = [...]Field{
	{"x", "dbl", 4},
	{"y", "dbl", 8},
	{"accel", "s8", 12},
	{"speed", "dbl", 13},
}

// sizeClientAccel is the length of CMSG_ACCEL without its strings.
const sizeClientAccel = 17

// Code returns CodeClientAccel.
func (*ClientAccel) Code() Code { return CodeClientAccel }

// Size returns the length of the encoded message, header included.
func (*ClientAccel) Size() int { return sizeClientAccel }

// AppendBinary appends the message, header included, to b.
func (m *ClientAccel) AppendBinary(b []byte) ([]byte, error) {
	b, err := appendHeader(b, CodeClientAccel, m.Size())
	if err != nil {
		return b, err
	}
	b = le.AppendI32(b, int32(m.X))
	b = le.AppendI32(b, int32(m.Y))
	b = wire.AppendI8(b, m.Accel)
	b = le.AppendI32(b, int32(m.Speed))
	return b, nil
}

// Decode decodes the message at the start of b into m, which it resets,
// and returns its length. The fields must fill the frame exactly.
func (m *ClientAccel) Decode(b []byte) (int, error) {
	*m = ClientAccel{}
	if !isFrame(b, CodeClientAccel, sizeClientAccel) {
		return 0, fixedError(b, CodeClientAccel, layoutClientAccel[:])
	}
	b = b[:sizeClientAccel]
	m.X = Dbl(le.I32(b[4:]))
	m.Y = Dbl(le.I32(b[8:]))
	m.Accel = int8(b[12])
	m.Speed = Dbl(le.I32(b[13:]))
	return sizeClientAccel, nil
}

// UnmarshalBinary decodes exactly one message from b.
func (m *ClientAccel) UnmarshalBinary(b []byte) error { return unmarshal(m, b) }

// MarshalBinary returns the encoded message.
func (m *ClientAccel) MarshalBinary() ([]byte, error) {
	return m.AppendBinary(make([]byte, 0, m.Size()))
}

// Validate checks the rules of the spec and of the original peers; see
// docs/errata/tfighters.md.
func (m *ClientAccel) Validate() error {
	if !validAccel(m.Accel) {
		return invalid(CodeClientAccel, "accel", 12)
	}
	return nil
}

// ServerAccel is SMSG_ACCEL <id (u32)> <x (dbl)> <y (dbl)> <accel (s8)>
// <speed (dbl)>: another object's acceleration update.
type ServerAccel struct {
	ID    uint32 `json:"id"`    // the object
	X     Dbl    `json:"x"`     // position
	Y     Dbl    `json:"y"`     // position
	Accel int8   `json:"accel"` // -1, 0 or +1
	Speed Dbl    `json:"speed"` // speed
}

// layoutServerAccel lists the fields of SMSG_ACCEL with their offsets, header included.
var layoutServerAccel = [...]Field{
	{"id", "u32", 4},
	{"x", "dbl", 8},
	{"y", "dbl", 12},
	{"accel", "s8", 16},
	{"speed", "dbl", 17},
}

// sizeServerAccel is the length of SMSG_ACCEL without its strings.
const sizeServerAccel = 21

// Code returns CodeServerAccel.
func (*ServerAccel) Code() Code { return CodeServerAccel }

// Size returns the length of the encoded message, header included.
func (*ServerAccel) Size() int { return sizeServerAccel }

// AppendBinary appends the message, header included, to b.
func (m *ServerAccel) AppendBinary(b []byte) ([]byte, error) {
	b, err := appendHeader(b, CodeServerAccel, m.Size())
	if err != nil {
		return b, err
	}
	b = le.AppendU32(b, m.ID)
	b = le.AppendI32(b, int32(m.X))
	b = le.AppendI32(b, int32(m.Y))
	b = wire.AppendI8(b, m.Accel)
	b = le.AppendI32(b, int32(m.Speed))
	return b, nil
}

// Decode decodes the message at the start of b into m, which it resets,
// and returns its length. The fields must fill the frame exactly.
func (m *ServerAccel) Decode(b []byte) (int, error) {
	*m = ServerAccel{}
	if !isFrame(b, CodeServerAccel, sizeServerAccel) {
		return 0, fixedError(b, CodeServerAccel, layoutServerAccel[:])
	}
	b = b[:sizeServerAccel]
	m.ID = le.U32(b[4:])
	m.X = Dbl(le.I32(b[8:]))
	m.Y = Dbl(le.I32(b[12:]))
	m.Accel = int8(b[16])
	m.Speed = Dbl(le.I32(b[17:]))
	return sizeServerAccel, nil
}

// UnmarshalBinary decodes exactly one message from b.
func (m *ServerAccel) UnmarshalBinary(b []byte) error { return unmarshal(m, b) }

// MarshalBinary returns the encoded message.
func (m *ServerAccel) MarshalBinary() ([]byte, error) {
	return m.AppendBinary(make([]byte, 0, m.Size()))
}

// Validate checks the rules of the spec and of the original peers; see
// docs/errata/tfighters.md.
func (m *ServerAccel) Validate() error {
	if !validAccel(m.Accel) {
		return invalid(CodeServerAccel, "accel", 16)
	}
	return nil
}
