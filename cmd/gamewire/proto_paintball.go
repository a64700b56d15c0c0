package main

import (
	"errors"
	"fmt"

	"github.com/gamewire/gamewire/internal/dissector"
	"github.com/gamewire/gamewire/paintball"
	"github.com/gamewire/gamewire/wire"
)

// paintball is a stream protocol: '*', the type as a big-endian Java char
// ('A' = 0x0041), then a payload whose length the type gives (a Login's
// from its writeUTF count). Each packet prints as one JSON object, such as
//
//	{"msg":"Update","code":65,"objectType":"player","objectId":7,"positionX":100,"positionY":200,"velocityX":-5,"velocityY":3,"facing":1.5707963267948966}
//	{"msg":"Login","code":70,"username":"alice"}
//
// The username is text (NUL as \x00, a lone surrogate as the \xHH of its
// bytes); a facing JSON numbers cannot hold (NaN, an infinity) is written
// as the string of its bits, "float64:0x7ff8000000000000", and read back
// from it (floats.go), so every packet survives decode | encode. -from is optional:
// no type is defined in both directions but Login, whose layout is the
// same both ways. A stream whose framing breaks (no '*', an undefined
// type) stops there: the frames have no length, so nothing after it can
// be split (docs/errata/paintball.md, 6 and 7).
func init() {
	t := paintball.Table()
	p := tableProtocol("paintball", "Paintball protocol (undated), TCP stream, big-endian (Java DataOutputStream); ['*' u8][type char][payload], the type ('A' Update, 'C', 'D', 'E' requests, 'F' Login) gives the payload's length; String = writeUTF (u16 count, modified UTF-8)", t)
	p.headerLen = 3
	p.dissector = &dissector.Options{Title: "Paintball"}
	p.codeName = func(c uint32) string {
		if c >= 'A' && c <= 'Z' {
			return string(rune(c))
		}
		return ""
	}
	p.decode = paintballDecode
	p.encode = encodeTable(p)
	register(p)
}

func paintballDecode(unit []byte, from string) ([]byte, error) {
	var (
		m   paintball.Message
		n   int
		err error
	)
	for _, d := range directions(from, wire.FromServer, wire.FromClient) {
		if m, n, err = decodeUnit(paintball.Table(), unit, d); !errors.Is(err, wire.ErrUnknownCode) {
			break
		}
	}
	if err != nil {
		return nil, err
	}
	if n != len(unit) {
		return nil, fmt.Errorf("paintball: %s: %d bytes after the packet", m.Form().Name, len(unit)-n)
	}
	f := m.Form()
	return messageJSON(f.Name, int(f.Code), m)
}
