package paintball

// Validate checks nothing: the packet has no payload.
func (m *GameDumpRequest) Validate() error { return nil }
