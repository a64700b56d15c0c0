package retrotank

// Validate reports nothing: every value of every field is allowed.
func (m *PlayerSpawn) Validate() error { return nil }
