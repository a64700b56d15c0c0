package tfighters_test

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"github.com/gamewire/gamewire/fuzz/tfightersgen"
	"github.com/gamewire/gamewire/internal/codectest"
	"github.com/gamewire/gamewire/tfighters"
	"github.com/gamewire/gamewire/wire"
	"github.com/leanovate/gopter"
)

func TestCodes(t *testing.T) {
	seen := map[string]bool{}
	for _, c := range tfighters.Codes {
		name := c.String()
		if seen[name] || !c.Known() {
			t.Errorf("code %#04x: name %q repeated or unknown", uint16(c), name)
		}
		seen[name] = true
		wantFrom := tfighters.FromServer
		if strings.HasPrefix(name, "CMSG_") {
			wantFrom = tfighters.FromClient
		}
		if c.From() != wantFrom {
			t.Errorf("%s: From = %s", name, c.From())
		}
		m := tfighters.New(c, tfighters.AnyDirection)
		if m == nil || code(m) != c || tfighters.New(c, c.From()) == nil || tfighters.New(c, c.From().Other()) != nil {
			t.Errorf("New(%s) = %T", name, m)
			continue
		}
		var back tfighters.Code
		text, _ := c.MarshalText()
		if err := back.UnmarshalText(text); err != nil || back != c {
			t.Errorf("%s: text %s -> %v, %v", name, text, back, err)
		}
	}
	if len(seen) != len(tfighters.Table().Forms) || len(seen) < 31 {
		t.Errorf("%d codes, want one per form of the table (the spec's 31 at least)", len(seen))
	}
	unknown := tfighters.Code(0x7abc)
	if unknown.Known() || tfighters.New(unknown, tfighters.AnyDirection) != nil || unknown.String() != "0x7abc" {
		t.Errorf("code 0x7abc: known %v, name %s", unknown.Known(), unknown)
	}
	if text, _ := unknown.MarshalText(); string(text) != "0x7abc" {
		t.Errorf("MarshalText(0x7abc) = %s", text)
	}
}

// draw returns n values of g.
func draw(t testing.TB, g gopter.Gen, n int) []tfighters.Message {
	t.Helper()
	params := gopter.DefaultGenParameters()
	params.Rng = rand.New(rand.NewSource(1))
	var out []tfighters.Message
	for len(out) < n {
		v, ok := g(params).Retrieve()
		if !ok {
			continue
		}
		m, ok := v.(tfighters.Message)
		if !ok {
			t.Fatalf("generator yields %T", v)
		}
		out = append(out, m)
	}
	return out
}

func TestGeneratorsCoverEveryCode(t *testing.T) {
	for name, g := range map[string]gopter.Gen{"Message": tfightersgen.Message(), "ValidMessage": tfightersgen.ValidMessage()} {
		seen := map[tfighters.Code]bool{}
		for _, m := range draw(t, g, 2000) {
			seen[code(m)] = true
		}
		for _, c := range tfighters.Codes {
			if !seen[c] {
				t.Errorf("%s never generates %s", name, c)
			}
		}
	}
}

func TestValidate(t *testing.T) {
	for _, m := range draw(t, tfightersgen.ValidMessage(), 1000) {
		if err := m.Validate(); err != nil {
			t.Fatalf("valid %T %+v: %v", m, m, err)
		}
	}
	for _, m := range draw(t, tfightersgen.InvalidMessage(), 1000) {
		err := m.Validate()
		var we *wire.Error
		if !errors.Is(err, wire.ErrInvalid) && !errors.Is(err, wire.ErrTooLong) || !errors.As(err, &we) || we.Field == "" {
			t.Fatalf("invalid %T %+v: Validate = %v", m, m, err)
		}
		if _, err := m.AppendBinary(nil); err != nil {
			t.Fatalf("invalid %T must still encode (for fuzzers): %v", m, err)
		}
	}
	// A few rules by hand, with the field they name.
	tests := []struct {
		m     tfighters.Message
		field string
	}{
		{&tfighters.ClientAccel{Accel: 2}, "accel"},
		{&tfighters.ClientTurn{Turn: 1}, "turn"},
		{&tfighters.ClientTurn{Turn: 6}, "turn"},
		{&tfighters.ClientNick{Nick: []byte("a b")}, "nick"},
		{&tfighters.ClientNick{}, "nick"},
		{&tfighters.NickReply{GoodOrBad: 2}, "goodorbad"},
		{&tfighters.ServerSpawn{Type: 3}, "type"},
		{&tfighters.Invincible{YesNo: 2}, "yesno"},
		{&tfighters.ClientSay{Text: bytes.Repeat([]byte{'a'}, 511)}, "text"},
		{raw(0x7abc, nil), "type"},
	}
	for _, tt := range tests {
		var we *wire.Error
		if err := tt.m.Validate(); !errors.As(err, &we) || we.Field != tt.field {
			t.Errorf("%T %+v: Validate = %v, want an error on %s", tt.m, tt.m, err, tt.field)
		}
	}
}

func TestEncodeErrors(t *testing.T) {
	tests := []struct {
		m    tfighters.Message
		kind error
	}{
		{&tfighters.ClientSay{Text: []byte("a\x00b")}, wire.ErrInvalid},
		{&tfighters.NewUser{Nick: []byte{0}}, wire.ErrInvalid},
		{&tfighters.Ping{TimeHigh: []byte{1}}, wire.ErrInvalid},
		{&tfighters.Ping{TimeHigh: []byte{1, 2, 3, 4, 5}}, wire.ErrTooLong},
		{&tfighters.Motd{Text: bytes.Repeat([]byte{'a'}, 65533)}, wire.ErrTooLong},
	}
	for _, tt := range tests {
		prefix := []byte{1, 2}
		b, err := tt.m.AppendBinary(prefix)
		if !errors.Is(err, tt.kind) || !bytes.Equal(b, prefix) {
			t.Errorf("%T: AppendBinary = %x, %v; want the input back and %v", tt.m, b, err, tt.kind)
		}
	}
	// The longest message MaxFrame allows still encodes, and a Stream
	// reads it back; one byte more is too long.
	long := &tfighters.Motd{Text: bytes.Repeat([]byte{'a'}, tfighters.MaxFrame-tfighters.HeaderLen-1)}
	b, err := long.AppendBinary(nil)
	if err != nil || len(b) != tfighters.MaxFrame {
		t.Errorf("%d-byte frame: %v", len(b), err)
	}
	s := tfighters.NewStream(bytes.NewReader(b), tfighters.FromServer)
	s.SetPolicy(wire.Lax) // the text breaks Validate's MaxTextLen
	if m, err := s.Next(); err != nil || m.Size() != tfighters.MaxFrame {
		t.Errorf("reading it back: %v", err)
	}
	long.Text = append(long.Text, 'a')
	if _, err := long.AppendBinary(nil); !errors.Is(err, wire.ErrTooLong) {
		t.Errorf("one byte over MaxFrame: %v", err)
	}
}

// TestDecodeErrors: each frame fails to decode with the sentinel, and the
// field and offset the error names (codectest.CheckBroken); a message's
// own Decode refuses another code, without allocating.
func TestDecodeErrors(t *testing.T) {
	lag, say, ping := "SMSG_LAG", "CMSG_SAY", "SMSG_PING"
	codectest.CheckBroken(t, "tfighters", codectest.Whole(tfighters.Table()), []codectest.Broken{
		// A len that disagrees with the fields is ErrInvalid at len (the
		// generated codecs' rule; the Stream has consumed the frame).
		{Name: "len below 2", Hex: "0100 0300 01000000", From: tfighters.FromServer, Kind: wire.ErrInvalid, Message: lag, Field: "len"},
		{Name: "frame longer than fields", Hex: "0700 0300 01000000 00", From: tfighters.FromServer, Kind: wire.ErrInvalid, Message: lag, Field: "len"},
		{Name: "input shorter than the fields", Hex: "0500 0300 010000", From: tfighters.FromServer, Kind: wire.ErrShort, Message: lag, Field: "diff", Offset: 4},
		{Name: "input ends inside the frame, after the fields", Hex: "0700 0300 01000000", From: tfighters.FromServer, Kind: wire.ErrInvalid, Message: lag, Field: "len"},
		{Name: "string without NUL in its frame", Hex: "0400 0185 6869 | 00", From: tfighters.FromClient, Kind: wire.ErrShort, Message: say, Field: "text", Offset: 4},
		{Name: "string with a NUL before the frame ends", Hex: "0500 0185 68 00 69", From: tfighters.FromClient, Kind: wire.ErrInvalid, Message: say, Field: "len"},
		{Name: "string frame cut short", Hex: "0500 0185 6869", From: tfighters.FromClient, Kind: wire.ErrShort, Message: say, Field: "text", Offset: 4},
		{Name: "wide ping cut short", Hex: "0a00 0200 fd190000 0000", From: tfighters.FromServer, Kind: wire.ErrShort, Message: ping, Field: "timeHigh", Offset: 8},
		{Name: "ping of 6 bytes of time", Hex: "0800 0200 fd190000 0000", From: tfighters.FromServer, Kind: wire.ErrInvalid, Message: ping, Field: "len"},
	})
	codectest.DecodeFails(t, new(tfighters.Lag), codectest.Hex(t, "0600 0100 01000000"), wire.ErrInvalid, "type", 2)
}

func TestDecoder(t *testing.T) {
	msgs := draw(t, tfightersgen.Message(), 500)
	d := tfighters.NewDecoder()
	d.Policy = wire.Lax // generated values break rules
	for _, want := range msgs {
		b := codectest.Encode(t, want)
		from := code(want).From()
		got, n, err := d.Decode(b, from)
		if err != nil || n != len(b) || code(got) != code(want) {
			t.Fatalf("%T: Decode = %T, %d, %v", want, got, n, err)
		}
		if re := codectest.Encode(t, got); !bytes.Equal(re, b) {
			t.Fatalf("%T: re-encodes to %x, want %x", want, re, b)
		}
		if _, isRaw := want.(*wire.Raw); isRaw {
			continue
		}
		// Decode answers as a Decoder of the default policy: the message,
		// with the error of the rule it breaks.
		for _, dir := range []wire.Direction{from, tfighters.AnyDirection} {
			p, _, err := tfighters.Decode(b, dir)
			if p == nil || fmt.Sprint(err) != fmt.Sprint(want.Validate()) || !bytes.Equal(codectest.Encode(t, p), b) {
				t.Fatalf("Decode(%x, %s): %v, %v; want the message and %v", b, dir, p, err, want.Validate())
			}
		}
	}
	hi := codectest.Encode(t, &tfighters.Hi{MyVersion: 1})
	version := codectest.Encode(t, &tfighters.Version{MyVersion: 1})
	unknown := codectest.Encode(t, raw(0x7abc, []byte{9}))
	tests := []struct {
		name   string
		policy wire.Policy
		from   wire.Direction
		b      []byte
		kind   error // of the Decoder
		isRaw  bool
	}{
		{"server code from the server", wire.Checked, tfighters.FromServer, hi, nil, false},
		{"client code from the server: kept", wire.Checked, tfighters.FromServer, version, nil, true},
		{"client code from the server, strict", wire.Strict, tfighters.FromServer, version, wire.ErrUnknownCode, false},
		{"server code from the client: kept", wire.Checked, tfighters.FromClient, hi, nil, true},
		{"unknown code kept", wire.Checked, tfighters.FromServer, unknown, nil, true},
		{"unknown code, strict", wire.Strict, tfighters.FromServer, unknown, wire.ErrUnknownCode, false},
		{"short header", wire.Checked, tfighters.FromServer, hi[:3], wire.ErrShort, false},
	}
	for _, tt := range tests {
		d.Policy = tt.policy
		m, _, err := d.Decode(tt.b, tt.from)
		if !errors.Is(err, tt.kind) || (tt.kind == nil) != (m != nil) {
			t.Errorf("%s: %T, %v; want %v", tt.name, m, err, tt.kind)
			continue
		}
		if _, isRaw := m.(*wire.Raw); isRaw != tt.isRaw {
			t.Errorf("%s: %T", tt.name, m)
		}
		// Decode answers as the Decoder does under the default policy.
		checked := tfighters.NewDecoder()
		cm, cn, cerr := checked.Decode(tt.b, tt.from)
		pm, pn, perr := tfighters.Decode(tt.b, tt.from)
		if (cm == nil) != (pm == nil) || cn != pn || fmt.Sprint(cerr) != fmt.Sprint(perr) {
			t.Errorf("%s: Decode = %v, %d, %v; the Decoder %v, %d, %v", tt.name, pm, pn, perr, cm, cn, cerr)
		}
	}
	d.Policy = wire.Checked
	// Zero allocations in steady state, for good and bad input.
	frames := make([][]byte, len(msgs))
	for i, m := range msgs {
		frames[i] = codectest.Encode(t, m)
	}
	for _, f := range frames {
		d.Decode(f, tfighters.FromServer)
		d.Decode(f, tfighters.FromClient)
	}
	if a := testing.AllocsPerRun(20, func() {
		for _, f := range frames {
			d.Decode(f, tfighters.FromServer)
			d.Decode(f[:len(f)-1], tfighters.FromClient)
		}
	}); a != 0 {
		t.Errorf("Decoder allocates %v times per round", a)
	}
}
