package bzflag

// Validate checks that Team is a team.
func (m *TeamUpdate) Validate() error {
	if !m.Team.IsTeam() {
		return invalid(m.Form(), "team")
	}
	return nil
}
