package tfighters

// Validate reports a text over MaxTextLen bytes. The original server never
// sends SMSG_MOTD (a TODO where it accepts a client).
func (m *Motd) Validate() error { return textLen(m, "text", m.Text, MaxTextLen) }
