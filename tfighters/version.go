package tfighters

// Version is CMSG_VERSION <myversion (u32)>: the client's version, its
// first message, sent after SMSG_HI.
//
// The original client sends 1 (CLIENT_VERSION); the server kicks a client
// older than its MIN_CLIENT_VERSION (0) and sends no reply.
type Version struct {
	MyVersion uint32 `json:"myversion"` // the client's version
}

// layoutVersion lists the fields of CMSG_VERSION with their offsets, header included.
var layoutVersion = [...]Field{
	{"myversion", "u32", 4},
}

// sizeVersion is the length of CMSG_VERSION without its strings.
const sizeVersion = 8

// Code returns CodeVersion.
func (*Version) Code() Code { return CodeVersion }

// Size returns the length of the encoded message, header included.
func (*Version) Size() int { return sizeVersion }

// AppendBinary appends the message, header included, to b.
func (m *Version) AppendBinary(b []byte) ([]byte, error) {
	b, err := appendHeader(b, CodeVersion, m.Size())
	if err != nil {
		return b, err
	}
	b = le.AppendU32(b, m.MyVersion)
	return b, nil
}

// Decode decodes the message at the start of b into m, which it resets,
// and returns its length. The fields must fill the frame exactly.
func (m *Version) Decode(b []byte) (int, error) {
	*m = Version{}
	if !isFrame(b, CodeVersion, sizeVersion) {
		return 0, fixedError(b, CodeVersion, layoutVersion[:])
	}
	b = b[:sizeVersion]
	m.MyVersion = le.U32(b[4:])
	return sizeVersion, nil
}

// UnmarshalBinary decodes exactly one message from b.
func (m *Version) UnmarshalBinary(b []byte) error { return unmarshal(m, b) }

// MarshalBinary returns the encoded message.
func (m *Version) MarshalBinary() ([]byte, error) { return m.AppendBinary(make([]byte, 0, m.Size())) }

// Validate checks the rules of the spec and of the original peers; see
// docs/errata/tfighters.md.
func (*Version) Validate() error { return nil }
