package bzflag

// Validate checks the spec's rules: a known type, a team (not NoTeam), and
// call sign and email NUL-terminated ASCII padded with NULs.
func (m *Enter) Validate() error {
	switch {
	case !m.Type.Known():
		return invalid(m.Form(), "type")
	case !m.Team.IsTeam():
		return invalid(m.Form(), "team")
	case !checkCString(m.CallSign[:]):
		return invalid(m.Form(), "callSign")
	case !checkCString(m.Email[:]):
		return invalid(m.Form(), "email")
	}
	return nil
}
