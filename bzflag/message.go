package bzflag

// Validate checks that Team is a team and the text is NUL-terminated.
func (m *MessageFromClient) Validate() error {
	switch {
	case !m.Team.IsTeam():
		return invalid(m.Form(), "team")
	case !hasNUL(m.Text[:]):
		return invalid(m.Form(), "message")
	}
	return nil
}

// Validate checks that Team is a known team value and the text is
// NUL-terminated.
func (m *MessageFromServer) Validate() error {
	switch {
	case !m.Team.Known():
		return invalid(m.Form(), "team")
	case !hasNUL(m.Text[:]):
		return invalid(m.Form(), "message")
	}
	return nil
}

// hasNUL reports whether b holds a NUL byte.
func hasNUL(b []byte) bool {
	for _, c := range b {
		if c == 0 {
			return true
		}
	}
	return false
}
