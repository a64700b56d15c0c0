package bzflag

// Validate checks that Team is a team.
func (m *CaptureFlagFromClient) Validate() error {
	if !m.Team.IsTeam() {
		return invalid(m.Form(), "teamId")
	}
	return nil
}

// Validate checks that Team is a team.
func (m *CaptureFlagFromServer) Validate() error {
	if !m.Team.IsTeam() {
		return invalid(m.Form(), "teamId")
	}
	return nil
}
