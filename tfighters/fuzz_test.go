package tfighters_test

import (
	"bytes"
	"io"
	"slices"
	"testing"

	"github.com/gamewire/gamewire/fuzz/tfightersgen"
	"github.com/gamewire/gamewire/internal/codectest"
	"github.com/gamewire/gamewire/tfighters"
	"github.com/gamewire/gamewire/wire"
)

// seeds returns one valid encoding of every message type, 64 valid
// messages drawn at random, every golden vector (the frames captured from
// the original server among them), and a few odd frames.
func seeds(f *testing.F) [][]byte {
	var out [][]byte
	for _, c := range tfighters.Codes {
		out = append(out, codectest.Encode(f, tfighters.New(c, tfighters.AnyDirection)))
	}
	out = append(out, codectest.Encodings(f, draw(f, tfightersgen.ValidMessage(), 64)...)...)
	for _, v := range slices.Concat(goldenOriginal, goldenSpec) {
		out = append(out, codectest.Hex(f, v.Hex))
	}
	for _, h := range []string{"0b000204050000000158120000", "0500bc7a010203", "0100", ""} {
		out = append(out, codectest.Hex(f, h))
	}
	return out
}

// FuzzDecode: any bytes decode without panic, and what decodes re-encodes
// to the bytes it consumed, with Size equal to their count; every decode
// error is a *wire.Error, and Validate names the rule a message breaks.
func FuzzDecode(f *testing.F) {
	codectest.AddSeeds(f, seeds(f))
	d := codectest.Decoding{Decoder: tfighters.NewDecoder(), Decode: tfighters.Decode,
		From: []wire.Direction{tfighters.FromServer, tfighters.FromClient}}
	f.Fuzz(func(t *testing.T, b []byte) { d.Fuzz(t, b) })
}

// FuzzStream: a Conn reading any byte stream never panics, and the frames
// it returns re-encode to a prefix of the stream, in order; the error of a
// frame that does not decode is a *wire.Error, and every message read
// passes checkValidate.
func FuzzStream(f *testing.F) {
	codectest.AddStream(f, seeds(f))
	f.Fuzz(func(t *testing.T, b []byte) {
		for _, from := range []wire.Direction{tfighters.FromServer, tfighters.FromClient} {
			stream(t, b, from)
		}
	})
}

// stream reads b as the frames from sends, checking that what a Conn
// returns re-encodes to a prefix of the rest, in order.
func stream(t *testing.T, b []byte, from wire.Direction) {
	c := tfighters.NewConn(rw{bytes.NewReader(b), io.Discard}, from)
	c.SetPolicy(wire.Lax)
	rest := b
	for range len(b) + 1 {
		m, err := c.Next()
		if broken(err) {
			return
		}
		if err != nil {
			codectest.CheckError(t, err)
			// A frame that does not decode is skipped whole.
			l := 2 + (int(rest[0]) | int(rest[1])<<8)
			rest = rest[l:]
			continue
		}
		codectest.CheckValidate(t, m)
		re, _ := m.AppendBinary(nil)
		if !bytes.HasPrefix(rest, re) {
			t.Fatalf("%s re-encodes to %x, not a prefix of %x", code(m), re, rest)
		}
		rest = rest[len(re):]
	}
	t.Fatal("more messages than bytes")
}
