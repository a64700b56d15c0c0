package paintball

// appendModifiedUTF8 appends s in Java's modified UTF-8 (the encoding of
// DataOutput.writeUTF): NUL as the two bytes C0 80, runes above U+FFFF as
// two three-byte surrogates, everything else as in UTF-8. Invalid UTF-8 in
// s is encoded as U+FFFD.
func appendModifiedUTF8(b []byte, s string) []byte {
	for _, r := range s {
		switch {
		case r == 0:
			b = append(b, 0xc0, 0x80)
		case r < 0x80:
			b = append(b, byte(r))
		case r < 0x800:
			b = append(b, 0xc0|byte(r>>6), 0x80|byte(r&0x3f))
		case r < 0x10000:
			b = append3(b, r)
		default:
			r -= 0x10000
			b = append3(b, 0xd800+(r>>10))
			b = append3(b, 0xdc00+(r&0x3ff))
		}
	}
	return b
}

func append3(b []byte, r rune) []byte {
	return append(b, 0xe0|byte(r>>12), 0x80|byte(r>>6&0x3f), 0x80|byte(r&0x3f))
}

// validModifiedUTF8 reports whether src is well-formed modified UTF-8.
func validModifiedUTF8(src []byte) bool {
	for i := 0; i < len(src); {
		_, n := decodeModifiedRune(src[i:])
		if n == 0 {
			return false
		}
		i += n
	}
	return true
}

// decodeModified decodes one code unit of modified UTF-8 from the start of
// b; n == 0 means malformed.
func decodeModifiedRune(b []byte) (r rune, n int) {
	if len(b) == 0 {
		return 0, 0
	}
	c := b[0]
	switch {
	case c == 0:
		return 0, 0
	case c < 0x80:
		return rune(c), 1
	case c&0xe0 == 0xc0 && len(b) >= 2 && b[1]&0xc0 == 0x80:
		r = rune(c&0x1f)<<6 | rune(b[1]&0x3f)
		if r < 0x80 && r != 0 {
			return 0, 0
		}
		return r, 2
	case c&0xf0 == 0xe0 && len(b) >= 3 && b[1]&0xc0 == 0x80 && b[2]&0xc0 == 0x80:
		r = rune(c&0x0f)<<12 | rune(b[1]&0x3f)<<6 | rune(b[2]&0x3f)
		if r < 0x800 {
			return 0, 0
		}
		return r, 3
	}
	return 0, 0
}
