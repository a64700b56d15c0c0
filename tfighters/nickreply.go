package tfighters

// Validate reports a goodorbad other than 0 (accepted) or 1 (rejected),
// the original's values, the other way round from the spec's (erratum 7),
// or a text over MaxReplyLen bytes.
func (m *NickReply) Validate() error {
	if !m.GoodOrBad.known() {
		return invalid(m, "goodorbad")
	}
	return textLen(m, "text", m.Text, MaxReplyLen)
}
