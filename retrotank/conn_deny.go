package retrotank

// Validate reports nothing: every value of every field is allowed.
func (m *ConnDeny) Validate() error { return nil }
