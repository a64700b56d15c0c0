package bzflag

// Validate checks that Reason is 0 or 1.
func (m *ShotEnd) Validate() error {
	if m.Reason > 1 {
		return invalid(m.Form(), "reason")
	}
	return nil
}
