package tfighters

// Validate reports a text over MaxTextLen bytes (the original server's
// buffer; the original ignores CMSG_CMD).
func (m *Cmd) Validate() error { return textLen(m, "text", m.Text, MaxTextLen) }
