package tfighters

import "github.com/gamewire/gamewire/wire"

// NickReply is SMSG_NICKREPLY <goodorbad (u8)> <text (str)>: the answer to
// CMSG_NICK. The original sends 0 and "Ok" for an accepted nick, 1 and
// the reason for a rejected one: the spec has the values the other way
// round and an empty text on success (see docs/errata/tfighters.md).
type NickReply struct {
	GoodOrBad NickResult `json:"goodorbad"` // accepted or rejected
	Text      wire.Text  `json:"text"`      // "Ok", or why the nick was rejected
}

// layoutNickReply lists the fields of SMSG_NICKREPLY with their offsets, header included.
var layoutNickReply = [...]Field{
	{"goodorbad", "u8", 4},
	{"text", "str", 5},
}

// sizeNickReply is the length of SMSG_NICKREPLY without its strings.
const sizeNickReply = 5

// Code returns CodeNickReply.
func (*NickReply) Code() Code { return CodeNickReply }

// Size returns the length of the encoded message, header included.
func (m *NickReply) Size() int { return sizeNickReply + len(m.Text) + 1 }

// AppendBinary appends the message, header included, to b.
func (m *NickReply) AppendBinary(b []byte) ([]byte, error) {
	if err := checkStr(m.Text, CodeNickReply, "text", 5); err != nil {
		return b, err
	}
	b, err := appendHeader(b, CodeNickReply, m.Size())
	if err != nil {
		return b, err
	}
	b = append(b, byte(m.GoodOrBad))
	b = wire.AppendCString(b, m.Text)
	return b, nil
}

// Decode decodes the message at the start of b into m, which it resets,
// and returns its length. The fields must fill the frame exactly.
func (m *NickReply) Decode(b []byte) (int, error) {
	text := m.Text[:0]
	*m = NickReply{}
	end, s, ok := strFrame(b, CodeNickReply, sizeNickReply)
	if !ok {
		m.Text = text
		return 0, fixedError(b, CodeNickReply, layoutNickReply[:])
	}
	b = b[:sizeNickReply]
	m.GoodOrBad = NickResult(b[4])
	m.Text = append(text, s...)
	return end, nil
}

// UnmarshalBinary decodes exactly one message from b.
func (m *NickReply) UnmarshalBinary(b []byte) error { return unmarshal(m, b) }

// MarshalBinary returns the encoded message.
func (m *NickReply) MarshalBinary() ([]byte, error) { return m.AppendBinary(make([]byte, 0, m.Size())) }

// Validate checks the rules of the spec and of the original peers; see
// docs/errata/tfighters.md.
func (m *NickReply) Validate() error {
	if m.GoodOrBad.name() == "" {
		return invalid(CodeNickReply, "goodorbad", 4)
	}
	if len(m.Text) > MaxReplyLen {
		return tooLong(CodeNickReply, "text", 5)
	}
	return nil
}
