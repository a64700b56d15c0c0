package main

import (
	"fmt"

	"github.com/gamewire/gamewire/bzflag"
	"github.com/gamewire/gamewire/bzflag/world"
	"github.com/gamewire/gamewire/internal/dissector"
	"github.com/gamewire/gamewire/wire"
	"github.com/gamewire/gamewire/wire/spec"
)

// bzflag is a stream protocol: [length u16][code u16][body], big-endian,
// length counting the body only. The same code can have one layout from
// the client and another from the server, so decode and encode need
// -from. Each frame prints as one JSON object, such as
//
//	{"msg":"MsgTeamUpdate","code":29813,"team":"RedTeam","size":1,"active":1,"wins":0,"losses":0}
//
// fixed-width strings as strings without their NUL padding, enums by
// name, player ids as {"serverHostAddr":"192.0.2.1","port":5155,"number":1}.
// A frame of a code without a layout in that direction decodes as
// {"msg":"MsgAudio","code":24949,"body":"<base64>"} (or "msg":"0x7a7a"
// for a code 1.7 does not define) and encodes back. A float that JSON
// numbers cannot hold (NaN, an infinity) is written as a string of its bits,
// "float32:0x7fc00000", and read back from it, as for every protocol
// (floats.go), so every frame survives decode | encode.
func init() {
	p := &protocol{
		name:      "bzflag",
		summary:   "BZFlag 1.7 protocol (protocol.txt of 1.7e6-1.7g2, with the 1.7g2 server's errata), TCP stream, big-endian; [length u16][code u16][body], length counts the body",
		needsFrom: true,
		headerLen: bzflag.HeaderLen,
		table:     bzflag.Table(),
		more: []titledTable{{"the world database's blocks, the data of MsgGetWorld's replies (package bzflag/world):",
			world.Table()}},
		// Codes are two ASCII letters ("gw" for MsgGetWorld).
		codeName: twoLetters,
		port:     bzflag.ServerPort,
		dissector: &dissector.Options{
			Title:    "BZFlag 1.7",
			Displays: map[string]dissector.Display{"IPv4": dissector.IPv4},
			// "connect to server": the server's version string and the
			// port the client reconnects to (bzflag.Handshake).
			Hello: &dissector.Hello{Name: "Handshake", Magic: bzflag.Magic, Port: "port", Fields: []spec.Field{
				{Name: "version", Type: "bytes[8]", Doc: "BZFS, the major version (1 digit), the minor version (2 digits), the revision"},
				{Name: "port", Type: "u16", Doc: "the port the client must reconnect to; 0: rejected"},
			}},
		},
		textExtra: bzflagWorld,
		split:     tableSplit(bzflag.Table()),
		messages:  tableMessages(bzflag.Table()),
		decode:    bzflagDecode,
		encode:    bzflagEncode,
	}
	register(p)
}

// bzflagDirection parses -from; checkFrom has made sure it is set.
func bzflagDirection(from string) (bzflag.Direction, error) {
	var d bzflag.Direction
	if err := d.UnmarshalText([]byte(from)); err != nil {
		return 0, fmt.Errorf("bzflag: -from client or -from server is required")
	}
	return d, nil
}

// bzflagRaw is the JSON form of a frame without a layout: its code is in
// the "code" of the line, its body here.
type bzflagRaw struct {
	Body []byte `json:"body"`
}

func bzflagDecode(unit []byte, from string) ([]byte, error) {
	dir, err := bzflagDirection(from)
	if err != nil {
		return nil, err
	}
	// Lax: frames that break the spec's rules print as they are, and
	// codes without a form as their raw body.
	d := bzflag.NewDecoder()
	d.Policy = wire.Lax
	m, n, err := d.Decode(unit, dir)
	if err != nil {
		return nil, err
	}
	c := bzflag.CodeOf(m)
	if n != len(unit) {
		return nil, fmt.Errorf("bzflag: %s: %d bytes after the message", c, len(unit)-n)
	}
	if raw, ok := m.(*wire.Raw); ok {
		return messageJSON(c.String(), int(c), bzflagRaw{Body: raw.Frame[bzflag.HeaderLen:]})
	}
	return messageJSON(c.String(), int(c), m)
}

func bzflagEncode(obj []byte, from string) ([]byte, error) {
	dir, err := bzflagDirection(from)
	if err != nil {
		return nil, err
	}
	h, err := readHeader(obj)
	if err != nil {
		return nil, err
	}
	var c bzflag.Code
	if err := c.UnmarshalText([]byte(h.Msg)); err != nil {
		return nil, fmt.Errorf("bzflag: no message %q", h.Msg)
	}
	if h.Code != nil && *h.Code != int(c) {
		return nil, fmt.Errorf("bzflag: %s has code %d, not %d", h.Msg, int(c), *h.Code)
	}
	m := bzflag.New(c, dir)
	if m == nil {
		var raw bzflagRaw
		if err := unmarshalFields(obj, &raw); err != nil {
			return nil, fmt.Errorf("bzflag: %s: %w", h.Msg, err)
		}
		if len(raw.Body) > bzflag.MaxBodyLen {
			return nil, fmt.Errorf("bzflag: %s: frame length %d exceeds %d", h.Msg, bzflag.HeaderLen+len(raw.Body), bzflag.HeaderLen+bzflag.MaxBodyLen)
		}
		frame := []byte{byte(len(raw.Body) >> 8), byte(len(raw.Body)), byte(c >> 8), byte(c)}
		return append(frame, raw.Body...), nil
	}
	if err := unmarshalFields(obj, m); err != nil {
		return nil, fmt.Errorf("bzflag: %s: %w", h.Msg, err)
	}
	return appendMessage(m)
}
