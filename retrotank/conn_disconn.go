package retrotank

// Validate reports nothing: every value of every field is allowed.
func (m *ConnDisconn) Validate() error { return nil }
