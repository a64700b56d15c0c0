package tfighters

// Validate reports a yesno other than 0 or 1.
func (m *Invincible) Validate() error {
	if m.YesNo > 1 {
		return invalid(m, "yesno")
	}
	return nil
}
