package tfighters

import "github.com/gamewire/gamewire/wire"

// ClientSay is CMSG_SAY <text (str)>: "Simple say". The server cuts the
// text at its first byte below 0x20 or above 0x7F, drops it if empty, and
// broadcasts it as SMSG_SAY to everyone, the sender included.
type ClientSay struct {
	Text wire.Text `json:"text"` // what was said
}

// layoutClientSay lists the fields of CMSG_SAY with their offsets, header included.
var layoutClientSay = [...]Field{
	{"text", "str", 4},
}

// sizeClientSay is the length of CMSG_SAY without its strings.
const sizeClientSay = 4

// Code returns CodeClientSay.
func (*ClientSay) Code() Code { return CodeClientSay }

// Size returns the length of the encoded message, header included.
func (m *ClientSay) Size() int { return sizeClientSay + len(m.Text) + 1 }

// AppendBinary appends the message, header included, to b.
func (m *ClientSay) AppendBinary(b []byte) ([]byte, error) {
	return appendText(b, CodeClientSay, "text", m.Text)
}

// Decode decodes the message at the start of b into m, which it resets,
// and returns its length. The fields must fill the frame exactly.
func (m *ClientSay) Decode(b []byte) (int, error) {
	return decodeText(b, CodeClientSay, "text", &m.Text)
}

// UnmarshalBinary decodes exactly one message from b.
func (m *ClientSay) UnmarshalBinary(b []byte) error { return unmarshal(m, b) }

// MarshalBinary returns the encoded message.
func (m *ClientSay) MarshalBinary() ([]byte, error) { return m.AppendBinary(make([]byte, 0, m.Size())) }

// Validate checks the rules of the spec and of the original peers; see
// docs/errata/tfighters.md.
func (m *ClientSay) Validate() error {
	if len(m.Text) > MaxTextLen {
		return tooLong(CodeClientSay, "text", 4)
	}
	return nil
}

// ServerSay is SMSG_SAY <id (u32)> <text (str)>: "Simple say".
type ServerSay struct {
	ID   uint32    `json:"id"`   // who said it
	Text wire.Text `json:"text"` // what was said
}

// layoutServerSay lists the fields of SMSG_SAY with their offsets, header included.
var layoutServerSay = [...]Field{
	{"id", "u32", 4},
	{"text", "str", 8},
}

// sizeServerSay is the length of SMSG_SAY without its strings.
const sizeServerSay = 8

// Code returns CodeServerSay.
func (*ServerSay) Code() Code { return CodeServerSay }

// Size returns the length of the encoded message, header included.
func (m *ServerSay) Size() int { return sizeServerSay + len(m.Text) + 1 }

// AppendBinary appends the message, header included, to b.
func (m *ServerSay) AppendBinary(b []byte) ([]byte, error) {
	return appendIDText(b, CodeServerSay, "text", m.ID, m.Text)
}

// Decode decodes the message at the start of b into m, which it resets,
// and returns its length. The fields must fill the frame exactly.
func (m *ServerSay) Decode(b []byte) (int, error) {
	return decodeIDText(b, CodeServerSay, "text", &m.ID, &m.Text)
}

// UnmarshalBinary decodes exactly one message from b.
func (m *ServerSay) UnmarshalBinary(b []byte) error { return unmarshal(m, b) }

// MarshalBinary returns the encoded message.
func (m *ServerSay) MarshalBinary() ([]byte, error) { return m.AppendBinary(make([]byte, 0, m.Size())) }

// Validate checks the rules of the spec and of the original peers; see
// docs/errata/tfighters.md.
func (m *ServerSay) Validate() error {
	if len(m.Text) > MaxTextLen {
		return tooLong(CodeServerSay, "text", 8)
	}
	return nil
}
