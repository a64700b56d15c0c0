package tfighters

// Validate reports a text over MaxTextLen bytes. The original sends
// SMSG_QUIT only when writing to that player failed; a player whose
// connection closes is announced with SMSG_KICK "Read error" (erratum 12).
func (m *Quit) Validate() error { return textLen(m, "text", m.Text, MaxTextLen) }
