package tfighters

// Validate reports an accel other than -1, 0 or +1 (the spec's "accel can
// be -1/0/+1").
func (m *ClientAccel) Validate() error { return checkAccel(m, m.Accel) }

// Validate reports an accel other than -1, 0 or +1.
func (m *ServerAccel) Validate() error { return checkAccel(m, m.Accel) }
