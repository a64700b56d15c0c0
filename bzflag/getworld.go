package bzflag

// Validate checks that Data fits in one frame.
func (m *GetWorldReply) Validate() error {
	if len(m.Data) > MaxWorldChunk {
		return tooLong(m.Form(), "data")
	}
	return nil
}
