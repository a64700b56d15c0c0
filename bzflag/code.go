package bzflag

import (
	"strconv"

	"github.com/gamewire/gamewire/wire/spec"
)

// Code is a message code: the second uint16 of every frame. The values are
// two ASCII letters, as in BZFlag 1.7's include/Protocol.h.
type Code uint16

// codeNames names the codes of 1.7 that have no form in the table (the
// names of the others are the table's), and gives MsgTimeLeft its 1.7
// name, MsgTimeUpdate, which UnmarshalText accepts too (String and Known
// find its form first).
var codeNames = [...]struct {
	code Code
	name string
}{
	{CodeNull, "MsgNull"},
	{CodeAudio, "MsgAudio"},
	{CodeUDPLinkUpdate, "MsgUDPLinkUpdate"},
	{CodeServerControl, "MsgServerControl"},
	{CodeVideo, "MsgVideo"},
	{CodeTimeUpdate, "MsgTimeUpdate"},
}

// form returns a form of code c from either side, or nil.
func (c Code) form() *spec.Form {
	if f := table.Lookup(uint32(c), FromClient); f != nil {
		return f
	}
	return table.Lookup(uint32(c), FromServer)
}

// name returns the spec's name of the code, the table's (or that of
// codeNames for a code without a form), or "" for a code 1.7 does not
// define.
func (c Code) name() string {
	if f := c.form(); f != nil {
		return f.Name
	}
	for _, e := range &codeNames {
		if e.code == c {
			return e.name
		}
	}
	return ""
}

// String returns the spec's name of the code ("MsgEnter"), or "0x" and
// four hexadecimal digits for a code 1.7 does not define.
func (c Code) String() string {
	if n := c.name(); n != "" {
		return n
	}
	b := []byte("0x0000")
	const digits = "0123456789abcdef"
	for i := 0; i < 4; i++ {
		b[5-i] = digits[(c>>(4*uint(i)))&15]
	}
	return string(b)
}

// Known reports whether c is a code BZFlag 1.7 defines.
func (c Code) Known() bool { return c.name() != "" }

// MarshalText returns the String form.
func (c Code) MarshalText() ([]byte, error) { return []byte(c.String()), nil }

// UnmarshalText accepts a spec name ("MsgEnter"; "MsgTimeUpdate" too), or
// a number (decimal, or hexadecimal with 0x).
func (c *Code) UnmarshalText(t []byte) error {
	if f := table.Form(string(t), 0); f != nil && f.Name == string(t) {
		*c = Code(f.Code)
		return nil
	}
	for _, e := range &codeNames {
		if string(t) == e.name {
			*c = e.code
			return nil
		}
	}
	v, err := strconv.ParseUint(string(t), 0, 16)
	if err != nil {
		return errInvalidText
	}
	*c = Code(v)
	return nil
}
