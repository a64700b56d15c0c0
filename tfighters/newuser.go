package tfighters

// Validate reports an accel, turn or type out of range, or a nick over
// MaxNickLen bytes. On the wire SMSG_NEWUSER carries one field more than
// the spec lists, pendingMoves, and the original client reads it so
// (erratum 5).
func (m *NewUser) Validate() error {
	if err := checkMotion(m, m.Accel, m.Turn, m.Type); err != nil {
		return err
	}
	if len(m.Nick) > MaxNickLen {
		return tooLong(m, "nick")
	}
	return nil
}
