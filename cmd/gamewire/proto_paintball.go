package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

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
// from it, so every packet survives decode | encode. -from is optional:
// no type is defined in both directions but Login, whose layout is the
// same both ways. A stream whose framing breaks (no '*', an undefined
// type) stops there: the frames have no length, so nothing after it can
// be split (docs/errata/paintball.md, 6 and 7).
func init() {
	t := paintball.Table()
	p := &protocol{
		name:      "paintball",
		summary:   "Paintball protocol (undated), TCP stream, big-endian (Java DataOutputStream); ['*' u8][type char][payload], the type ('A' Update, 'C', 'D', 'E' requests, 'F' Login) gives the payload's length; String = writeUTF (u16 count, modified UTF-8)",
		headerLen: 3,
		table:     t,
		codeName: func(c uint32) string {
			if c >= 'A' && c <= 'Z' {
				return string(rune(c))
			}
			return ""
		},
		split: func(r io.Reader) func() ([]byte, error) {
			fr := wire.NewSplitReader(r, t.HardMax, t.FrameLen)
			fr.Protocol = "paintball"
			return fr.Next
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
	p.decode = paintballDecode
	p.encode = paintballEncode(p)
	register(p)
}

// paintballDirection returns the directions a unit may be decoded as.
func paintballDirections(from string) []wire.Direction {
	switch from {
	case "client":
		return []wire.Direction{wire.FromClient}
	case "server":
		return []wire.Direction{wire.FromServer}
	}
	return []wire.Direction{wire.FromServer, wire.FromClient}
}

func paintballDecode(unit []byte, from string) ([]byte, error) {
	var (
		m   paintball.Message
		n   int
		err error
	)
	for _, d := range paintballDirections(from) {
		if m, n, err = paintball.Decode(unit, d); !errors.Is(err, wire.ErrUnknownCode) {
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
	facing := paintballFacing(m)
	if facing == nil || !(math.IsNaN(*facing) || math.IsInf(*facing, 0)) {
		return messageJSON(f.Name, int(f.Code), m)
	}
	// JSON numbers hold no NaN or infinity: the facing (the last field)
	// goes as the string of its bits.
	bits := math.Float64bits(*facing)
	*facing = 0
	obj, err := messageJSON(f.Name, int(f.Code), m)
	if err != nil {
		return nil, err
	}
	const zero = `"facing":0}`
	if !bytes.HasSuffix(obj, []byte(zero)) {
		return nil, fmt.Errorf("paintball: %s: facing is not the last field", f.Name)
	}
	obj = append(obj[:len(obj)-len(zero)], fmt.Sprintf(`"facing":"%s%016x"}`, float64Prefix, bits)...)
	return obj, nil
}

const float64Prefix = "float64:0x"

// paintballFacing returns the facing of m, if it has one.
func paintballFacing(m paintball.Message) *float64 {
	switch m := m.(type) {
	case *paintball.Update:
		return &m.Facing
	case *paintball.PlayerUpdateRequest:
		return &m.Facing
	}
	return nil
}

// paintballEncode encodes the packets of the table, reading a facing
// written as "float64:0x..." back into its exact bits.
func paintballEncode(p *protocol) func(obj []byte, from string) ([]byte, error) {
	table := encodeTable(p)
	return func(obj []byte, from string) ([]byte, error) {
		var fields map[string]json.RawMessage
		if json.Unmarshal(obj, &fields) != nil || len(fields["facing"]) == 0 || fields["facing"][0] != '"' {
			return table(obj, from)
		}
		var s string
		if err := json.Unmarshal(fields["facing"], &s); err != nil {
			return nil, err
		}
		bits, err := strconv.ParseUint(strings.TrimPrefix(s, float64Prefix), 16, 64)
		if !strings.HasPrefix(s, float64Prefix) || len(s) != len(float64Prefix)+16 || err != nil {
			return nil, fmt.Errorf("paintball: field facing: %q is not a number nor %s<16 hex digits>", s, float64Prefix)
		}
		fields["facing"] = json.RawMessage("0")
		plain, err := json.Marshal(fields)
		if err != nil {
			return nil, err
		}
		b, err := table(plain, from)
		if err != nil {
			return nil, err
		}
		// The facing is the last 8 bytes of Update and of Player Update
		// Request, the two packets that have one.
		if len(b) < 8 || (b[2] != paintball.CodeUpdate && b[2] != paintball.CodePlayerUpdateRequest) {
			return nil, fmt.Errorf("paintball: this packet has no facing")
		}
		wire.BigEndian.PutU64(b[len(b)-8:], bits)
		return b, nil
	}
}
