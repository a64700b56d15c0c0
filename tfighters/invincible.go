package tfighters

// Invincible is SMSG_INVINCIBLE <id (u32)> <yesno (u8)> <invincibility_t
// (u32)>: "Invincibility update". The original sends it after every
// SMSG_SPAWN and, in the user list, after the SMSG_NEWUSER of each
// invincible object.
type Invincible struct {
	ID             uint32 `json:"id"`             // the object
	YesNo          uint8  `json:"yesno"`          // 1 if invincible, 0 if not
	InvincibilityT uint32 `json:"invincibilityT"` // milliseconds of invincibility left
}

// layoutInvincible lists the fields of SMSG_INVINCIBLE with their offsets, header included.
var layoutInvincible = [...]Field{
	{"id", "u32", 4},
	{"yesno", "u8", 8},
	{"invincibilityT", "u32", 9},
}

// sizeInvincible is the length of SMSG_INVINCIBLE without its strings.
const sizeInvincible = 13

// Code returns CodeInvincible.
func (*Invincible) Code() Code { return CodeInvincible }

// Size returns the length of the encoded message, header included.
func (*Invincible) Size() int { return sizeInvincible }

// AppendBinary appends the message, header included, to b.
func (m *Invincible) AppendBinary(b []byte) ([]byte, error) {
	b, err := appendHeader(b, CodeInvincible, m.Size())
	if err != nil {
		return b, err
	}
	b = le.AppendU32(b, m.ID)
	b = append(b, m.YesNo)
	b = le.AppendU32(b, m.InvincibilityT)
	return b, nil
}

// Decode decodes the message at the start of b into m, which it resets,
// and returns its length. The fields must fill the frame exactly.
func (m *Invincible) Decode(b []byte) (int, error) {
	*m = Invincible{}
	if !isFrame(b, CodeInvincible, sizeInvincible) {
		return 0, fixedError(b, CodeInvincible, layoutInvincible[:])
	}
	b = b[:sizeInvincible]
	m.ID = le.U32(b[4:])
	m.YesNo = b[8]
	m.InvincibilityT = le.U32(b[9:])
	return sizeInvincible, nil
}

// UnmarshalBinary decodes exactly one message from b.
func (m *Invincible) UnmarshalBinary(b []byte) error { return unmarshal(m, b) }

// MarshalBinary returns the encoded message.
func (m *Invincible) MarshalBinary() ([]byte, error) {
	return m.AppendBinary(make([]byte, 0, m.Size()))
}

// Validate checks the rules of the spec and of the original peers; see
// docs/errata/tfighters.md.
func (m *Invincible) Validate() error {
	if m.YesNo > 1 {
		return invalid(CodeInvincible, "yesno", 8)
	}
	return nil
}
