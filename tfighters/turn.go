package tfighters

import "github.com/gamewire/gamewire/wire"

// ClientTurn is CMSG_TURN <x (dbl)> <y (dbl)> <turn (s8)> <deg (dbl)>:
// "Direction update with X/Y coordinates, turn can be -4/-2/0/+2/+4". The
// server relays it to every other player as SMSG_TURN.
type ClientTurn struct {
	X    Dbl  `json:"x"`    // position
	Y    Dbl  `json:"y"`    // position
	Turn int8 `json:"turn"` // -4, -2, 0, +2 or +4
	Deg  Dbl  `json:"deg"`  // heading in degrees
}

// layoutClientTurn lists the fields of CMSG_TURN with their offsets, header included.
var layoutClientTurn = [...]Field{
	{"x", "dbl", 4},
	{"y", "dbl", 8},
	{"turn", "s8", 12},
	{"deg", "dbl", 13},
}

// sizeClientTurn is the length of CMSG_TURN without its strings.
const sizeClientTurn = 17

// Code returns CodeClientTurn.
func (*ClientTurn) Code() Code { return CodeClientTurn }

// Size returns the length of the encoded message, header included.
func (*ClientTurn) Size() int { return sizeClientTurn }

// AppendBinary appends the message, header included, to b.
func (m *ClientTurn) AppendBinary(b []byte) ([]byte, error) {
	b, err := appendHeader(b, CodeClientTurn, m.Size())
	if err != nil {
		return b, err
	}
	b = le.AppendI32(b, int32(m.X))
	b = le.AppendI32(b, int32(m.Y))
	b = wire.AppendI8(b, m.Turn)
	b = le.AppendI32(b, int32(m.Deg))
	return b, nil
}

// Decode decodes the message at the start of b into m, which it resets,
// and returns its length. The fields must fill the frame exactly.
func (m *ClientTurn) Decode(b []byte) (int, error) {
	*m = ClientTurn{}
	if !isFrame(b, CodeClientTurn, sizeClientTurn) {
		return 0, fixedError(b, CodeClientTurn, layoutClientTurn[:])
	}
	b = b[:sizeClientTurn]
	m.X = Dbl(le.I32(b[4:]))
	m.Y = Dbl(le.I32(b[8:]))
	m.Turn = int8(b[12])
	m.Deg = Dbl(le.I32(b[13:]))
	return sizeClientTurn, nil
}

// UnmarshalBinary decodes exactly one message from b.
func (m *ClientTurn) UnmarshalBinary(b []byte) error { return unmarshal(m, b) }

// MarshalBinary returns the encoded message.
func (m *ClientTurn) MarshalBinary() ([]byte, error) {
	return m.AppendBinary(make([]byte, 0, m.Size()))
}

// Validate checks the rules of the spec and of the original peers; see
// docs/errata/tfighters.md.
func (m *ClientTurn) Validate() error {
	if !validTurn(m.Turn) {
		return invalid(CodeClientTurn, "turn", 12)
	}
	return nil
}

// ServerTurn is SMSG_TURN <id (u32)> <x (dbl)> <y (dbl)> <turn (s8)>
// <deg (dbl)>: another object's direction update.
type ServerTurn struct {
	ID   uint32 `json:"id"`   // the object
	X    Dbl    `json:"x"`    // position
	Y    Dbl    `json:"y"`    // position
	Turn int8   `json:"turn"` // -4, -2, 0, +2 or +4
	Deg  Dbl    `json:"deg"`  // heading in degrees
}

// layoutServerTurn lists the fields of SMSG_TURN with their offsets, header included.
var layoutServerTurn = [...]Field{
	{"id", "u32", 4},
	{"x", "dbl", 8},
	{"y", "dbl", 12},
	{"turn", "s8", 16},
	{"deg", "dbl", 17},
}

// sizeServerTurn is the length of SMSG_TURN without its strings.
const sizeServerTurn = 21

// Code returns CodeServerTurn.
func (*ServerTurn) Code() Code { return CodeServerTurn }

// Size returns the length of the encoded message, header included.
func (*ServerTurn) Size() int { return sizeServerTurn }

// AppendBinary appends the message, header included, to b.
func (m *ServerTurn) AppendBinary(b []byte) ([]byte, error) {
	b, err := appendHeader(b, CodeServerTurn, m.Size())
	if err != nil {
		return b, err
	}
	b = le.AppendU32(b, m.ID)
	b = le.AppendI32(b, int32(m.X))
	b = le.AppendI32(b, int32(m.Y))
	b = wire.AppendI8(b, m.Turn)
	b = le.AppendI32(b, int32(m.Deg))
	return b, nil
}

// Decode decodes the message at the start of b into m, which it resets,
// and returns its length. The fields must fill the frame exactly.
func (m *ServerTurn) Decode(b []byte) (int, error) {
	*m = ServerTurn{}
	if !isFrame(b, CodeServerTurn, sizeServerTurn) {
		return 0, fixedError(b, CodeServerTurn, layoutServerTurn[:])
	}
	b = b[:sizeServerTurn]
	m.ID = le.U32(b[4:])
	m.X = Dbl(le.I32(b[8:]))
	m.Y = Dbl(le.I32(b[12:]))
	m.Turn = int8(b[16])
	m.Deg = Dbl(le.I32(b[17:]))
	return sizeServerTurn, nil
}

// UnmarshalBinary decodes exactly one message from b.
func (m *ServerTurn) UnmarshalBinary(b []byte) error { return unmarshal(m, b) }

// MarshalBinary returns the encoded message.
func (m *ServerTurn) MarshalBinary() ([]byte, error) {
	return m.AppendBinary(make([]byte, 0, m.Size()))
}

// Validate checks the rules of the spec and of the original peers; see
// docs/errata/tfighters.md.
func (m *ServerTurn) Validate() error {
	if !validTurn(m.Turn) {
		return invalid(CodeServerTurn, "turn", 16)
	}
	return nil
}
