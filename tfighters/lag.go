package tfighters

// Lag is SMSG_LAG <diff (s32)>: the server's answer to each CMSG_PONG, the
// one-way lag in milliseconds: (servertime - pong)/2, rounded half up. The
// original kicks a client whose lag comes out negative.
type Lag struct {
	Diff int32 `json:"diff"` // the one-way lag in milliseconds
}

// layoutLag lists the fields of SMSG_LAG with their offsets, header included.
var layoutLag = [...]Field{
	{"diff", "s32", 4},
}

// sizeLag is the length of SMSG_LAG without its strings.
const sizeLag = 8

// Code returns CodeLag.
func (*Lag) Code() Code { return CodeLag }

// Size returns the length of the encoded message, header included.
func (*Lag) Size() int { return sizeLag }

// AppendBinary appends the message, header included, to b.
func (m *Lag) AppendBinary(b []byte) ([]byte, error) {
	b, err := appendHeader(b, CodeLag, m.Size())
	if err != nil {
		return b, err
	}
	b = le.AppendI32(b, m.Diff)
	return b, nil
}

// Decode decodes the message at the start of b into m, which it resets,
// and returns its length. The fields must fill the frame exactly.
func (m *Lag) Decode(b []byte) (int, error) {
	*m = Lag{}
	if !isFrame(b, CodeLag, sizeLag) {
		return 0, fixedError(b, CodeLag, layoutLag[:])
	}
	b = b[:sizeLag]
	m.Diff = le.I32(b[4:])
	return sizeLag, nil
}

// UnmarshalBinary decodes exactly one message from b.
func (m *Lag) UnmarshalBinary(b []byte) error { return unmarshal(m, b) }

// MarshalBinary returns the encoded message.
func (m *Lag) MarshalBinary() ([]byte, error) { return m.AppendBinary(make([]byte, 0, m.Size())) }

// Validate checks the rules of the spec and of the original peers; see
// docs/errata/tfighters.md.
func (*Lag) Validate() error { return nil }
