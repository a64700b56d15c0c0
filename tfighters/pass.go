package tfighters

import "github.com/gamewire/gamewire/wire"

// Pass is CMSG_PASS <pass (str)>.
//
// The original server never handles it: before the nick is accepted it
// kicks the client for it ("Packet error/not registered"), afterwards it
// ignores it.
type Pass struct {
	Pass wire.Text `json:"pass"` // the password
}

// layoutPass lists the fields of CMSG_PASS with their offsets, header included.
var layoutPass = [...]Field{
	{"pass", "str", 4},
}

// sizePass is the length of CMSG_PASS without its strings.
const sizePass = 4

// Code returns CodePass.
func (*Pass) Code() Code { return CodePass }

// Size returns the length of the encoded message, header included.
func (m *Pass) Size() int { return sizePass + len(m.Pass) + 1 }

// AppendBinary appends the message, header included, to b.
func (m *Pass) AppendBinary(b []byte) ([]byte, error) {
	return appendText(b, CodePass, "pass", m.Pass)
}

// Decode decodes the message at the start of b into m, which it resets,
// and returns its length. The fields must fill the frame exactly.
func (m *Pass) Decode(b []byte) (int, error) {
	return decodeText(b, CodePass, "pass", &m.Pass)
}

// UnmarshalBinary decodes exactly one message from b.
func (m *Pass) UnmarshalBinary(b []byte) error { return unmarshal(m, b) }

// MarshalBinary returns the encoded message.
func (m *Pass) MarshalBinary() ([]byte, error) { return m.AppendBinary(make([]byte, 0, m.Size())) }

// Validate checks the rules of the spec and of the original peers; see
// docs/errata/tfighters.md.
func (m *Pass) Validate() error {
	if len(m.Pass) > MaxTextLen {
		return tooLong(CodePass, "pass", 4)
	}
	return nil
}
