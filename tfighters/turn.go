package tfighters

// Validate reports a turn other than -4, -2, 0, +2 or +4 (the spec's "turn
// can be -4/-2/0/+2/+4").
func (m *ClientTurn) Validate() error { return checkTurn(m, m.Turn) }

// Validate reports a turn other than -4, -2, 0, +2 or +4.
func (m *ServerTurn) Validate() error { return checkTurn(m, m.Turn) }
