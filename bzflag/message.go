package bzflag

import (
	"bytes"

	"github.com/gamewire/gamewire/wire/spec"
)

// Validate checks that Team is a team and the text is NUL-terminated.
func (m *MessageFromClient) Validate() error {
	return validateMessage(m.Form(), m.Team.IsTeam(), m.Text[:])
}

// Validate checks that Team is a known team value and the text is
// NUL-terminated.
func (m *MessageFromServer) Validate() error {
	return validateMessage(m.Form(), m.Team.Known(), m.Text[:])
}

// validateMessage returns the error of form f (MsgMessage) for a team
// that is not teamOK or a text without its NUL, or nil.
func validateMessage(f *spec.Form, teamOK bool, text []byte) error {
	switch {
	case !teamOK:
		return invalid(f, "team")
	case !hasNUL(text):
		return invalid(f, "message")
	}
	return nil
}

// hasNUL reports whether b holds a NUL byte.
func hasNUL(b []byte) bool { return bytes.IndexByte(b, 0) >= 0 }
