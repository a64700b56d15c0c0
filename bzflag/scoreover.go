package bzflag

// Validate checks that Team is a team or NoTeam.
func (m *ScoreOver) Validate() error {
	if !m.Team.Known() {
		return invalid(m.Form(), "teamId")
	}
	return nil
}
