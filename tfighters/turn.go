package tfighters

// Validate reports a turn other than -4, -2, 0, +2 or +4 (the spec's "turn
// can be -4/-2/0/+2/+4").
func (m *ClientTurn) Validate() error {
	if !validTurn(m.Turn) {
		return invalid(m, "turn")
	}
	return nil
}

// Validate reports a turn other than -4, -2, 0, +2 or +4.
func (m *ServerTurn) Validate() error {
	if !validTurn(m.Turn) {
		return invalid(m, "turn")
	}
	return nil
}
