package bzflag

// Validate checks that Status holds only the bits PlayerStatus defines.
func (m *PlayerUpdate) Validate() error {
	if m.Status&^StatusKnown != 0 {
		return invalid(m.Form(), "status")
	}
	return nil
}
