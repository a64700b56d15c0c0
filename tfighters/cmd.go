package tfighters

import "github.com/gamewire/gamewire/wire"

// Cmd is CMSG_CMD <text (str)>: 'Command, like "addbot"'. The original
// server reads it and does nothing with it.
type Cmd struct {
	Text wire.Text `json:"text"` // the command
}

// layoutCmd lists the fields of CMSG_CMD with their offsets, header included.
var layoutCmd = [...]Field{
	{"text", "str", 4},
}

// sizeCmd is the length of CMSG_CMD without its strings.
const sizeCmd = 4

// Code returns CodeCmd.
func (*Cmd) Code() Code { return CodeCmd }

// Size returns the length of the encoded message, header included.
func (m *Cmd) Size() int { return sizeCmd + len(m.Text) + 1 }

// AppendBinary appends the message, header included, to b.
func (m *Cmd) AppendBinary(b []byte) ([]byte, error) {
	return appendText(b, CodeCmd, "text", m.Text)
}

// Decode decodes the message at the start of b into m, which it resets,
// and returns its length. The fields must fill the frame exactly.
func (m *Cmd) Decode(b []byte) (int, error) {
	return decodeText(b, CodeCmd, "text", &m.Text)
}

// UnmarshalBinary decodes exactly one message from b.
func (m *Cmd) UnmarshalBinary(b []byte) error { return unmarshal(m, b) }

// MarshalBinary returns the encoded message.
func (m *Cmd) MarshalBinary() ([]byte, error) { return m.AppendBinary(make([]byte, 0, m.Size())) }

// Validate checks the rules of the spec and of the original peers; see
// docs/errata/tfighters.md.
func (m *Cmd) Validate() error {
	if len(m.Text) > MaxTextLen {
		return tooLong(CodeCmd, "text", 4)
	}
	return nil
}
