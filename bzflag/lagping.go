package bzflag

// Validate checks that Seq is below LagPingModulus.
func (m *LagPing) Validate() error {
	if m.Seq >= LagPingModulus {
		return invalid(m.Form(), "seqNo")
	}
	return nil
}
