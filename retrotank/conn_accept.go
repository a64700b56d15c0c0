package retrotank

// Validate reports nothing: every value of every field is allowed.
func (m *ConnAccept) Validate() error { return nil }
