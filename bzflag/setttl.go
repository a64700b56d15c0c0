package bzflag

// Validate checks that TTL is at most MaximumTTL.
func (m *SetTTL) Validate() error {
	if m.TTL > MaximumTTL {
		return invalid(m.Form(), "newTtl")
	}
	return nil
}
