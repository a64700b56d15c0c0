package tfighters

// Validate reports a text over MaxTextLen bytes. The original sends
// SMSG_KICK to the player alone before its nick is accepted, to everyone
// after, and also when the player's connection closes ("Read error").
func (m *Kick) Validate() error { return textLen(m, "text", m.Text, MaxTextLen) }
