package world

import "github.com/gamewire/gamewire/wire"

// StyleLen is the length the style header announces in bzfs 1.7: the
// bytes of its fields after the length field.
const StyleLen = 24

// Style is the style header (WorldCodeStyle) that starts the database:
// the game's rules. Its length field is kept implicitly: it is always
// StyleLen plus len(Extra).
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
	// aliasing), reusing Extra's capacity, and leaves Extra nil if there
	// are none.
	Extra []byte `json:"extra,omitempty"`
}

var styleLayout = layout{CodeStyle, "WorldCodeStyle", 4 + StyleLen, []field{
	{fCode, 0}, {"length", 2}, {"style", 4}, {"players", 6}, {"shots", 8}, {"flags", 10},
	{"linearAcceleration", 12}, {"angularAcceleration", 16}, {"shakeTimeout", 20},
	{"shakeWins", 22}, {"serverTime", 24}, {"extra", 28},
}}

// Size returns the encoded length: 28 bytes plus len(Extra).
func (m Style) Size() int { return styleLayout.size + len(m.Extra) }

// AppendBinary appends the header, code and length included. It fails
// with ErrTooLong if Extra does not fit the 16-bit length.
func (m Style) AppendBinary(b []byte) ([]byte, error) {
	if len(m.Extra) > 0xffff-StyleLen {
		return b, wire.NewError(protocol, styleLayout.name, "extra", styleLayout.size, wire.ErrTooLong)
	}
	b = be.AppendU16(b, uint16(CodeStyle))
	b = be.AppendU16(b, uint16(StyleLen+len(m.Extra)))
	b = be.AppendU16(b, m.GameStyle)
	b = be.AppendU16(b, m.MaxPlayers)
	b = be.AppendU16(b, m.MaxShots)
	b = be.AppendU16(b, m.MaxFlags)
	b = be.AppendF32(b, m.LinearAcceleration)
	b = be.AppendF32(b, m.AngularAcceleration)
	b = be.AppendU16(b, m.ShakeTimeout)
	b = be.AppendU16(b, m.ShakeWins)
	b = be.AppendU32(b, m.ServerTime)
	return append(b, m.Extra...), nil
}

// MarshalBinary returns the encoded header.
func (m Style) MarshalBinary() ([]byte, error) { return m.AppendBinary(make([]byte, 0, m.Size())) }

// Decode decodes the header at the start of b and returns its length.
func (m *Style) Decode(b []byte) (int, error) { return m.decodeAt(b, 0) }

func (m *Style) decodeAt(b []byte, base int) (int, error) {
	extra := m.Extra[:0]
	*m = Style{}
	if err := styleLayout.check(b, base); err != nil {
		return 0, err
	}
	n := 4 + int(be.U16(b[2:]))
	if n < styleLayout.size {
		return 0, wire.NewError(protocol, styleLayout.name, "length", base+2, wire.ErrInvalid)
	}
	if n > len(b) {
		return 0, wire.NewError(protocol, styleLayout.name, "extra", base+styleLayout.size, wire.ErrShort)
	}
	b = b[:n]
	m.GameStyle = be.U16(b[4:])
	m.MaxPlayers = be.U16(b[6:])
	m.MaxShots = be.U16(b[8:])
	m.MaxFlags = be.U16(b[10:])
	m.LinearAcceleration = be.F32(b[12:])
	m.AngularAcceleration = be.F32(b[16:])
	m.ShakeTimeout = be.U16(b[20:])
	m.ShakeWins = be.U16(b[22:])
	m.ServerTime = be.U32(b[24:])
	if n > styleLayout.size {
		m.Extra = append(extra, b[styleLayout.size:]...)
	}
	return n, nil
}

// UnmarshalBinary decodes b, which must hold exactly the header.
func (m *Style) UnmarshalBinary(b []byte) error {
	n, err := m.Decode(b)
	if err != nil {
		return err
	}
	return trailing(styleLayout.name, n, len(b))
}
