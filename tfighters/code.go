package tfighters

import (
	"github.com/gamewire/gamewire/wire"
	"github.com/gamewire/gamewire/wire/codec"
	"github.com/gamewire/gamewire/wire/spec"
)

// Code is a message type code, the spec's "type (u16)" field. Codes below
// 0x8000 travel server->client (SMSG_*), codes from 0x8000 up travel
// client->server (CMSG_*). The Code constants (forms.go) name every code
// of the table.
type Code uint16

// The directions a message travels in.
const (
	// FromServer is server->client (SMSG_*, codes 0x0000-0x7FFF).
	FromServer = wire.FromServer
	// FromClient is client->server (CMSG_*, codes 0x8000-0xFFFF).
	FromClient = wire.FromClient
	// AnyDirection lets Decode and New take the direction from the code's
	// range, which for TFighters always tells it.
	AnyDirection = wire.Both
)

// Codes lists every code of the table, server->client first, in the
// table's order.
var Codes = func() []Code {
	cs := make([]Code, len(forms))
	for i := range forms {
		cs[i] = Code(forms[i].Code)
	}
	return cs
}()

// form returns the table's form of c, or nil for a code the spec does
// not define.
func (c Code) form() *spec.Form { return table.Lookup(uint32(c), c.From()) }

// Known reports whether the spec defines c.
func (c Code) Known() bool { return c.form() != nil }

// From returns the direction a message with code c travels in, by the
// spec's ranges: 0x0000-0x7FFF server->client, 0x8000-0xFFFF
// client->server.
func (c Code) From() wire.Direction {
	if c >= 0x8000 {
		return FromClient
	}
	return FromServer
}

// String returns the spec's name, such as "CMSG_VERSION", or "0x" and four
// hex digits for a code the spec does not define.
func (c Code) String() string {
	if f := c.form(); f != nil {
		return f.Name
	}
	return string(hex4(c))
}

// MarshalText returns the spec's name, or "0x" and four hex digits.
func (c Code) MarshalText() ([]byte, error) {
	if f := c.form(); f != nil {
		return []byte(f.Name), nil
	}
	return hex4(c), nil
}

func hex4(c Code) []byte {
	const digits = "0123456789abcdef"
	return []byte{'0', 'x', digits[c>>12], digits[c>>8&15], digits[c>>4&15], digits[c&15]}
}

// UnmarshalText accepts a spec name ("SMSG_HI") or a number ("0x1234",
// "4660").
func (c *Code) UnmarshalText(t []byte) error {
	if f := table.Form(string(t), 0); f != nil && f.Name == string(t) {
		*c = Code(f.Code)
		return nil
	}
	return codec.ParseNumber(c, t, proto, "code")
}

// CodeOf returns the code of m: its form's, or a Raw's own; 0 for nil.
func CodeOf(m Message) Code {
	if r, ok := m.(*wire.Raw); ok {
		if r == nil {
			return 0
		}
		return Code(r.Code)
	}
	if m == nil || m.Form() == nil {
		return 0
	}
	return Code(m.Form().Code)
}
