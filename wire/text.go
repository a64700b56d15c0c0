package wire

import (
	"bytes"
	"unicode/utf8"
)

// Text is a byte string that marshals to readable, lossless text, for
// JSON: valid UTF-8 stays as it is, a backslash becomes `\\`, and NUL
// bytes and bytes that are not valid UTF-8 become `\xHH`. UnmarshalText
// reverses it exactly. The codecs treat a Text as plain bytes.
type Text []byte

// MarshalText returns the text form of t. It allocates.
func (t Text) MarshalText() ([]byte, error) { return AppendText(nil, t), nil }

// UnmarshalText parses the text form back into bytes, reusing t's
// capacity.
func (t *Text) UnmarshalText(text []byte) error {
	b, err := ParseText((*t)[:0], text)
	if err != nil {
		return err
	}
	*t = b
	return nil
}

const hexDigits = "0123456789abcdef"

// AppendText appends the text form of b (see Text) to dst.
func AppendText(dst, b []byte) []byte {
	for len(b) > 0 {
		r, n := utf8.DecodeRune(b)
		switch {
		case b[0] == '\\':
			dst = append(dst, '\\', '\\')
		case b[0] == 0 || (r == utf8.RuneError && n == 1):
			dst = append(dst, '\\', 'x', hexDigits[b[0]>>4], hexDigits[b[0]&15])
		default:
			dst = append(dst, b[:n]...)
		}
		b = b[n:]
	}
	return dst
}

// ParseText appends the bytes that the text form t stands for to dst. A
// backslash must start `\\` or `\xHH`; anything else fails with ErrInvalid,
// and then nothing is appended (dst's bytes past its length are untouched).
func ParseText(dst, t []byte) ([]byte, error) {
	for i := 0; i < len(t); i++ {
		if t[i] != '\\' {
			continue
		}
		if i+1 < len(t) && t[i+1] == '\\' {
			i++
			continue
		}
		if i+3 < len(t) && t[i+1] == 'x' && unhex(t[i+2]) >= 0 && unhex(t[i+3]) >= 0 {
			i += 3
			continue
		}
		return dst, &Error{Message: "text", Offset: i, Err: ErrInvalid}
	}
	return appendParsed(dst, t), nil
}

// appendParsed appends what the valid text form t stands for.
func appendParsed(dst, t []byte) []byte {
	for i := 0; i < len(t); i++ {
		c := t[i]
		if c != '\\' {
			dst = append(dst, c)
			continue
		}
		if t[i+1] == '\\' {
			dst = append(dst, '\\')
			i++
			continue
		}
		dst = append(dst, byte(unhex(t[i+2])<<4|unhex(t[i+3])))
		i += 3
	}
	return dst
}

func unhex(c byte) int {
	switch {
	case '0' <= c && c <= '9':
		return int(c - '0')
	case 'a' <= c && c <= 'f':
		return int(c-'a') + 10
	case 'A' <= c && c <= 'F':
		return int(c-'A') + 10
	}
	return -1
}

// MarshalFixed returns the text form of a fixed-width, NUL-padded field:
// the text form of its bytes with the trailing NULs dropped. Bytes after
// an inner NUL are kept (as `\x00` and what follows), so padding that is
// not all zero survives a round trip. It allocates.
func MarshalFixed(field []byte) ([]byte, error) {
	return AppendText(nil, bytes.TrimRight(field, "\x00")), nil
}

// UnmarshalFixed parses the text form into the fixed-width field,
// NUL-padding it. Text that stands for more bytes than the field holds
// fails with ErrTooLong and leaves the field unchanged.
func UnmarshalFixed(field, text []byte) error {
	var tmp [256]byte
	b, err := ParseText(tmp[:0], text)
	if err != nil {
		return err
	}
	if len(b) > len(field) {
		return &Error{Message: "text", Offset: len(field), Err: ErrTooLong}
	}
	clear(field[copy(field, b):])
	return nil
}
