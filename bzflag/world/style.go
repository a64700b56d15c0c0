package world

import "github.com/gamewire/gamewire/wire"

// Style is the style header (WorldCodeStyle) that starts the database: the
// game's rules. Its length field is kept implicitly: it is always StyleLen
// plus len(Extra).
//
// The table (forms.go) gives its layout and its errors; the struct and the
// codec are written here because the table cannot say that the JSON of a
// header without extra bytes has no "extra" key (omitempty).
type Style struct {
	// GameStyle is the spec's `style': a bit field of GameStyle bits.
	GameStyle uint16 `json:"style"`
	// MaxPlayers is `players': the maximum number of players.
	MaxPlayers uint16 `json:"players"`
	// MaxShots is `shots': the maximum number of shots at once per player.
	MaxShots uint16 `json:"shots"`
	// MaxFlags is `flags': the maximum number of flags at once.
	MaxFlags uint16 `json:"flags"`
	// LinearAcceleration is the linear acceleration limit.
	LinearAcceleration float32 `json:"linearAcceleration"`
	// AngularAcceleration is the angular acceleration limit.
	AngularAcceleration float32 `json:"angularAcceleration"`
	// ShakeTimeout is `shake t': the time to shake a bad flag, in tenths
	// of a second.
	ShakeTimeout uint16 `json:"shakeTimeout"`
	// ShakeWins is `shake w': the number of wins to shake a bad flag.
	ShakeWins uint16 `json:"shakeWins"`
	// ServerTime is the server's clock in seconds since 1970-01-01 UTC.
	// bzfs 1.7 writes it when a client requests offset 0.
	ServerTime uint32 `json:"serverTime"`
	// Extra holds bytes the length field announces beyond StyleLen. bzfs
	// 1.7 sends none; its client skips them. Decode copies them (no
	// aliasing), reusing Extra's capacity, which it keeps: Extra is empty
	// (nil in a value that never had any) when there are none.
	Extra []byte `json:"extra,omitempty"`
}

// styleSize is the size of a style header without extra bytes.
const styleSize = 4 + StyleLen

// maxExtra is the most extra bytes the 16-bit length can announce.
const maxExtra = 0xffff - StyleLen

// Size returns the encoded length: 28 bytes plus len(Extra).
func (m *Style) Size() int { return styleSize + len(m.Extra) }

// AppendBinary appends the header, code and length included. It fails
// with ErrTooLong (field extra) if Extra does not fit the 16-bit length,
// and b is returned as it was.
func (m *Style) AppendBinary(b []byte) ([]byte, error) {
	if len(m.Extra) > maxExtra {
		return b, forms[0].Err("extra", wire.ErrTooLong)
	}
	n := m.Size()
	b, p := wire.Grow(b, n)
	_ = p[styleSize-1] // one bounds check
	wire.BigEndian.PutU16(p, 0x7374)
	wire.BigEndian.PutU16(p[2:], uint16(n-4))
	wire.BigEndian.PutU16(p[4:], m.GameStyle)
	wire.BigEndian.PutU16(p[6:], m.MaxPlayers)
	wire.BigEndian.PutU16(p[8:], m.MaxShots)
	wire.BigEndian.PutU16(p[10:], m.MaxFlags)
	wire.BigEndian.PutF32(p[12:], m.LinearAcceleration)
	wire.BigEndian.PutF32(p[16:], m.AngularAcceleration)
	wire.BigEndian.PutU16(p[20:], m.ShakeTimeout)
	wire.BigEndian.PutU16(p[22:], m.ShakeWins)
	wire.BigEndian.PutU32(p[24:], m.ServerTime)
	copy(p[styleSize:], m.Extra)
	return b, nil
}

// MarshalBinary returns the encoded header.
func (m *Style) MarshalBinary() ([]byte, error) { return m.AppendBinary(make([]byte, 0, m.Size())) }

// Decode decodes the header at the start of b and returns its length, as
// its length field gives it. On failure it returns the offset of the field
// at fault and zeroes m, keeping Extra's capacity: a length under StyleLen
// fails with ErrInvalid at the length, input that ends before the header
// does with ErrShort at the field it ends in.
func (m *Style) Decode(b []byte) (int, error) {
	*m = Style{Extra: m.Extra[:0]}
	if len(b) < styleSize {
		return forms[0].Short(len(b))
	}
	if wire.BigEndian.U16(b) != 0x7374 {
		return 0, forms[0].ErrAt(0, wire.ErrInvalid)
	}
	n := 4 + int(wire.BigEndian.U16(b[2:]))
	if n < styleSize {
		return 2, forms[0].ErrAt(1, wire.ErrInvalid)
	}
	if n > len(b) {
		return forms[0].Short(len(b))
	}
	m.GameStyle = wire.BigEndian.U16(b[4:])
	m.MaxPlayers = wire.BigEndian.U16(b[6:])
	m.MaxShots = wire.BigEndian.U16(b[8:])
	m.MaxFlags = wire.BigEndian.U16(b[10:])
	m.LinearAcceleration = wire.BigEndian.F32(b[12:])
	m.AngularAcceleration = wire.BigEndian.F32(b[16:])
	m.ShakeTimeout = wire.BigEndian.U16(b[20:])
	m.ShakeWins = wire.BigEndian.U16(b[22:])
	m.ServerTime = wire.BigEndian.U32(b[24:])
	m.Extra = append(m.Extra, b[styleSize:n]...)
	return n, nil
}

// UnmarshalBinary decodes b, which must hold exactly the header.
func (m *Style) UnmarshalBinary(b []byte) error {
	n, err := m.Decode(b)
	if err == nil && n != len(b) {
		err = forms[0].Err("", wire.ErrTrailing)
	}
	return err
}
