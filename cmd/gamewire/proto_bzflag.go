package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"reflect"
	"strconv"
	"strings"

	"github.com/gamewire/gamewire/bzflag"
	"github.com/gamewire/gamewire/wire"
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
// "float32:0x7fc00000", and read back from it, so every frame survives
// decode | encode.
func init() {
	p := &protocol{
		name:      "bzflag",
		summary:   "BZFlag 1.7 protocol (protocol.txt of 1.7e6-1.7g2, with the 1.7g2 server's errata), TCP stream, big-endian; [length u16][code u16][body], length counts the body",
		needsFrom: true,
		headerLen: bzflag.HeaderLen,
		table:     bzflag.Table(),
		// Codes are two ASCII letters ("gw" for MsgGetWorld).
		codeName: func(c uint32) string { return string([]byte{byte(c >> 8), byte(c)}) },
		split:    streamSplitter("bzflag", bzflag.HeaderLen, bzflag.MaxPacketLen, bzflag.FrameLen),
	}
	t := bzflag.Table()
	for i := range t.Forms {
		f := &t.Forms[i]
		p.messages = append(p.messages, messageInfo{
			Name: f.Name,
			Code: int(f.Code),
			From: f.From.String(), // "client", "server" or "both"
			New:  func() Message { return t.New(f) },
		})
	}
	p.decode = bzflagDecode
	p.encode = bzflagEncode
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
	return messageJSON(c.String(), int(c), bzflagNonFinite(m))
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
		if err := json.Unmarshal(obj, &raw); err != nil {
			return nil, fmt.Errorf("bzflag: %s: %w", h.Msg, err)
		}
		if len(raw.Body) > bzflag.MaxBodyLen {
			return nil, fmt.Errorf("bzflag: %s: a body of %d bytes is longer than a frame holds (%d)", h.Msg, len(raw.Body), bzflag.MaxBodyLen)
		}
		frame := []byte{byte(len(raw.Body) >> 8), byte(len(raw.Body)), byte(c >> 8), byte(c)}
		return append(frame, raw.Body...), nil
	}
	if err := bzflagUnmarshal(obj, m); err != nil {
		return nil, fmt.Errorf("bzflag: %s: %w", h.Msg, err)
	}
	return m.AppendBinary(nil)
}

// floatPatch is a float32 field that JSON numbers cannot hold: where it is
// (JSON keys and array indices) and its bits.
type floatPatch struct {
	path []any
	bits uint32
}

const floatPrefix = "float32:0x"

// walkFloats calls f for every float32 in v (a struct, array or float),
// with its JSON path.
func walkFloats(v reflect.Value, path []any, f func(v reflect.Value, path []any)) {
	switch v.Kind() {
	case reflect.Float32:
		f(v, path)
	case reflect.Array:
		for i := 0; i < v.Len(); i++ {
			walkFloats(v.Index(i), append(path[:len(path):len(path)], i), f)
		}
	case reflect.Struct:
		for i := 0; i < v.NumField(); i++ {
			name, _, _ := strings.Cut(v.Type().Field(i).Tag.Get("json"), ",")
			if name != "" && name != "-" {
				walkFloats(v.Field(i), append(path[:len(path):len(path)], name), f)
			}
		}
	}
}

// bzflagNonFinite returns m itself if all its floats are finite, else a
// JSON object of m with each NaN or infinity replaced by its bits as a
// string.
func bzflagNonFinite(m bzflag.Message) any {
	c := reflect.New(reflect.TypeOf(m).Elem())
	c.Elem().Set(reflect.ValueOf(m).Elem())
	var patches []floatPatch
	walkFloats(c.Elem(), nil, func(v reflect.Value, path []any) {
		x := v.Float()
		if math.IsNaN(x) || math.IsInf(x, 0) {
			patches = append(patches, floatPatch{path, math.Float32bits(float32(x))})
			v.SetFloat(0)
		}
	})
	if patches == nil {
		return m
	}
	b, err := json.Marshal(c.Interface())
	if err != nil {
		return m
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	var obj any
	if dec.Decode(&obj) != nil {
		return m
	}
	for _, p := range patches {
		setPath(obj, p.path, fmt.Sprintf("%s%08x", floatPrefix, p.bits))
	}
	return obj
}

// setPath sets the element of a decoded JSON value at path.
func setPath(obj any, path []any, x any) {
	for i, k := range path {
		last := i == len(path)-1
		switch o := obj.(type) {
		case map[string]any:
			if last {
				o[k.(string)] = x
			}
			obj = o[k.(string)]
		case []any:
			if last {
				o[k.(int)] = x
			}
			obj = o[k.(int)]
		}
	}
}

// getPath returns the element of a decoded JSON value at path, or nil.
func getPath(obj any, path []any) any {
	for _, k := range path {
		switch o := obj.(type) {
		case map[string]any:
			obj = o[k.(string)]
		case []any:
			if i := k.(int); i < len(o) {
				obj = o[i]
			} else {
				return nil
			}
		default:
			return nil
		}
	}
	return obj
}

// bzflagUnmarshal fills m from a JSON object, reading floats written as
// "float32:0x..." strings back into their exact bits.
func bzflagUnmarshal(obj []byte, m bzflag.Message) error {
	dec := json.NewDecoder(bytes.NewReader(obj))
	dec.UseNumber()
	var tree any
	if err := dec.Decode(&tree); err != nil {
		return err
	}
	var patches []floatPatch
	var perr error
	walkFloats(reflect.ValueOf(m).Elem(), nil, func(v reflect.Value, path []any) {
		s, ok := getPath(tree, path).(string)
		if !ok {
			return
		}
		bits, err := strconv.ParseUint(strings.TrimPrefix(s, floatPrefix), 16, 32)
		if !strings.HasPrefix(s, floatPrefix) || err != nil {
			perr = fmt.Errorf("%q is not a number nor %s<8 hex digits>", s, floatPrefix)
			return
		}
		patches = append(patches, floatPatch{path, uint32(bits)})
		setPath(tree, path, json.Number("0"))
	})
	if perr != nil {
		return perr
	}
	if patches != nil {
		b, err := json.Marshal(tree)
		if err != nil {
			return err
		}
		obj = b
	}
	if err := unmarshalFields(obj, m); err != nil {
		return err
	}
	for _, p := range patches {
		v := reflect.ValueOf(m).Elem()
		walkFloats(v, nil, func(f reflect.Value, path []any) {
			if fmt.Sprint(path) == fmt.Sprint(p.path) {
				f.SetFloat(float64(math.Float32frombits(p.bits)))
			}
		})
	}
	return nil
}
