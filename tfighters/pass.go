package tfighters

// Validate reports a pass over MaxTextLen bytes. The original server never
// handles CMSG_PASS: before the nick is accepted it kicks the client for
// it ("Packet error/not registered"), afterwards it ignores it.
func (m *Pass) Validate() error { return textLen(m, "pass", m.Pass, MaxTextLen) }
