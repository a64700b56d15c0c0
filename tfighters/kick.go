package tfighters

import "github.com/gamewire/gamewire/wire"

// Kick is SMSG_KICK <id (u32)> <text (str)>: a player was kicked by the
// server or an admin. The original sends it to the player alone before
// its nick is accepted, to everyone after, and also when the player's
// connection closes ("Read error").
type Kick struct {
	ID   uint32    `json:"id"`   // the player
	Text wire.Text `json:"text"` // the reason
}

// layoutKick lists the fields of SMSG_KICK with their offsets, header included.
var layoutKick = [...]Field{
	{"id", "u32", 4},
	{"text", "str", 8},
}

// sizeKick is the length of SMSG_KICK without its strings.
const sizeKick = 8

// Code returns CodeKick.
func (*Kick) Code() Code { return CodeKick }

// Size returns the length of the encoded message, header included.
func (m *Kick) Size() int { return sizeKick + len(m.Text) + 1 }

// AppendBinary appends the message, header included, to b.
func (m *Kick) AppendBinary(b []byte) ([]byte, error) {
	return appendIDText(b, CodeKick, "text", m.ID, m.Text)
}

// Decode decodes the message at the start of b into m, which it resets,
// and returns its length. The fields must fill the frame exactly.
func (m *Kick) Decode(b []byte) (int, error) {
	return decodeIDText(b, CodeKick, "text", &m.ID, &m.Text)
}

// UnmarshalBinary decodes exactly one message from b.
func (m *Kick) UnmarshalBinary(b []byte) error { return unmarshal(m, b) }

// MarshalBinary returns the encoded message.
func (m *Kick) MarshalBinary() ([]byte, error) { return m.AppendBinary(make([]byte, 0, m.Size())) }

// Validate checks the rules of the spec and of the original peers; see
// docs/errata/tfighters.md.
func (m *Kick) Validate() error {
	if len(m.Text) > MaxTextLen {
		return tooLong(CodeKick, "text", 8)
	}
	return nil
}
