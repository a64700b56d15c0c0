package tfighters

import "github.com/gamewire/gamewire/wire"

// Motd is SMSG_MOTD <text including \n's (str)>: the message of the day.
// The original server never sends it (a TODO where it accepts a client).
type Motd struct {
	Text wire.Text `json:"text"` // the message, lines separated by \n
}

// layoutMotd lists the fields of SMSG_MOTD with their offsets, header included.
var layoutMotd = [...]Field{
	{"text", "str", 4},
}

// sizeMotd is the length of SMSG_MOTD without its strings.
const sizeMotd = 4

// Code returns CodeMotd.
func (*Motd) Code() Code { return CodeMotd }

// Size returns the length of the encoded message, header included.
func (m *Motd) Size() int { return sizeMotd + len(m.Text) + 1 }

// AppendBinary appends the message, header included, to b.
func (m *Motd) AppendBinary(b []byte) ([]byte, error) {
	return appendText(b, CodeMotd, "text", m.Text)
}

// Decode decodes the message at the start of b into m, which it resets,
// and returns its length. The fields must fill the frame exactly.
func (m *Motd) Decode(b []byte) (int, error) {
	return decodeText(b, CodeMotd, "text", &m.Text)
}

// UnmarshalBinary decodes exactly one message from b.
func (m *Motd) UnmarshalBinary(b []byte) error { return unmarshal(m, b) }

// MarshalBinary returns the encoded message.
func (m *Motd) MarshalBinary() ([]byte, error) { return m.AppendBinary(make([]byte, 0, m.Size())) }

// Validate checks the rules of the spec and of the original peers; see
// docs/errata/tfighters.md.
func (m *Motd) Validate() error {
	if len(m.Text) > MaxTextLen {
		return tooLong(CodeMotd, "text", 4)
	}
	return nil
}
