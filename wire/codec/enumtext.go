package codec

import (
	"strconv"
)

// TextError is text (from JSON or a command line) that names no value of
// a type: what UnmarshalText returns for it. It wraps ErrInvalid.
type TextError struct {
	Protocol string // the protocol's name, such as "paintball"
	What     string // the type, as the spec names it, such as "shooting state"
	Text     string // the text refused
}

// Error says which text was refused, and for what.
func (e *TextError) Error() string {
	return e.Protocol + ": invalid " + e.What + " " + strconv.Quote(e.Text)
}

// Unwrap returns ErrInvalid.
func (e *TextError) Unwrap() error { return ErrInvalid }

// ParseNumber sets *v to the number b spells as a Go integer literal
// does (decimal, hexadecimal with 0x; 0b, 0o or a leading 0 too) if it
// fits in T; other text fails with a *TextError of protocol and what, and
// leaves *v as it was.
func ParseNumber[T ~uint8 | ~uint16](v *T, b []byte, protocol, what string) error {
	n, err := strconv.ParseUint(string(b), 0, 64)
	if err != nil || n > uint64(^T(0)) {
		return &TextError{Protocol: protocol, What: what, Text: string(b)}
	}
	*v = T(n)
	return nil
}

// ParseName sets *v to the value whose name in names is b (names[i]
// names the value i; "" names none), or else to the number b spells
// (ParseNumber).
func ParseName[T ~uint8 | ~uint16](v *T, b []byte, names []string, protocol, what string) error {
	for i, n := range names {
		if n != "" && n == string(b) {
			*v = T(i)
			return nil
		}
	}
	return ParseNumber(v, b, protocol, what)
}
