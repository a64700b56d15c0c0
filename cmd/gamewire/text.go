package main

import (
	"encoding/base64"
	"encoding/json"
	"reflect"
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
// returned as it is. It prints every field, whole (textPrinter.verbose).
func textLine(obj []byte) []byte {
	p := textPrinter{verbose: true}
	return p.line(nil, obj)
}

// pcapText is the text line of a message of the named protocol, as
// decode prints it.
func pcapText(proto string, obj []byte) []byte {
	p, ok := registry[proto]
	if !ok {
		return textLine(obj)
	}
	return newTextPrinter(p, false).line(nil, obj)
}

// textPrinter prints the JSON lines of decode as text lines. Unless
// verbose, a line is what a person reads: empty strings, lists and
// objects are left out, a string stops at its terminator (the first \x00:
// the bytes after it are stale padding), and a blob (a field of raw
// bytes: world-database chunks, raw frames, rest fields) is summarised as
// its length and first bytes in hex. Codes show as the spec writes them
// where the protocol says how (BZFlag's two letters: code=gw(0x6777)).
//
// It scans the JSON by hand: text costs about what -json does.
type textPrinter struct {
	verbose  bool
	codeName func(uint32) string
	blobs    map[string]bool // JSON keys of byte fields (base64 in JSON)
}

// newTextPrinter returns the printer for protocol p.
func newTextPrinter(p *protocol, verbose bool) *textPrinter {
	p.blobsOnce.Do(func() { p.blobs = blobKeys(p) })
	return &textPrinter{verbose: verbose, codeName: p.codeName, blobs: p.blobs}
}

// blobKeys returns the JSON keys of p's byte-slice fields, which JSON
// holds as base64, and "body" and "data", the bytes of raw frames.
func blobKeys(p *protocol) map[string]bool {
	keys := map[string]bool{"body": true, "data": true}
	for _, m := range p.messages {
		v := m.New()
		if v == nil {
			continue
		}
		t := reflect.TypeOf(v)
		for t.Kind() == reflect.Pointer {
			t = t.Elem()
		}
		if t.Kind() != reflect.Struct {
			continue
		}
		for _, f := range reflect.VisibleFields(t) {
			if f.IsExported() && f.Type.Kind() == reflect.Slice && f.Type.Elem().Kind() == reflect.Uint8 && !hasUnmarshaler(f.Type) {
				keys[jsonKey(f)] = true
			}
		}
	}
	return keys
}

// line appends the text line of obj to b.
func (p *textPrinter) line(b, obj []byte) []byte {
	i := skipSpace(obj, 0)
	if i >= len(obj) || obj[i] != '{' {
		return append(b, obj...)
	}
	start := len(b)
	b, _, ok := p.object(b, obj, i, true)
	if !ok {
		return append(b[:start], obj...)
	}
	return b
}

func skipSpace(s []byte, i int) int {
	for i < len(s) && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r') {
		i++
	}
	return i
}

// object appends the members of the object at s[i] ('{'); at the top the
// braces are left out. It returns the index after the object.
func (p *textPrinter) object(b, s []byte, i int, top bool) ([]byte, int, bool) {
	i++ // '{'
	if !top {
		b = append(b, '{')
	}
	first := true
	for {
		i = skipSpace(s, i)
		if i >= len(s) {
			return b, i, false
		}
		if s[i] == '}' {
			i++
			break
		}
		if s[i] == ',' {
			i++
			continue
		}
		key, next, ok := jsonString(s, i)
		if !ok {
			return b, i, false
		}
		i = skipSpace(s, next)
		if i >= len(s) || s[i] != ':' {
			return b, i, false
		}
		i = skipSpace(s, i+1)
		end, ok := valueEnd(s, i)
		if !ok {
			return b, i, false
		}
		v := s[i:end]
		i = end
		if !p.verbose && isEmptyJSON(v) {
			continue
		}
		mark := len(b)
		if !first {
			b = append(b, ' ')
		}
		switch {
		case string(key) == "msg" && v[0] == '"':
			str, _, _ := jsonString(v, 0)
			b = appendTextString(b, str)
		case string(key) == "code" && p.appendCode(&b, v):
		case p.blobs[string(key)] && v[0] == '"' && !p.verbose:
			b = append(b, key...)
			b = append(b, '=')
			str, _, _ := jsonString(v, 0)
			b = appendBlob(b, str)
		default:
			b = append(b, key...)
			b = append(b, '=')
			var ok bool
			if b, ok = p.value(b, v); !ok {
				return b[:mark], i, false
			}
		}
		first = false
	}
	if !top {
		b = append(b, '}')
	}
	return b, i, true
}

// appendCode appends code=C(0xC), or code=gw(0x6777) where the protocol
// names its codes, and reports whether v was a code it could show so.
func (p *textPrinter) appendCode(b *[]byte, v []byte) bool {
	c, err := strconv.ParseUint(string(v), 10, 32)
	if err != nil {
		return false
	}
	*b = append(*b, "code="...)
	name := ""
	if p.codeName != nil {
		name = p.codeName(uint32(c))
	}
	if name != "" {
		*b = append(*b, name...)
	} else {
		*b = strconv.AppendUint(*b, c, 10)
	}
	*b = append(*b, "(0x"...)
	for n := 0x1000; n > 1 && uint64(n) > c; n >>= 4 {
		*b = append(*b, '0')
	}
	*b = strconv.AppendUint(*b, c, 16)
	*b = append(*b, ')')
	return true
}

// value appends the JSON value v (one whole value).
func (p *textPrinter) value(b, v []byte) ([]byte, bool) {
	switch v[0] {
	case '{':
		b, _, ok := p.object(b, v, 0, false)
		return b, ok
	case '[':
		b = append(b, '[')
		i, first := 1, true
		for {
			i = skipSpace(v, i)
			if i >= len(v) {
				return b, false
			}
			if v[i] == ']' {
				break
			}
			if v[i] == ',' {
				i++
				continue
			}
			end, ok := valueEnd(v, i)
			if !ok {
				return b, false
			}
			if !first {
				b = append(b, ' ')
			}
			if b, ok = p.value(b, v[i:end]); !ok {
				return b, false
			}
			first = false
			i = end
		}
		return append(b, ']'), true
	case '"':
		s, _, ok := jsonString(v, 0)
		if !ok {
			return b, false
		}
		if !p.verbose {
			s = cutAtNUL(s)
		}
		return appendTextString(b, s), true
	}
	return append(b, v...), true // number, true, false, null
}

// isEmptyJSON reports whether a JSON value is "", [], {} or null.
func isEmptyJSON(v []byte) bool {
	switch string(v) {
	case `""`, `[]`, `{}`, `null`:
		return true
	}
	return false
}

// cutAtNUL cuts a wire.Text string at its first \x00 escape: the bytes
// after a terminator are stale.
func cutAtNUL(s []byte) []byte {
	for i := 0; i+1 < len(s); i++ {
		if s[i] != '\\' {
			continue
		}
		if s[i+1] == 'x' && i+3 < len(s) && s[i+2] == '0' && s[i+3] == '0' {
			return s[:i]
		}
		i++ // \\ or another escape
	}
	return s
}

// appendBlob summarises a blob, base64 in JSON, as its length and first
// bytes in hex: "1024 bytes 0a0b0c0d0e0f1011...". A string that is not
// base64 (the text of a raw frame) is cut to its first 16 characters.
func appendBlob(b, s []byte) []byte {
	const prefix = 8
	if !isBase64(s) {
		if len(s) <= 2*prefix {
			return appendTextString(b, s)
		}
		b = strconv.AppendInt(b, int64(len(s)), 10)
		b = append(b, " chars "...)
		return append(appendTextString(b, s[:2*prefix]), "..."...)
	}
	n := len(s) / 4 * 3
	for i := len(s) - 1; i >= 0 && s[i] == '='; i-- {
		n--
	}
	if n == 0 {
		return append(b, `""`...)
	}
	var head [12]byte // the first 12 bytes at most, decoded from 16 characters
	k, _ := base64.StdEncoding.Decode(head[:], s[:min(len(s), 16)])
	if n > prefix {
		b = strconv.AppendInt(b, int64(n), 10)
		b = append(b, "B:"...)
	}
	for _, c := range head[:min(k, prefix)] {
		b = append(b, hexDigit[c>>4], hexDigit[c&15])
	}
	if n > prefix {
		b = append(b, "..."...)
	}
	return b
}

// isBase64 reports whether s is standard base64 with padding (how
// encoding/json writes a []byte).
func isBase64(s []byte) bool {
	if len(s)%4 != 0 {
		return false
	}
	for i, c := range s {
		switch {
		case 'A' <= c && c <= 'Z', 'a' <= c && c <= 'z', '0' <= c && c <= '9', c == '+', c == '/':
		case c == '=' && i >= len(s)-2:
		default:
			return false
		}
	}
	return true
}

// jsonString returns the contents of the JSON string at s[i] ('"') and
// the index after it. Escapes are undone (the rare slow path).
func jsonString(s []byte, i int) ([]byte, int, bool) {
	if i >= len(s) || s[i] != '"' {
		return nil, i, false
	}
	escaped := false
	for j := i + 1; j < len(s); j++ {
		switch s[j] {
		case '\\':
			escaped = true
			j++
		case '"':
			if !escaped {
				return s[i+1 : j], j + 1, true
			}
			var str string
			if json.Unmarshal(s[i:j+1], &str) != nil {
				return nil, j + 1, false
			}
			return []byte(str), j + 1, true
		}
	}
	return nil, len(s), false
}

// valueEnd returns the index after the JSON value starting at s[i].
func valueEnd(s []byte, i int) (int, bool) {
	if i >= len(s) {
		return i, false
	}
	switch s[i] {
	case '"':
		_, end, ok := skipString(s, i)
		return end, ok
	case '{', '[':
		depth := 0
		for j := i; j < len(s); j++ {
			switch s[j] {
			case '"':
				_, end, ok := skipString(s, j)
				if !ok {
					return end, false
				}
				j = end - 1
			case '{', '[':
				depth++
			case '}', ']':
				depth--
				if depth == 0 {
					return j + 1, true
				}
			}
		}
		return len(s), false
	}
	j := i
	for j < len(s) && s[j] != ',' && s[j] != '}' && s[j] != ']' && s[j] != ' ' && s[j] != '\n' && s[j] != '\t' && s[j] != '\r' {
		j++
	}
	return j, j > i
}

// skipString returns the index after the JSON string at s[i].
func skipString(s []byte, i int) (int, int, bool) {
	for j := i + 1; j < len(s); j++ {
		switch s[j] {
		case '\\':
			j++
		case '"':
			return i, j + 1, true
		}
	}
	return i, len(s), false
}

// appendTextString appends s bare if it is a non-empty run of visible
// characters other than the line's punctuation, else in double quotes
// with " as \". Invisible characters become \xHH for each of their bytes.
func appendTextString(b []byte, s []byte) []byte {
	bare := len(s) > 0
	for i := 0; i < len(s) && bare; {
		c := s[i]
		if c < utf8.RuneSelf {
			if c <= ' ' || c == 0x7f || c == '"' || c == '=' || c == '{' || c == '}' || c == '[' || c == ']' {
				bare = false
			}
			i++
			continue
		}
		r, n := utf8.DecodeRune(s[i:])
		if !unicode.IsGraphic(r) || unicode.IsSpace(r) || r == utf8.RuneError && n == 1 {
			bare = false
		}
		i += n
	}
	if bare {
		return append(b, s...)
	}
	b = append(b, '"')
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRune(s[i:])
		switch {
		case r == '"':
			b = append(b, '\\', '"')
		case r == ' ' || unicode.IsGraphic(r) && !(r == utf8.RuneError && n == 1):
			b = append(b, s[i:i+n]...)
		default:
			for _, c := range s[i : i+n] {
				b = append(b, '\\', 'x', hexDigit[c>>4], hexDigit[c&15])
			}
		}
		i += n
	}
	return append(b, '"')
}

const hexDigit = "0123456789abcdef"
