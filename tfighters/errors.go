package tfighters

import "strconv"

// proto names the protocol in errors.
const proto = "tfighters"

// textError reports text (from JSON) that names no value of a type.
type textError struct{ what, text string }

// Error says which text was refused.
func (e *textError) Error() string {
	return proto + ": invalid " + e.what + " " + strconv.Quote(e.text)
}
