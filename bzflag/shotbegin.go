package bzflag

// Validate checks that FlagType is a flag 1.7 knows.
func (m *ShotBegin) Validate() error {
	if !m.FlagType.Known() {
		return invalid(m.Form(), "flagType")
	}
	return nil
}
