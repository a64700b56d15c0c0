package tfighters

// DelObj is SMSG_DELOBJ <id (u32)>: "Object deleted". The original server
// never sends it.
type DelObj struct {
	ID uint32 `json:"id"` // the object
}

// layoutDelObj lists the fields of SMSG_DELOBJ with their offsets, header included.
var layoutDelObj = [...]Field{
	{"id", "u32", 4},
}

// sizeDelObj is the length of SMSG_DELOBJ without its strings.
const sizeDelObj = 8

// Code returns CodeDelObj.
func (*DelObj) Code() Code { return CodeDelObj }

// Size returns the length of the encoded message, header included.
func (*DelObj) Size() int { return sizeDelObj }

// AppendBinary appends the message, header included, to b.
func (m *DelObj) AppendBinary(b []byte) ([]byte, error) {
	b, err := appendHeader(b, CodeDelObj, m.Size())
	if err != nil {
		return b, err
	}
	b = le.AppendU32(b, m.ID)
	return b, nil
}

// Decode decodes the message at the start of b into m, which it resets,
// and returns its length. The fields must fill the frame exactly.
func (m *DelObj) Decode(b []byte) (int, error) {
	*m = DelObj{}
	if !isFrame(b, CodeDelObj, sizeDelObj) {
		return 0, fixedError(b, CodeDelObj, layoutDelObj[:])
	}
	b = b[:sizeDelObj]
	m.ID = le.U32(b[4:])
	return sizeDelObj, nil
}

// UnmarshalBinary decodes exactly one message from b.
func (m *DelObj) UnmarshalBinary(b []byte) error { return unmarshal(m, b) }

// MarshalBinary returns the encoded message.
func (m *DelObj) MarshalBinary() ([]byte, error) { return m.AppendBinary(make([]byte, 0, m.Size())) }

// Validate checks the rules of the spec and of the original peers; see
// docs/errata/tfighters.md.
func (*DelObj) Validate() error { return nil }
