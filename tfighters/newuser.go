package tfighters

// Validate reports an accel, turn or type out of range, or a nick over
// MaxNickLen bytes. On the wire SMSG_NEWUSER carries one field more than
// the spec lists, pendingMoves, and the original client reads it so
// (erratum 5).
func (m *NewUser) Validate() error {
	switch {
	case !validAccel(m.Accel):
		return invalid(m, "accel")
	case !validTurn(m.Turn):
		return invalid(m, "turn")
	case m.Type.name() == "":
		return invalid(m, "type")
	case len(m.Nick) > MaxNickLen:
		return tooLong(m, "nick")
	}
	return nil
}
