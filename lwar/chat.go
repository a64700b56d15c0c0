package lwar

// Validate checks the seqno (not 0) and that Msg is valid UTF-8 of at most
// MaxChatMessageLength bytes (docs/errata/lwar.md, E3 and E4).
func (m *Chat) Validate() error {
	if err := validSeqno(m.Seqno, m.Form()); err != nil {
		return err
	}
	return validString(m.Msg, MaxChatMessageLength, m.Form(), "message")
}
