package tfighters

import "github.com/gamewire/gamewire/wire"

// ClientNick is CMSG_NICK <nick (str)>: the nick the client wants. The
// server answers with SMSG_NICKREPLY; the first accepted nick registers
// the client (see Server).
type ClientNick struct {
	Nick wire.Text `json:"nick"` // the nick; Validate applies the original server's rules
}

// layoutClientNick lists the fields of CMSG_NICK with their offsets, header included.
var layoutClientNick = [...]Field{
	{"nick", "str", 4},
}

// sizeClientNick is the length of CMSG_NICK without its strings.
const sizeClientNick = 4

// Code returns CodeClientNick.
func (*ClientNick) Code() Code { return CodeClientNick }

// Size returns the length of the encoded message, header included.
func (m *ClientNick) Size() int { return sizeClientNick + len(m.Nick) + 1 }

// AppendBinary appends the message, header included, to b.
func (m *ClientNick) AppendBinary(b []byte) ([]byte, error) {
	return appendText(b, CodeClientNick, "nick", m.Nick)
}

// Decode decodes the message at the start of b into m, which it resets,
// and returns its length. The fields must fill the frame exactly.
func (m *ClientNick) Decode(b []byte) (int, error) {
	return decodeText(b, CodeClientNick, "nick", &m.Nick)
}

// UnmarshalBinary decodes exactly one message from b.
func (m *ClientNick) UnmarshalBinary(b []byte) error { return unmarshal(m, b) }

// MarshalBinary returns the encoded message.
func (m *ClientNick) MarshalBinary() ([]byte, error) {
	return m.AppendBinary(make([]byte, 0, m.Size()))
}

// Validate checks the rules of the spec and of the original peers; see
// docs/errata/tfighters.md.
func (m *ClientNick) Validate() error {
	if err := checkNick(m.Nick, CodeClientNick, "nick", 4); err != nil {
		return err
	}
	return nil
}

// ServerNick is SMSG_NICK <id (u32)> <newnick (u32)>: a player changed
// nick. The spec's "newnick (u32)" is a typo: the original sends a str
// (see docs/errata/tfighters.md).
type ServerNick struct {
	ID      uint32    `json:"id"`      // the player
	NewNick wire.Text `json:"newnick"` // the new nick
}

// layoutServerNick lists the fields of SMSG_NICK with their offsets, header included.
var layoutServerNick = [...]Field{
	{"id", "u32", 4},
	{"newnick", "str", 8},
}

// sizeServerNick is the length of SMSG_NICK without its strings.
const sizeServerNick = 8

// Code returns CodeServerNick.
func (*ServerNick) Code() Code { return CodeServerNick }

// Size returns the length of the encoded message, header included.
func (m *ServerNick) Size() int { return sizeServerNick + len(m.NewNick) + 1 }

// AppendBinary appends the message, header included, to b.
func (m *ServerNick) AppendBinary(b []byte) ([]byte, error) {
	return appendIDText(b, CodeServerNick, "newnick", m.ID, m.NewNick)
}

// Decode decodes the message at the start of b into m, which it resets,
// and returns its length. The fields must fill the frame exactly.
func (m *ServerNick) Decode(b []byte) (int, error) {
	return decodeIDText(b, CodeServerNick, "newnick", &m.ID, &m.NewNick)
}

// UnmarshalBinary decodes exactly one message from b.
func (m *ServerNick) UnmarshalBinary(b []byte) error { return unmarshal(m, b) }

// MarshalBinary returns the encoded message.
func (m *ServerNick) MarshalBinary() ([]byte, error) {
	return m.AppendBinary(make([]byte, 0, m.Size()))
}

// Validate checks the rules of the spec and of the original peers; see
// docs/errata/tfighters.md.
func (m *ServerNick) Validate() error {
	if err := checkNick(m.NewNick, CodeServerNick, "newnick", 8); err != nil {
		return err
	}
	return nil
}
