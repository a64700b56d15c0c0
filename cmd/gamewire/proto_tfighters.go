package main

import (
	"encoding/json"
	"fmt"
	"io"

	"github.com/gamewire/gamewire/tfighters"
	"github.com/gamewire/gamewire/wire"
)

// tfighters is a stream protocol: [len u16][type u16][data], little-endian,
// len counting the type and the data. Each frame prints as one JSON
// object, such as
//
//	{"msg":"SMSG_ACCEL","code":1024,"id":5,"x":"90.00","y":"310.00","accel":1,"speed":"0.25"}
//
// dbl fields appear as exact decimals ("90.00"), strings as strings, enums
// by name. A frame of a code the spec does not define decodes as
// {"msg":"0x7abc","code":31420,"type":"0x7abc","data":"..."} and encodes
// back; -from restricts decoding to one direction's codes. The message
// list, the framing and the dispatch all come from tfighters.Table().
func init() {
	t := tfighters.Table()
	p := &protocol{
		name:      "tfighters",
		summary:   "TFighters protocol v2 (2003-08-30), TCP stream, little-endian; [len u16][type u16][data], len counts type and data; codes 0x0000-0x7fff server->client, 0x8000-0xffff client->server; SMSG_PING from a 64-bit server is wide: an 8-byte time, timeHigh (u32) at 8",
		headerLen: tfighters.HeaderLen,
		split: func(r io.Reader) func() ([]byte, error) {
			return tfighters.NewStream(r, tfighters.FromServer).NextFrame
		},
	}
	for i := range t.Forms {
		f := &t.Forms[i]
		p.messages = append(p.messages, messageInfo{
			Name: f.Name,
			Code: int(f.Code),
			From: f.From.String(),
			New:  func() Message { return t.New(f) },
		})
	}
	p.decode = tfightersDecode
	p.encode = tfightersEncode(p)
	register(p)
}

// tfightersRaw is the JSON shape of a frame of a code the spec does not
// define: its type and the bytes after it.
type tfightersRaw struct {
	Type tfighters.Code `json:"type"`
	Data wire.Text      `json:"data"`
}

func tfightersDirection(from string) wire.Direction {
	switch from {
	case "client":
		return tfighters.FromClient
	case "server":
		return tfighters.FromServer
	}
	return tfighters.AnyDirection
}

func tfightersDecode(unit []byte, from string) ([]byte, error) {
	c, err := tfighters.Table().Code(unit)
	if err != nil {
		return nil, err
	}
	if code := tfighters.Code(c); !code.Known() && (from == "" || code.From() == tfightersDirection(from)) {
		return messageJSON(code.String(), int(c), tfightersRaw{Type: code, Data: unit[tfighters.HeaderLen:]})
	}
	m, n, err := tfighters.Decode(unit, tfightersDirection(from))
	if err != nil {
		return nil, err
	}
	if n != len(unit) {
		return nil, fmt.Errorf("tfighters: %s: %d bytes after the message", m.Form().Name, len(unit)-n)
	}
	return messageJSON(m.Form().Name, int(m.Form().Code), m)
}

// tfightersEncode encodes the messages of the table, and Raw frames for
// codes the spec does not define.
func tfightersEncode(p *protocol) func(obj []byte, from string) ([]byte, error) {
	table := encodeTable(p)
	return func(obj []byte, from string) ([]byte, error) {
		h, err := readHeader(obj)
		if err != nil {
			return nil, err
		}
		var c tfighters.Code
		if c.UnmarshalText([]byte(h.Msg)) != nil || c.Known() {
			return table(obj, from)
		}
		if from != "" && c.From() != tfightersDirection(from) {
			return nil, fmt.Errorf("tfighters: code %s is not sent by the %s", h.Msg, from)
		}
		var m tfightersRaw
		if err := json.Unmarshal(obj, &m); err != nil {
			return nil, fmt.Errorf("tfighters: %s: %w", h.Msg, err)
		}
		if tfighters.HeaderLen+len(m.Data) > 2+0xffff {
			return nil, fmt.Errorf("tfighters: %s: data too long", h.Msg)
		}
		b := wire.LittleEndian.AppendU16(nil, uint16(2+len(m.Data)))
		b = wire.LittleEndian.AppendU16(b, uint16(c))
		return append(b, m.Data...), nil
	}
}
