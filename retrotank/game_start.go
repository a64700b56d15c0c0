package retrotank

// Validate reports nothing: every value of every field is allowed.
func (m *GameStart) Validate() error { return nil }
