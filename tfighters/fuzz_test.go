package tfighters_test

import (
	"bytes"
	"io"
	"testing"

	"github.com/gamewire/gamewire/fuzz/tfightersgen"
	"github.com/gamewire/gamewire/tfighters"
)

// seeds returns one valid encoding of every message type, the frames
// captured from the original server, and the loopback capture.
func seeds(f *testing.F) [][]byte {
	var out [][]byte
	for _, c := range tfighters.Codes {
		b, err := tfighters.New(c).AppendBinary(nil)
		if err != nil {
			f.Fatal(err)
		}
		out = append(out, b)
	}
	for _, m := range draw(f, tfightersgen.ValidMessage(), 64) {
		b, _ := m.AppendBinary(nil)
		out = append(out, b)
	}
	for _, h := range []string{
		"0a0000000100000005000000", "06000007004f6b00", "0a000200fd19000000000000",
		"29000006050000002823000018790000504600000000000000000000000000000000000000416c69636500",
		"0b000204050000000158120000", "1f0005060500000028230000187900005046000000000000000000000000000000",
		"130000040500000028230000187900000119000000", "110007060500000052656164206572726f7200",
		"0500bc7a010203", "0100", "",
	} {
		out = append(out, mustHex(f, h))
	}
	return out
}

// FuzzDecode: any bytes decode without panic, and what decodes re-encodes
// to the bytes it consumed, with Size equal to their count.
func FuzzDecode(f *testing.F) {
	for _, s := range seeds(f) {
		f.Add(s)
	}
	var d tfighters.Decoder
	f.Fuzz(func(t *testing.T, b []byte) {
		m, n, err := d.Decode(b)
		if err != nil {
			return
		}
		re, err := m.AppendBinary(nil)
		if err != nil || !bytes.Equal(re, b[:n]) || m.Size() != n {
			t.Fatalf("%s: %x decodes (%d bytes) but re-encodes to %x, %v (Size %d)", m.Code(), b, n, re, err, m.Size())
		}
		// The strict path agrees.
		if _, raw := m.(*tfighters.Raw); !raw {
			p, pn, err := tfighters.Parse(tfighters.AnyDirection, b)
			if err != nil || pn != n || p.Code() != m.Code() {
				t.Fatalf("Parse disagrees: %v, %d", err, pn)
			}
		}
		_ = m.Validate()
	})
}

// FuzzStream: a Conn reading any byte stream never panics, and the frames
// it returns re-encode to a prefix of the stream, in order.
func FuzzStream(f *testing.F) {
	all := seeds(f)
	f.Add(bytes.Join(all, nil))
	for _, s := range all {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		c := tfighters.NewConn(rw{bytes.NewReader(b), io.Discard}, tfighters.AnyDirection)
		c.NoValidate = true
		rest := b
		for range len(b) + 1 {
			m, err := c.ReadMessage()
			if c.Broken() {
				return
			}
			if err != nil {
				// A frame that does not decode is skipped whole.
				l := 2 + (int(rest[0]) | int(rest[1])<<8)
				rest = rest[l:]
				continue
			}
			re, _ := m.AppendBinary(nil)
			if !bytes.HasPrefix(rest, re) {
				t.Fatalf("%s re-encodes to %x, not a prefix of %x", m.Code(), re, rest)
			}
			rest = rest[len(re):]
		}
		t.Fatal("more messages than bytes")
	})
}
