package lwar

import "github.com/gamewire/gamewire/wire"

// Chat is the spec's "Chat" message (id 5, reliable, client and server):
// broadcasts the chat message to all clients.
type Chat struct {
	Seqno    uint32 `json:"seqno"`    // "seqno": the sequence number of the reliable message header
	PlayerID ID     `json:"playerId"` // "playerId": the player that generated the chat message
	// Msg is "msg", the UTF-8 chat message (not NUL-terminated) after its
	// uint8 "len". Decode copies it into Msg's own storage. Its JSON key
	// is "message", because "msg" names the message type in gamewire's
	// JSON lines.
	Msg wire.Text `json:"message"`
}

// Form returns the message's entry in the table.
func (*Chat) Form() *wire.Form { return &forms[4] }

// Size returns the encoded length: 10 bytes plus the string.
func (m *Chat) Size() int { return ReliableHeaderSize + IDSize + 1 + len(m.Msg) }

// AppendBinary appends the encoded message. A msg longer than 255 bytes
// cannot be encoded (wire.ErrTooLong).
func (m *Chat) AppendBinary(b []byte) ([]byte, error) {
	if len(m.Msg) > 255 {
		return b, m.Form().Err("message", wire.ErrTooLong)
	}
	b = appendID(appendReliableHeader(b, TypeChat, m.Seqno), m.PlayerID)
	return appendString(b, m.Msg), nil
}

// MarshalBinary returns the encoded message.
func (m *Chat) MarshalBinary() ([]byte, error) { return m.AppendBinary(make([]byte, 0, m.Size())) }

// Decode decodes the message at the start of b.
func (m *Chat) Decode(b []byte) (int, error) {
	*m = Chat{Msg: m.Msg[:0]}
	if off, err := begin(b, m.Form(), ReliableHeaderSize+IDSize); err != nil {
		return off, err
	}
	s, n, err := readString(b, 9, m.Form(), "message", m.Msg)
	if err != nil {
		return n, err
	}
	m.Seqno, m.PlayerID, m.Msg = be.U32(b[1:]), readID(b[5:]), s
	return n, nil
}

// UnmarshalBinary decodes a message that is all of b.
func (m *Chat) UnmarshalBinary(b []byte) error { return unmarshal(m, b) }

// Validate checks the seqno and that Msg is valid UTF-8 of at most
// MaxChatMessageLength bytes.
func (m *Chat) Validate() error {
	if err := validSeqno(m.Seqno, m.Form()); err != nil {
		return err
	}
	return validString(m.Msg, MaxChatMessageLength, m.Form(), "message")
}
