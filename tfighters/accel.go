package tfighters

// Validate reports an accel other than -1, 0 or +1 (the spec's "accel can
// be -1/0/+1").
func (m *ClientAccel) Validate() error {
	if !validAccel(m.Accel) {
		return invalid(m, "accel")
	}
	return nil
}

// Validate reports an accel other than -1, 0 or +1.
func (m *ServerAccel) Validate() error {
	if !validAccel(m.Accel) {
		return invalid(m, "accel")
	}
	return nil
}
