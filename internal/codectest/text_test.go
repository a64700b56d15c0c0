package codectest

import "testing"

// oddText is an enum whose odd values do not read back.
type oddText uint8

func (o oddText) MarshalText() ([]byte, error) { return []byte{byte(o)}, nil }
func (o *oddText) UnmarshalText(b []byte) error {
	*o = oddText(b[0] &^ 1)
	return nil
}

func TestCheckText(t *testing.T) {
	var r recorder
	CheckText(&r, oddText(0))
	r.match(t, "")
	CheckText(&r, oddText(255))
	r.match(t, `codectest.oddText 1 -> "\\x01", <nil> -> 0`)
}
