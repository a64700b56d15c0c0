package paintball

import (
	"unicode/utf16"
	"unicode/utf8"

	"github.com/gamewire/gamewire/wire"
)

// The Login's JSON form is written by hand (login.go): the generated
// struct holds the username as a []byte, which encoding/json would show
// as base64, and the package uses no reflection.

var errJSON = &wire.Error{Protocol: "paintball", Message: "Login", Field: "username", Err: wire.ErrInvalid}

const hexDigits = "0123456789abcdef"

// appendJSONString appends s, UTF-8, as a JSON string.
func appendJSONString(b, s []byte) []byte {
	b = append(b, '"')
	for _, c := range s {
		switch {
		case c == '"' || c == '\\':
			b = append(b, '\\', c)
		case c < 0x20:
			b = append(b, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&15])
		default:
			b = append(b, c)
		}
	}
	return append(b, '"')
}

// jsonParser reads the few JSON tokens a Login's form has.
type jsonParser struct {
	b []byte
	i int
}

func (p *jsonParser) skipSpace() {
	for p.i < len(p.b) && (p.b[p.i] == ' ' || p.b[p.i] == '\t' || p.b[p.i] == '\n' || p.b[p.i] == '\r') {
		p.i++
	}
}

func (p *jsonParser) eat(c byte) bool {
	if p.i < len(p.b) && p.b[p.i] == c {
		p.i++
		return true
	}
	return false
}

// str reads a JSON string, appending its UTF-8 to dst.
func (p *jsonParser) str(dst []byte) ([]byte, bool) {
	if !p.eat('"') {
		return nil, false
	}
	for p.i < len(p.b) {
		c := p.b[p.i]
		switch {
		case c == '"':
			p.i++
			if dst == nil {
				dst = []byte{}
			}
			return dst, true
		case c < 0x20:
			return nil, false
		case c != '\\':
			dst = append(dst, c)
			p.i++
			continue
		}
		if p.i+1 >= len(p.b) {
			return nil, false
		}
		e := p.b[p.i+1]
		p.i += 2
		switch e {
		case '"', '\\', '/':
			dst = append(dst, e)
		case 'b':
			dst = append(dst, '\b')
		case 'f':
			dst = append(dst, '\f')
		case 'n':
			dst = append(dst, '\n')
		case 'r':
			dst = append(dst, '\r')
		case 't':
			dst = append(dst, '\t')
		case 'u':
			r, ok := p.hex4()
			if !ok {
				return nil, false
			}
			if utf16.IsSurrogate(r) && r < 0xdc00 && p.i+1 < len(p.b) && p.b[p.i] == '\\' && p.b[p.i+1] == 'u' {
				save := p.i
				p.i += 2
				if r2, ok := p.hex4(); ok && r2 >= 0xdc00 && r2 < 0xe000 {
					r = utf16.DecodeRune(r, r2)
				} else {
					p.i = save
				}
			}
			dst = utf8.AppendRune(dst, r) // a lone surrogate becomes U+FFFD, as encoding/json does
		default:
			return nil, false
		}
	}
	return nil, false
}

func (p *jsonParser) hex4() (rune, bool) {
	if p.i+4 > len(p.b) {
		return 0, false
	}
	var r rune
	for _, c := range p.b[p.i : p.i+4] {
		var v byte
		switch {
		case '0' <= c && c <= '9':
			v = c - '0'
		case 'a' <= c && c <= 'f':
			v = c - 'a' + 10
		case 'A' <= c && c <= 'F':
			v = c - 'A' + 10
		default:
			return 0, false
		}
		r = r<<4 | rune(v)
	}
	p.i += 4
	return r, true
}
