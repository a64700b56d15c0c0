package lwar

import (
	"strconv"

	"github.com/gamewire/gamewire/wire"
	"github.com/gamewire/gamewire/wire/spec"
)

// typeErrors holds, for each type byte, the error of a message whose type
// id is unknown or deprecated (102): wire.ErrUnknownCode, field type,
// with a message name that says which ("message type 57"). They are built
// once, so a flood of bad type ids allocates nothing.
var typeErrors [256]wire.Error

// errShortType is the error of an empty message: no type id.
var errShortType = wire.Error{Protocol: "lwar", Message: "message", Field: "type", Err: wire.ErrShort}

func init() {
	for i := range typeErrors {
		name := "message type " + strconv.Itoa(i)
		if Type(i) == TypeDeprecated {
			name = "message type 102 (deprecated, formerly Update)"
		}
		typeErrors[i] = wire.Error{Protocol: "lwar", Message: name, Field: "type", Err: wire.ErrUnknownCode}
	}
}

// dispatch is the form of each type id by direction (wire.Direction 0 or
// wire.Both: either), built once from the table: a lookup is one array
// index.
var dispatch [4][256]*spec.Form

func init() {
	for c := range 256 {
		for _, d := range []wire.Direction{wire.FromClient, wire.FromServer} {
			dispatch[d][c] = table.Lookup(uint32(c), d)
		}
		dispatch[0][c] = dispatch[wire.FromServer][c]
		if dispatch[0][c] == nil {
			dispatch[0][c] = dispatch[wire.FromClient][c]
		}
		dispatch[wire.Both][c] = dispatch[0][c]
	}
}

// lookup returns the form of type id t sent in direction from, or nil; a
// from of 0 or wire.Both finds a form of either direction (no lwar type
// id has two).
func lookup(t Type, from wire.Direction) *spec.Form {
	if from > wire.Both {
		return nil
	}
	return dispatch[from][t]
}

// unknown returns the error for type id t sent in direction from, which
// has no form: a type the other peer sends names its message ("lwar:
// Connect: field type at byte 0: unknown code"), any other id its number.
func unknown(t Type, from wire.Direction) error {
	if f := lookup(t, 0); f != nil && from != 0 {
		return f.ErrAt(0, wire.ErrUnknownCode)
	}
	return &typeErrors[t]
}

// New returns a new, zero message of type id t sent in direction from (0
// for either), or nil for a type the spec does not define in that
// direction, and for the deprecated id 102.
func New(t Type, from wire.Direction) Message {
	if f := lookup(t, from); f != nil {
		return table.New(f)
	}
	return nil
}

// Decode decodes the message at the start of b, sent in direction from
// (0 for either), into a new value that the caller owns, and returns it
// with the number of bytes read. It answers as an Iterator does for one
// message under the default policy, wire.Checked: a message that breaks a
// rule of the spec comes back together with Validate's error (what
// Iterator.Invalid says), and an unknown or deprecated type id fails with
// wire.ErrUnknownCode, field type, since an lwar message has no length to
// skip it by and so no frame to keep as a *wire.Raw. On failure the int is
// the offset of the field at fault. It allocates; hot loops use an
// Iterator.
func Decode(b []byte, from wire.Direction) (Message, int, error) {
	if len(b) == 0 {
		return nil, 0, &errShortType
	}
	f := lookup(Type(b[0]), from)
	if f == nil {
		return nil, 0, unknown(Type(b[0]), from)
	}
	m := table.New(f)
	n, err := m.Decode(b)
	if err != nil {
		return nil, n, err
	}
	return m, n, m.Validate()
}
