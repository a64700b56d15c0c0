package tfighters

import "github.com/gamewire/gamewire/wire"

// ClientTeamSay is CMSG_TEAMSAY <text (str)>: "Teamsay". The original
// server ignores it ("Not implemented yet").
type ClientTeamSay struct {
	Text wire.Text `json:"text"` // what was said
}

// layoutClientTeamSay lists the fields of CMSG_TEAMSAY with their offsets, header included.
var layoutClientTeamSay = [...]Field{
	{"text", "str", 4},
}

// sizeClientTeamSay is the length of CMSG_TEAMSAY without its strings.
const sizeClientTeamSay = 4

// Code returns CodeClientTeamSay.
func (*ClientTeamSay) Code() Code { return CodeClientTeamSay }

// Size returns the length of the encoded message, header included.
func (m *ClientTeamSay) Size() int { return sizeClientTeamSay + len(m.Text) + 1 }

// AppendBinary appends the message, header included, to b.
func (m *ClientTeamSay) AppendBinary(b []byte) ([]byte, error) {
	return appendText(b, CodeClientTeamSay, "text", m.Text)
}

// Decode decodes the message at the start of b into m, which it resets,
// and returns its length. The fields must fill the frame exactly.
func (m *ClientTeamSay) Decode(b []byte) (int, error) {
	return decodeText(b, CodeClientTeamSay, "text", &m.Text)
}

// UnmarshalBinary decodes exactly one message from b.
func (m *ClientTeamSay) UnmarshalBinary(b []byte) error { return unmarshal(m, b) }

// MarshalBinary returns the encoded message.
func (m *ClientTeamSay) MarshalBinary() ([]byte, error) {
	return m.AppendBinary(make([]byte, 0, m.Size()))
}

// Validate checks the rules of the spec and of the original peers; see
// docs/errata/tfighters.md.
func (m *ClientTeamSay) Validate() error {
	if len(m.Text) > MaxTextLen {
		return tooLong(CodeClientTeamSay, "text", 4)
	}
	return nil
}

// ServerTeamSay is SMSG_TEAMSAY <id (u32)> <text (str)>: "Teamsay". The
// original server never sends it.
type ServerTeamSay struct {
	ID   uint32    `json:"id"`   // who said it
	Text wire.Text `json:"text"` // what was said
}

// layoutServerTeamSay lists the fields of SMSG_TEAMSAY with their offsets, header included.
var layoutServerTeamSay = [...]Field{
	{"id", "u32", 4},
	{"text", "str", 8},
}

// sizeServerTeamSay is the length of SMSG_TEAMSAY without its strings.
const sizeServerTeamSay = 8

// Code returns CodeServerTeamSay.
func (*ServerTeamSay) Code() Code { return CodeServerTeamSay }

// Size returns the length of the encoded message, header included.
func (m *ServerTeamSay) Size() int { return sizeServerTeamSay + len(m.Text) + 1 }

// AppendBinary appends the message, header included, to b.
func (m *ServerTeamSay) AppendBinary(b []byte) ([]byte, error) {
	return appendIDText(b, CodeServerTeamSay, "text", m.ID, m.Text)
}

// Decode decodes the message at the start of b into m, which it resets,
// and returns its length. The fields must fill the frame exactly.
func (m *ServerTeamSay) Decode(b []byte) (int, error) {
	return decodeIDText(b, CodeServerTeamSay, "text", &m.ID, &m.Text)
}

// UnmarshalBinary decodes exactly one message from b.
func (m *ServerTeamSay) UnmarshalBinary(b []byte) error { return unmarshal(m, b) }

// MarshalBinary returns the encoded message.
func (m *ServerTeamSay) MarshalBinary() ([]byte, error) {
	return m.AppendBinary(make([]byte, 0, m.Size()))
}

// Validate checks the rules of the spec and of the original peers; see
// docs/errata/tfighters.md.
func (m *ServerTeamSay) Validate() error {
	if len(m.Text) > MaxTextLen {
		return tooLong(CodeServerTeamSay, "text", 8)
	}
	return nil
}
