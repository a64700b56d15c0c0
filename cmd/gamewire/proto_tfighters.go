package main

import (
	"encoding/json"
	"fmt"

	"github.com/gamewire/gamewire/tfighters"
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
// back; -from restricts decoding to one direction's codes.
func init() {
	p := &protocol{
		name:      "tfighters",
		summary:   "TFighters protocol v2 (2003-08-30), TCP stream, little-endian; [len u16][type u16][data], len counts type and data; codes 0x0000-0x7fff server->client, 0x8000-0xffff client->server; SMSG_PING from a 64-bit server is wide: an 8-byte time, timeHigh (u32) at 8",
		headerLen: tfighters.HeaderLen,
		split:     streamSplitter("tfighters", tfighters.HeaderLen, tfighters.MaxFrame, tfighters.FrameLen),
	}
	for _, c := range tfighters.Codes {
		p.messages = append(p.messages, messageInfo{
			Name: c.String(),
			Code: int(c),
			From: c.From().String(),
			New:  func() Message { return tfighters.New(c) },
		})
	}
	p.decode = tfightersDecode
	p.encode = tfightersEncode(p)
	register(p)
}

func tfightersDirection(from string) tfighters.Direction {
	switch from {
	case "client":
		return tfighters.FromClient
	case "server":
		return tfighters.FromServer
	}
	return tfighters.AnyDirection
}

func tfightersDecode(unit []byte, from string) ([]byte, error) {
	d := tfighters.Decoder{From: tfightersDirection(from)}
	m, n, err := d.Decode(unit)
	if err != nil {
		return nil, err
	}
	if n != len(unit) {
		return nil, fmt.Errorf("tfighters: %s: %d bytes after the message", m.Code(), len(unit)-n)
	}
	name, _ := m.Code().MarshalText()
	return messageJSON(string(name), int(m.Code()), m)
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
		var m tfighters.Raw
		if err := json.Unmarshal(obj, &m); err != nil {
			return nil, fmt.Errorf("tfighters: %s: %w", h.Msg, err)
		}
		m.Type = c
		return m.AppendBinary(nil)
	}
}
