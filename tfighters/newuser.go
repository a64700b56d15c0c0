package tfighters

import "github.com/gamewire/gamewire/wire"

// NewUser is SMSG_NEWUSER: "userlist/new user". On the wire it carries
// one field more than the spec lists: the original sends <id (u32)> <x
// (dbl)> <y (dbl)> <deg (dbl)> <accel (s8)> <alive (u32)> <frags (s16)>
// <pending moves (u32)> <turn (s8)> <type (u8)> <speed (dbl)> <nick
// (str)>, and its client reads them so (see docs/errata/tfighters.md).
type NewUser struct {
	ID           uint32     `json:"id"`           // the object
	X            Dbl        `json:"x"`            // position
	Y            Dbl        `json:"y"`            // position
	Deg          Dbl        `json:"deg"`          // heading in degrees
	Accel        int8       `json:"accel"`        // -1, 0 or +1
	Alive        uint32     `json:"alive"`        // seconds in the game (the original always sends 0)
	Frags        int16      `json:"frags"`        // frags
	PendingMoves uint32     `json:"pendingMoves"` // the original's "move" counter, missing from the spec
	Turn         int8       `json:"turn"`         // -4, -2, 0, +2 or +4
	Type         ObjectType `json:"type"`         // what the object is
	Speed        Dbl        `json:"speed"`        // speed
	Nick         wire.Text  `json:"nick"`         // the nick
}

// layoutNewUser lists the fields of SMSG_NEWUSER with their offsets, header included.
var layoutNewUser = [...]Field{
	{"id", "u32", 4},
	{"x", "dbl", 8},
	{"y", "dbl", 12},
	{"deg", "dbl", 16},
	{"accel", "s8", 20},
	{"alive", "u32", 21},
	{"frags", "s16", 25},
	{"pendingMoves", "u32", 27},
	{"turn", "s8", 31},
	{"type", "u8", 32},
	{"speed", "dbl", 33},
	{"nick", "str", 37},
}

// sizeNewUser is the length of SMSG_NEWUSER without its strings.
const sizeNewUser = 37

// Code returns CodeNewUser.
func (*NewUser) Code() Code { return CodeNewUser }

// Size returns the length of the encoded message, header included.
func (m *NewUser) Size() int { return sizeNewUser + len(m.Nick) + 1 }

// AppendBinary appends the message, header included, to b.
func (m *NewUser) AppendBinary(b []byte) ([]byte, error) {
	if err := checkStr(m.Nick, CodeNewUser, "nick", 37); err != nil {
		return b, err
	}
	b, err := appendHeader(b, CodeNewUser, m.Size())
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
	b = le.AppendU32(b, m.PendingMoves)
	b = wire.AppendI8(b, m.Turn)
	b = append(b, byte(m.Type))
	b = le.AppendI32(b, int32(m.Speed))
	b = wire.AppendCString(b, m.Nick)
	return b, nil
}

// Decode decodes the message at the start of b into m, which it resets,
// and returns its length. The fields must fill the frame exactly.
func (m *NewUser) Decode(b []byte) (int, error) {
	nick := m.Nick[:0]
	*m = NewUser{}
	end, s, ok := strFrame(b, CodeNewUser, sizeNewUser)
	if !ok {
		m.Nick = nick
		return 0, fixedError(b, CodeNewUser, layoutNewUser[:])
	}
	b = b[:sizeNewUser]
	m.ID = le.U32(b[4:])
	m.X = Dbl(le.I32(b[8:]))
	m.Y = Dbl(le.I32(b[12:]))
	m.Deg = Dbl(le.I32(b[16:]))
	m.Accel = int8(b[20])
	m.Alive = le.U32(b[21:])
	m.Frags = le.I16(b[25:])
	m.PendingMoves = le.U32(b[27:])
	m.Turn = int8(b[31])
	m.Type = ObjectType(b[32])
	m.Speed = Dbl(le.I32(b[33:]))
	m.Nick = append(nick, s...)
	return end, nil
}

// UnmarshalBinary decodes exactly one message from b.
func (m *NewUser) UnmarshalBinary(b []byte) error { return unmarshal(m, b) }

// MarshalBinary returns the encoded message.
func (m *NewUser) MarshalBinary() ([]byte, error) { return m.AppendBinary(make([]byte, 0, m.Size())) }

// Validate checks the rules of the spec and of the original peers; see
// docs/errata/tfighters.md.
func (m *NewUser) Validate() error {
	if !validAccel(m.Accel) {
		return invalid(CodeNewUser, "accel", 20)
	}
	if !validTurn(m.Turn) {
		return invalid(CodeNewUser, "turn", 31)
	}
	if m.Type.name() == "" {
		return invalid(CodeNewUser, "type", 32)
	}
	if len(m.Nick) > MaxNickLen {
		return tooLong(CodeNewUser, "nick", 37)
	}
	return nil
}
