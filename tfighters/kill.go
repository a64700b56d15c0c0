package tfighters

// Validate reports a killtxt over MaxTextLen bytes. The original sends the
// shooter's id as evilid and always an empty killtxt (erratum 14).
func (m *Kill) Validate() error { return textLen(m, "killtxt", m.KillTxt, MaxTextLen) }
