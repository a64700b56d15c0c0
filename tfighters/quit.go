package tfighters

import "github.com/gamewire/gamewire/wire"

// Quit is SMSG_QUIT <id (u32)> <text (str)>: a player left. The original
// sends it only when writing to that player failed; a player whose
// connection closes is announced with SMSG_KICK "Read error".
type Quit struct {
	ID   uint32    `json:"id"`   // the player
	Text wire.Text `json:"text"` // the reason
}

// layoutQuit lists the fields of SMSG_QUIT with their offsets, header included.
var layoutQuit = [...]Field{
	{"id", "u32", 4},
	{"text", "str", 8},
}

// sizeQuit is the length of SMSG_QUIT without its strings.
const sizeQuit = 8

// Code returns CodeQuit.
func (*Quit) Code() Code { return CodeQuit }

// Size returns the length of the encoded message, header included.
func (m *Quit) Size() int { return sizeQuit + len(m.Text) + 1 }

// AppendBinary appends the message, header included, to b.
func (m *Quit) AppendBinary(b []byte) ([]byte, error) {
	return appendIDText(b, CodeQuit, "text", m.ID, m.Text)
}

// Decode decodes the message at the start of b into m, which it resets,
// and returns its length. The fields must fill the frame exactly.
func (m *Quit) Decode(b []byte) (int, error) {
	return decodeIDText(b, CodeQuit, "text", &m.ID, &m.Text)
}

// UnmarshalBinary decodes exactly one message from b.
func (m *Quit) UnmarshalBinary(b []byte) error { return unmarshal(m, b) }

// MarshalBinary returns the encoded message.
func (m *Quit) MarshalBinary() ([]byte, error) { return m.AppendBinary(make([]byte, 0, m.Size())) }

// Validate checks the rules of the spec and of the original peers; see
// docs/errata/tfighters.md.
func (m *Quit) Validate() error {
	if len(m.Text) > MaxTextLen {
		return tooLong(CodeQuit, "text", 8)
	}
	return nil
}
