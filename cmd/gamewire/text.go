package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"unicode"
	"unicode/utf8"
)

// textLine turns a JSON object {"msg":M,"code":C,...} into the plain text
// line "M code=C(0xC) key=value ...", keeping the fields in their order
// (the spec's). Nested objects print as {key=value ...} (a nested message
// as {M code=C ...}), lists as [a b c], and strings bare, or quoted when
// they hold a space or a character that would make the line ambiguous.
// Strings keep the escapes of wire.Text (\\ and \xHH) unchanged, and a
// control character or other invisible one is shown as \xHH per byte, so
// every message stays on one line. Input that is not a JSON object is
// returned as it is.
func textLine(obj []byte) []byte {
	d := json.NewDecoder(bytes.NewReader(obj))
	d.UseNumber()
	if tok, err := d.Token(); err != nil || tok != json.Delim('{') {
		return obj
	}
	b, err := appendTextObject(nil, d)
	if err != nil {
		return obj
	}
	return b
}

// appendTextObject appends the members of the object whose '{' d has just
// returned, and reads its '}'.
func appendTextObject(b []byte, d *json.Decoder) ([]byte, error) {
	for first := true; d.More(); first = false {
		tok, err := d.Token()
		if err != nil {
			return b, err
		}
		key, _ := tok.(string)
		if tok, err = d.Token(); err != nil {
			return b, err
		}
		if !first {
			b = append(b, ' ')
		}
		if s, ok := tok.(string); ok && key == "msg" {
			b = appendTextString(b, s)
			continue
		}
		if n, ok := tok.(json.Number); ok && key == "code" {
			if c, err := strconv.ParseInt(string(n), 10, 64); err == nil && c >= 0 {
				b = fmt.Appendf(b, "code=%d(0x%04x)", c, c)
				continue
			}
		}
		b = append(b, key...)
		b = append(b, '=')
		if b, err = appendTextValue(b, d, tok); err != nil {
			return b, err
		}
	}
	_, err := d.Token() // '}'
	return b, err
}

// appendTextValue appends the value that starts with tok.
func appendTextValue(b []byte, d *json.Decoder, tok json.Token) ([]byte, error) {
	var err error
	switch v := tok.(type) {
	case json.Delim:
		if v == '{' {
			b = append(b, '{')
			b, err = appendTextObject(b, d)
			return append(b, '}'), err
		}
		b = append(b, '[')
		for first := true; d.More(); first = false {
			if tok, err = d.Token(); err != nil {
				return b, err
			}
			if !first {
				b = append(b, ' ')
			}
			if b, err = appendTextValue(b, d, tok); err != nil {
				return b, err
			}
		}
		_, err = d.Token() // ']'
		return append(b, ']'), err
	case string:
		return appendTextString(b, v), nil
	case json.Number:
		return append(b, v...), nil
	case bool:
		return strconv.AppendBool(b, v), nil
	}
	return append(b, "null"...), nil
}

// appendTextString appends s bare if it is a non-empty run of visible
// characters other than the line's punctuation, else in double quotes
// with " as \". Invisible characters become \xHH for each of their bytes.
func appendTextString(b []byte, s string) []byte {
	bare := s != ""
	for _, r := range s {
		if !unicode.IsGraphic(r) || unicode.IsSpace(r) || r == '"' || r == '=' || r == '{' || r == '}' || r == '[' || r == ']' {
			bare = false
			break
		}
	}
	if bare {
		return append(b, s...)
	}
	b = append(b, '"')
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == '"':
			b = append(b, '\\', '"')
		case r == ' ' || unicode.IsGraphic(r) && !(r == utf8.RuneError && n == 1):
			b = append(b, s[i:i+n]...)
		default:
			for _, c := range []byte(s[i : i+n]) {
				b = append(b, '\\', 'x', hexDigit[c>>4], hexDigit[c&15])
			}
		}
		i += n
	}
	return append(b, '"')
}

const hexDigit = "0123456789abcdef"
