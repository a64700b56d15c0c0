package paintball

import (
	"github.com/gamewire/gamewire/wire"
	"github.com/gamewire/gamewire/wire/codec"
)

// The Login codec is written by hand (the table marks it Hand): its one
// field is a String, whose modified UTF-8 the codec checks both ways, as
// Java's writeUTF and readUTF do (docs/errata/paintball.md, 3).

// Field indexes in the Login form's layout.
const (
	loginMarker = iota
	loginType
	loginUsername
)

// Size returns the packet's length: 5 bytes and the username's.
func (m *Login) Size() int { return 5 + len(m.Username) }

// AppendBinary appends the whole packet, '*' and type included. A username
// over MaxUsername bytes fails with wire.ErrTooLong, one that is not
// modified UTF-8 with wire.ErrInvalid (writeUTF could not have written
// it); nothing is appended then.
func (m *Login) AppendBinary(b []byte) ([]byte, error) {
	f := m.Form()
	n := len(m.Username)
	if n > MaxUsername {
		return b, f.ErrAt(loginUsername, wire.ErrTooLong)
	}
	if !validModified(m.Username) {
		return b, f.ErrAt(loginUsername, wire.ErrInvalid)
	}
	b, p := codec.Grow(b, 5+n)
	p[0] = Marker
	codec.BigEndian.PutU16(p[1:], uint16(CodeLogin))
	codec.BigEndian.PutU16(p[3:], uint16(n))
	copy(p[5:], m.Username)
	return b, nil
}

// MarshalBinary returns the packet in a new buffer of Size bytes.
func (m *Login) MarshalBinary() ([]byte, error) { return m.AppendBinary(make([]byte, 0, m.Size())) }

// Decode reads a Login packet from the start of b into m, reusing the
// username's capacity (it does not alias b), and returns its length. A
// username that is not modified UTF-8 fails with wire.ErrInvalid at byte
// 3, as readUTF throws UTFDataFormatException.
func (m *Login) Decode(b []byte) (int, error) {
	m.Username = m.Username[:0]
	f := m.Form()
	switch {
	case len(b) < 1:
		return 0, f.ErrAt(loginMarker, wire.ErrShort)
	case len(b) < 3:
		return 1, f.ErrAt(loginType, wire.ErrShort)
	case b[0] != Marker:
		return 0, f.ErrAt(loginMarker, wire.ErrInvalid)
	case b[1] != 0 || Code(b[2]) != CodeLogin:
		return 1, f.ErrAt(loginType, wire.ErrInvalid)
	case len(b) < 5:
		return 3, f.ErrAt(loginUsername, wire.ErrShort)
	}
	n := int(codec.BigEndian.U16(b[3:]))
	if len(b)-5 < n {
		return 3, f.ErrAt(loginUsername, wire.ErrShort)
	}
	s := b[5 : 5+n]
	if !validModified(s) {
		return 3, f.ErrAt(loginUsername, wire.ErrInvalid)
	}
	m.Username = append(m.Username, s...)
	return 5 + n, nil
}

// UnmarshalBinary decodes exactly one Login packet from b.
func (m *Login) UnmarshalBinary(b []byte) error {
	n, err := m.Decode(b)
	return m.Form().Exact(n, len(b), err)
}

// Validate checks nothing the codec does not: the spec sets no rule on a
// username (not even that it is not empty; errata, 20).
func (m *Login) Validate() error { return nil }

// Name returns the username as a Go string (UTF.String).
func (m *Login) Name() string { return UTF(m.Username).String() }

// MarshalJSON returns {"username": TEXT}, TEXT the username's lossless
// text form (UTF.MarshalText): readable, where the Go field, a []byte,
// would be base64. A username that is not modified UTF-8 fails with
// wire.ErrInvalid.
func (m Login) MarshalJSON() ([]byte, error) {
	t, err := UTF(m.Username).MarshalText()
	if err != nil {
		return nil, err
	}
	b := append(make([]byte, 0, len(t)+16), `{"username":`...)
	return append(appendJSONString(b, t), '}'), nil
}

// UnmarshalJSON reads what MarshalJSON writes: an object whose one key,
// "username", holds the text form; a missing key is an empty username, any
// other key is refused with wire.ErrInvalid.
func (m *Login) UnmarshalJSON(b []byte) error {
	p := jsonParser{b: b}
	p.skipSpace()
	if !p.eat('{') {
		return errJSON
	}
	var text []byte
	for first := true; ; first = false {
		p.skipSpace()
		if p.eat('}') {
			break
		}
		if !first && !p.eat(',') {
			return errJSON
		}
		p.skipSpace()
		key, ok := p.str(nil)
		if !ok || string(key) != "username" || text != nil {
			return errJSON
		}
		p.skipSpace()
		if !p.eat(':') {
			return errJSON
		}
		p.skipSpace()
		if text, ok = p.str(make([]byte, 0, 16)); !ok {
			return errJSON
		}
	}
	p.skipSpace()
	if p.i != len(p.b) {
		return errJSON
	}
	u := UTF(m.Username[:0])
	if err := u.UnmarshalText(text); err != nil {
		return err
	}
	m.Username = u
	return nil
}

// validModified is validModifiedUTF8 with a fast path for the ASCII
// most usernames are made of.
func validModified(b []byte) bool {
	for i, c := range b {
		if c == 0 || c >= 0x80 {
			return validModifiedUTF8(b[i:])
		}
	}
	return true
}
