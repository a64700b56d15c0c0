package lwar

// Validate checks the seqno (not 0) and that Name is valid UTF-8 of at
// most MaxPlayerNameLength bytes (docs/errata/lwar.md, E3 and E4).
func (m *Connect) Validate() error {
	if err := validSeqno(m.Seqno, m.Form()); err != nil {
		return err
	}
	return validString(m.Name, MaxPlayerNameLength, m.Form(), "name")
}
