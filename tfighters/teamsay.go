package tfighters

// Validate reports a text over MaxTextLen bytes. The original server
// ignores CMSG_TEAMSAY ("Not implemented yet").
func (m *ClientTeamSay) Validate() error { return textLen(m, "text", m.Text, MaxTextLen) }

// Validate reports a text over MaxTextLen bytes. The original server never
// sends SMSG_TEAMSAY.
func (m *ServerTeamSay) Validate() error { return textLen(m, "text", m.Text, MaxTextLen) }
