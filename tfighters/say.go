package tfighters

// Validate reports a text over MaxTextLen bytes. The server cuts the text
// at its first byte below 0x20 or above 0x7F, drops it if empty, and
// broadcasts it as SMSG_SAY to everyone, the sender included (erratum
// 23).
func (m *ClientSay) Validate() error { return textLen(m, "text", m.Text, MaxTextLen) }

// Validate reports a text over MaxTextLen bytes.
func (m *ServerSay) Validate() error { return textLen(m, "text", m.Text, MaxTextLen) }
