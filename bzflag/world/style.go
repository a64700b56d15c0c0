package world

// Style is the style header (WorldCodeStyle) that starts the database: the
// game's rules. Its length field is kept implicitly: it is always StyleLen
// plus len(Extra).
//
// The table (forms.go) gives its layout, its errors and its codec
// (forms_gen.go); the struct is written here because the table cannot say
// that the JSON of a header without extra bytes has no "extra" key
// (omitempty).
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
