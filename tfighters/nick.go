package tfighters

// Validate applies the original server's nick rules (NickProblem): 1 to
// MaxNickLen bytes of letters, digits and - _ [ ] | ^. The server answers
// CMSG_NICK with SMSG_NICKREPLY; the first accepted nick registers the
// client (see Server).
func (m *ClientNick) Validate() error { return checkNick(m, "nick", m.Nick) }

// Validate applies the nick rules to newnick. The spec's "newnick (u32)"
// is a typo: the original sends a str (erratum 6).
func (m *ServerNick) Validate() error { return checkNick(m, "newnick", m.NewNick) }
