package main

import (
	"encoding/json"
	"fmt"
	"strconv"

	"github.com/gamewire/gamewire/internal/dissector"
	"github.com/gamewire/gamewire/tfighters"
	"github.com/gamewire/gamewire/wire"
	"github.com/gamewire/gamewire/wire/codec"
	"github.com/gamewire/gamewire/wire/spec"
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
	p := tableProtocol("tfighters", "TFighters protocol v2 (2003-08-30), TCP stream, little-endian; [len u16][type u16][data], len counts type and data; codes 0x0000-0x7fff server->client, 0x8000-0xffff client->server; SMSG_PING from a 64-bit server is wide: an 8-byte time, timeHigh (u32) at 8", tfighters.Table())
	p.headerLen = tfighters.HeaderLen
	p.dissector = &dissector.Options{
		Title:    "TFighters v2",
		Displays: map[string]dissector.Display{"Dbl": dissector.Fixed100},
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

func tfightersDecode(unit []byte, from string) ([]byte, error) {
	c, err := tfighters.Table().Code(unit)
	if err != nil {
		return nil, err
	}
	if code := tfighters.Code(c); !code.Known() && (from == "" || code.From() == direction(from)) {
		return messageJSON(code.String(), int(c), tfightersRaw{Type: code, Data: unit[tfighters.HeaderLen:]})
	}
	code := tfighters.Code(c)
	if d := direction(from); d != wire.Both && code.From() != d {
		// A code of the other side's range: the spec splits the codes
		// by direction.
		if f := tfighters.Table().Lookup(c, code.From()); f != nil {
			return nil, f.Err("type", wire.ErrInvalid)
		}
	}
	m, n, err := decodeUnit(tfighters.Table(), unit, code.From())
	if err != nil {
		return nil, err
	}
	if n != len(unit) {
		return nil, fmt.Errorf("tfighters: %s: %d bytes after the message", m.Form().Name, len(unit)-n)
	}
	return tfightersJSON(m)
}

// tfightersJSON returns m as one JSON object in the table's field order,
// with byte strings (cstring) as text (wire.Text: UTF-8 as it is, other
// bytes as \xHH) rather than encoding/json's base64 of a []byte, and
// SMSG_PING's 0- or 4-byte tail as "wide" and a number "timeHigh".
func tfightersJSON(m tfighters.Message) ([]byte, error) {
	f := m.Form()
	js, err := json.Marshal(m)
	if err != nil {
		return nil, err
	}
	var obj map[string]json.RawMessage
	if err := json.Unmarshal(js, &obj); err != nil {
		return nil, err
	}
	b := []byte(`{"msg":`)
	b = strconv.AppendQuote(b, f.Name)
	b = append(b, `,"code":`...)
	b = strconv.AppendUint(b, uint64(f.Code), 10)
	for _, fl := range f.Layout()[len(tfighters.Table().HeaderLayout()):] {
		v := obj[fl.Name]
		if p, ok := m.(*tfighters.Ping); ok && fl.Name == "timeHigh" {
			b = append(b, `,"wide":`...)
			b = strconv.AppendBool(b, p.Wide())
			b = append(b, `,"timeHigh":`...)
			b = strconv.AppendUint(b, p.Time64()>>32, 10)
			continue
		}
		if fl.Type == "cstring" {
			var s []byte
			if err := json.Unmarshal(v, &s); err != nil {
				return nil, err
			}
			if v, err = json.Marshal(wire.Text(s)); err != nil {
				return nil, err
			}
		}
		b = append(b, ',')
		b = strconv.AppendQuote(b, fl.Name)
		b = append(b, ':')
		b = append(b, v...)
	}
	return append(b, '}'), nil
}

// tfightersFields turns the JSON object obj of form f, as tfightersJSON
// writes it, into the JSON of f's Go type: text strings to []byte,
// "wide" and "timeHigh" to SMSG_PING's tail. The members keep their order
// and any repeated key, for unmarshalFields to refuse.
func tfightersFields(f *spec.Form, obj []byte) ([]byte, error) {
	members, err := splitObject(obj)
	if err != nil {
		return nil, err
	}
	ping := f.Code == tfighters.CodePing
	var wide bool
	high, wideSeen := -1, false
	kept := members[:0]
	for _, m := range members {
		switch {
		case ping && m.key == "wide":
			if wideSeen {
				return nil, fieldErr("wide", "the key appears twice")
			}
			wideSeen = true
			if err := decodeJSON(m.val, &wide, "wide"); err != nil {
				return nil, err
			}
			continue
		case ping && m.key == "timeHigh":
			high = len(kept)
		case m.key != "msg" && m.key != "code" && isCString(f, m.key):
			var t wire.Text
			if err := decodeJSON(m.val, &t, m.key); err != nil {
				return nil, err
			}
			m.val, _ = json.Marshal([]byte(t))
		}
		kept = append(kept, m)
	}
	if ping {
		var h uint32
		if high >= 0 {
			if err := decodeJSON(kept[high].val, &h, "timeHigh"); err != nil {
				return nil, err
			}
		} else {
			kept, high = append(kept, jsonMember{key: "timeHigh"}), len(kept)
		}
		if !wide && h != 0 {
			return nil, fmt.Errorf("field timeHigh: %d needs \"wide\": true", h)
		}
		var tail []byte
		if wide {
			tail = codec.LittleEndian.AppendU32(nil, h)
		}
		kept[high].val, _ = json.Marshal(tail)
	}
	return joinObject(kept), nil
}

// isCString reports whether the field of f named name is a cstring.
func isCString(f *spec.Form, name string) bool {
	for _, fl := range f.Layout()[len(tfighters.Table().HeaderLayout()):] {
		if fl.Name == name {
			return fl.Type == "cstring"
		}
	}
	return false
}

// tfightersEncode encodes the messages of the table, and Raw frames for
// codes the spec does not define.
func tfightersEncode(p *protocol) func(obj []byte, from string) ([]byte, error) {
	return func(obj []byte, from string) ([]byte, error) {
		h, err := readHeader(obj)
		if err != nil {
			return nil, err
		}
		var c tfighters.Code
		if c.UnmarshalText([]byte(h.Msg)) != nil || c.Known() {
			info, err := lookupMessage(p, h.Msg, from)
			if err != nil {
				return nil, err
			}
			if h.Code != nil && *h.Code != info.Code {
				return nil, fmt.Errorf("%s: %s has code %d, not %d", p.name, h.Msg, info.Code, *h.Code)
			}
			m := info.New().(tfighters.Message)
			fields, err := tfightersFields(m.Form(), obj)
			if err == nil {
				err = unmarshalFields(fields, m)
			}
			if err != nil {
				return nil, fmt.Errorf("%s: %s: %w", p.name, h.Msg, err)
			}
			return appendMessage(m)
		}
		if from != "" && c.From() != direction(from) {
			return nil, fmt.Errorf("tfighters: code %s is not sent by the %s", h.Msg, from)
		}
		var m tfightersRaw
		if err := unmarshalFields(obj, &m); err != nil {
			return nil, fmt.Errorf("tfighters: %s: %w", h.Msg, err)
		}
		if n := tfighters.HeaderLen + len(m.Data); n > tfighters.MaxFrame {
			return nil, fmt.Errorf("tfighters: frame length %d exceeds %d", n, tfighters.MaxFrame)
		}
		b := codec.LittleEndian.AppendU16(nil, uint16(2+len(m.Data)))
		b = codec.LittleEndian.AppendU16(b, uint16(c))
		return append(b, m.Data...), nil
	}
}
