package bzflag

// Validate checks that Style holds only the bits GameStyle defines.
func (m *QueryGameReply) Validate() error {
	if m.Style&^KnownGameStyles != 0 {
		return invalid(m.Form(), "gameStyle")
	}
	return nil
}
