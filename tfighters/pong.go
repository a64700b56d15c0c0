package tfighters

// Pong is CMSG_PONG <servertime (u32)>: the client returns the time of an
// SMSG_PING; the server answers with SMSG_LAG.
type Pong struct {
	ServerTime uint32 `json:"servertime"` // the time from the SMSG_PING, returned as it came (its low 32 bits)
}

// layoutPong lists the fields of CMSG_PONG with their offsets, header included.
var layoutPong = [...]Field{
	{"servertime", "u32", 4},
}

// sizePong is the length of CMSG_PONG without its strings.
const sizePong = 8

// Code returns CodePong.
func (*Pong) Code() Code { return CodePong }

// Size returns the length of the encoded message, header included.
func (*Pong) Size() int { return sizePong }

// AppendBinary appends the message, header included, to b.
func (m *Pong) AppendBinary(b []byte) ([]byte, error) {
	b, err := appendHeader(b, CodePong, m.Size())
	if err != nil {
		return b, err
	}
	b = le.AppendU32(b, m.ServerTime)
	return b, nil
}

// Decode decodes the message at the start of b into m, which it resets,
// and returns its length. The fields must fill the frame exactly.
func (m *Pong) Decode(b []byte) (int, error) {
	*m = Pong{}
	if !isFrame(b, CodePong, sizePong) {
		return 0, fixedError(b, CodePong, layoutPong[:])
	}
	b = b[:sizePong]
	m.ServerTime = le.U32(b[4:])
	return sizePong, nil
}

// UnmarshalBinary decodes exactly one message from b.
func (m *Pong) UnmarshalBinary(b []byte) error { return unmarshal(m, b) }

// MarshalBinary returns the encoded message.
func (m *Pong) MarshalBinary() ([]byte, error) { return m.AppendBinary(make([]byte, 0, m.Size())) }

// Validate checks the rules of the spec and of the original peers; see
// docs/errata/tfighters.md.
func (*Pong) Validate() error { return nil }
