package tfighters

// Hi is SMSG_HI <myversion (u32)> <uwid (u32)>: the server's first
// message on a new connection. The original sends version 1
// (SERVER_VERSION) and, as uwid, the socket descriptor, which is the
// player's id from then on.
type Hi struct {
	MyVersion uint32 `json:"myversion"` // the server's version
	UWID      uint32 `json:"uwid"`      // the id the server gave this connection
}

// layoutHi lists the fields of SMSG_HI with their offsets, header included.
var layoutHi = [...]Field{
	{"myversion", "u32", 4},
	{"uwid", "u32", 8},
}

// sizeHi is the length of SMSG_HI without its strings.
const sizeHi = 12

// Code returns CodeHi.
func (*Hi) Code() Code { return CodeHi }

// Size returns the length of the encoded message, header included.
func (*Hi) Size() int { return sizeHi }

// AppendBinary appends the message, header included, to b.
func (m *Hi) AppendBinary(b []byte) ([]byte, error) {
	b, err := appendHeader(b, CodeHi, m.Size())
	if err != nil {
		return b, err
	}
	b = le.AppendU32(b, m.MyVersion)
	b = le.AppendU32(b, m.UWID)
	return b, nil
}

// Decode decodes the message at the start of b into m, which it resets,
// and returns its length. The fields must fill the frame exactly.
func (m *Hi) Decode(b []byte) (int, error) {
	*m = Hi{}
	if !isFrame(b, CodeHi, sizeHi) {
		return 0, fixedError(b, CodeHi, layoutHi[:])
	}
	b = b[:sizeHi]
	m.MyVersion = le.U32(b[4:])
	m.UWID = le.U32(b[8:])
	return sizeHi, nil
}

// UnmarshalBinary decodes exactly one message from b.
func (m *Hi) UnmarshalBinary(b []byte) error { return unmarshal(m, b) }

// MarshalBinary returns the encoded message.
func (m *Hi) MarshalBinary() ([]byte, error) { return m.AppendBinary(make([]byte, 0, m.Size())) }

// Validate checks the rules of the spec and of the original peers; see
// docs/errata/tfighters.md.
func (*Hi) Validate() error { return nil }
