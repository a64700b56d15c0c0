package main

import (
	"encoding/json"
	"fmt"
	"io"
	"reflect"
	"strconv"

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
		table:     t,
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
	for _, fl := range f.Layout()[len(tfighters.Table().Header()):] {
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
// "wide" and "timeHigh" to SMSG_PING's tail.
func tfightersFields(f *wire.Form, obj []byte) ([]byte, error) {
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(obj, &fields); err != nil {
		return nil, err
	}
	for _, fl := range f.Layout()[len(tfighters.Table().Header()):] {
		v, ok := fields[fl.Name]
		switch {
		case f.Code == tfighters.CodePing && fl.Name == "timeHigh":
			var wide bool
			var high uint32
			if w, ok := fields["wide"]; ok {
				if err := decodeJSON(w, &wide, "wide"); err != nil {
					return nil, err
				}
			}
			if ok {
				if err := decodeJSON(v, &high, "timeHigh"); err != nil {
					return nil, err
				}
			}
			delete(fields, "wide")
			if !wide && high != 0 {
				return nil, fmt.Errorf("field timeHigh: %d needs \"wide\": true", high)
			}
			var tail []byte
			if wide {
				tail = wire.LittleEndian.AppendU32(nil, high)
			}
			b, _ := json.Marshal(tail)
			fields[fl.Name] = b
		case fl.Type == "cstring" && ok:
			var t wire.Text
			if err := decodeJSON(v, &t, fl.Name); err != nil {
				return nil, err
			}
			b, _ := json.Marshal([]byte(t))
			fields[fl.Name] = b
		}
	}
	return json.Marshal(fields)
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
			if err := checkStrict(obj, reflect.TypeOf(m)); err != nil {
				return nil, fmt.Errorf("%s: %s: %w", p.name, h.Msg, err)
			}
			fields, err := tfightersFields(m.Form(), obj)
			if err == nil {
				err = unmarshalFields(fields, m)
			}
			if err != nil {
				return nil, fmt.Errorf("%s: %s: %w", p.name, h.Msg, err)
			}
			return appendMessage(m)
		}
		if from != "" && c.From() != tfightersDirection(from) {
			return nil, fmt.Errorf("tfighters: code %s is not sent by the %s", h.Msg, from)
		}
		var m tfightersRaw
		if err := unmarshalFields(obj, &m); err != nil {
			return nil, fmt.Errorf("tfighters: %s: %w", h.Msg, err)
		}
		if n := tfighters.HeaderLen + len(m.Data); n > tfighters.MaxFrame {
			return nil, fmt.Errorf("tfighters: frame length %d exceeds %d", n, tfighters.MaxFrame)
		}
		b := wire.LittleEndian.AppendU16(nil, uint16(2+len(m.Data)))
		b = wire.LittleEndian.AppendU16(b, uint16(c))
		return append(b, m.Data...), nil
	}
}
