package bzflag

// Validate checks that NumTeams is NumTeams.
func (m *QueryPlayersReply) Validate() error {
	if m.NumTeams != NumTeams {
		return invalid(m.Form(), "numTeams")
	}
	return nil
}
