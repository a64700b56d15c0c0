package paintball

import (
	"strings"
	"unicode/utf8"

	"github.com/gamewire/gamewire/wire"
)

// UTF is the spec's String: what Java's DataOutput.writeUTF writes after
// its u16 byte count, the string in modified UTF-8, kept here exactly as
// it travels (docs/errata/paintball.md, 2 and 3). Modified UTF-8 is UTF-8
// but for two things: U+0000 is the two bytes C0 80 (a byte 00 never
// occurs), and a character beyond U+FFFF is its two UTF-16 surrogates,
// three bytes each (four-byte sequences never occur). A Java string may
// hold a lone surrogate, and so may a UTF.
//
// This file is the one place that converts: MakeUTF from a Go string,
// String to one, and the text form for JSON (MarshalText, UnmarshalText),
// which is lossless.
type UTF []byte

// MakeUTF returns s in modified UTF-8. s is UTF-8, in which a lone
// surrogate may appear as its three-byte form (ED A0 80 to ED BF BF, as
// UTF.MarshalText writes it); anything else that is not UTF-8 fails with
// wire.ErrInvalid, and a result over MaxUsername bytes with
// wire.ErrTooLong.
func MakeUTF(s string) (UTF, error) {
	return appendModified(make([]byte, 0, len(s)+len(s)/2), s)
}

// Valid reports whether u is well-formed modified UTF-8 of at most
// MaxUsername bytes: what readUTF accepts and writeUTF can write.
func (u UTF) Valid() bool { return len(u) <= MaxUsername && validModifiedUTF8(u) }

// String returns u as a Go string, in UTF-8; lone surrogates and
// malformed bytes become U+FFFD. It allocates.
func (u UTF) String() string {
	return strings.ToValidUTF8(string(appendWTF8(nil, u)), "\uFFFD")
}

// MarshalText returns the text form of u: its characters as UTF-8, with
// U+0000 as `\x00`, a backslash as `\\`, and each byte of a lone
// surrogate as `\xHH` (wire.AppendText of the UTF-8). Malformed modified
// UTF-8, which no Login decodes to, fails with wire.ErrInvalid.
func (u UTF) MarshalText() ([]byte, error) {
	if !validModifiedUTF8(u) {
		return nil, errUTF
	}
	return wire.AppendText(nil, appendWTF8(nil, u)), nil
}

// UnmarshalText parses the text form that MarshalText writes back into
// modified UTF-8, reusing u's capacity.
func (u *UTF) UnmarshalText(text []byte) error {
	var tmp [256]byte
	b, err := wire.ParseText(tmp[:0], text)
	if err != nil {
		return err
	}
	m, err := appendModified((*u)[:0], string(b))
	if err != nil {
		return err
	}
	*u = m
	return nil
}

var (
	errUTF     = &wire.Error{Protocol: "paintball", Message: "String", Err: wire.ErrInvalid}
	errUTFLong = &wire.Error{Protocol: "paintball", Message: "String", Offset: MaxUsername, Err: wire.ErrTooLong}
)

// appendModified appends the modified UTF-8 form of s (UTF-8, lone
// surrogates allowed in their three-byte form) to dst.
func appendModified(dst []byte, s string) ([]byte, error) {
	start := len(dst)
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && n <= 1:
			// A lone surrogate's three bytes, which UTF-8 forbids.
			if i+2 < len(s) && s[i] == 0xed && s[i+1]&0xe0 == 0xa0 && s[i+2]&0xc0 == 0x80 {
				dst = append(dst, s[i:i+3]...)
				n = 3
				break
			}
			return dst[:start], errUTF
		default:
			dst = appendModifiedUTF8(dst, s[i:i+n])
		}
		i += n
	}
	if len(dst)-start > MaxUsername {
		return dst[:start], errUTFLong
	}
	return dst, nil
}

// appendWTF8 appends the UTF-8 form of the modified UTF-8 src to dst:
// C0 80 becomes 00, a surrogate pair one four-byte character; a lone
// surrogate and malformed bytes are copied as they are.
func appendWTF8(dst, src []byte) []byte {
	for i := 0; i < len(src); {
		r, n := decodeModifiedRune(src[i:])
		switch {
		case n == 0:
			dst = append(dst, src[i])
			n = 1
		case r == 0:
			dst = append(dst, 0)
		case 0xd800 <= r && r < 0xdc00:
			if r2, n2 := decodeModifiedRune(src[i+3:]); n2 == 3 && 0xdc00 <= r2 && r2 < 0xe000 {
				dst = utf8.AppendRune(dst, 0x10000+(r-0xd800)<<10+(r2-0xdc00))
				n += 3
				break
			}
			dst = append(dst, src[i:i+3]...)
		default:
			dst = append(dst, src[i:i+n]...)
		}
		i += n
	}
	return dst
}
