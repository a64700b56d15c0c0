package tfighters

// Hit is SMSG_HIT <victimid (u32)> <evilid (u32)> <newpower (u8)>:
// "victimid has been hit by evilid". The original sends the victim's
// power from before the hit, and the bullet's (never set) id as evilid;
// see docs/errata/tfighters.md.
type Hit struct {
	VictimID uint32 `json:"victimid"` // who was hit
	EvilID   uint32 `json:"evilid"`   // what hit it: the bullet, or 0
	NewPower uint8  `json:"newpower"` // the victim's power
}

// layoutHit lists the fields of SMSG_HIT with their offsets, header included.
var layoutHit = [...]Field{
	{"victimid", "u32", 4},
	{"evilid", "u32", 8},
	{"newpower", "u8", 12},
}

// sizeHit is the length of SMSG_HIT without its strings.
const sizeHit = 13

// Code returns CodeHit.
func (*Hit) Code() Code { return CodeHit }

// Size returns the length of the encoded message, header included.
func (*Hit) Size() int { return sizeHit }

// AppendBinary appends the message, header included, to b.
func (m *Hit) AppendBinary(b []byte) ([]byte, error) {
	b, err := appendHeader(b, CodeHit, m.Size())
	if err != nil {
		return b, err
	}
	b = le.AppendU32(b, m.VictimID)
	b = le.AppendU32(b, m.EvilID)
	b = append(b, m.NewPower)
	return b, nil
}

// Decode decodes the message at the start of b into m, which it resets,
// and returns its length. The fields must fill the frame exactly.
func (m *Hit) Decode(b []byte) (int, error) {
	*m = Hit{}
	if !isFrame(b, CodeHit, sizeHit) {
		return 0, fixedError(b, CodeHit, layoutHit[:])
	}
	b = b[:sizeHit]
	m.VictimID = le.U32(b[4:])
	m.EvilID = le.U32(b[8:])
	m.NewPower = b[12]
	return sizeHit, nil
}

// UnmarshalBinary decodes exactly one message from b.
func (m *Hit) UnmarshalBinary(b []byte) error { return unmarshal(m, b) }

// MarshalBinary returns the encoded message.
func (m *Hit) MarshalBinary() ([]byte, error) { return m.AppendBinary(make([]byte, 0, m.Size())) }

// Validate checks the rules of the spec and of the original peers; see
// docs/errata/tfighters.md.
func (*Hit) Validate() error { return nil }
