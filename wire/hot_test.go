package wire_test

import (
	"bytes"
	"io"

	"github.com/gamewire/gamewire/internal/nettest"
	"github.com/gamewire/gamewire/wire"
	"github.com/gamewire/gamewire/wire/internal/toy"
)

// hotOp is one call on a hot path. The same bodies serve the allocation
// tests (TestAllocs) and the benchmarks, so what is measured is what is
// shown not to allocate.
type hotOp struct {
	name string
	fn   func()
}

// Sinks keep the compiler from dropping the calls.
var (
	sinkBool  bool
	sinkBytes []byte
	sinkMsg   wire.Message
	sinkErr   error
)

// appendOps are the package's text functions, into a buffer with
// capacity.
func appendOps() []hotOp {
	buf := make([]byte, 0, 256)
	text := []byte(`caf\xe9 \\ \x00`)
	raw := []byte("caf\xe9 \\ \x00 ok")
	var field [16]byte
	return []hotOp{
		{"Text", func() { buf = wire.AppendText(buf[:0], raw) }},
		{"ParseText", func() { buf, sinkErr = wire.ParseText(buf[:0], text) }},
		{"UnmarshalFixed", func() { sinkErr = wire.UnmarshalFixed(field[:], text) }},
		{"IsTimeout", func() { sinkBool = wire.IsTimeout(sinkErr) }},
	}
}

// decoderOps are a Decoder's answers to frames of the toy, on its hot
// path (the second frame of a form on): a message ("ok"), the frame of
// an unknown code (a Raw), and the error paths, whose errors are the
// table's or the Decoder's own (a field after a variable part).
func decoderOps() []hotOp {
	d := wire.NewDecoder(toy.Table)
	strict := wire.NewDecoder(toy.Table)
	strict.Policy = wire.Strict
	lax := wire.NewDecoder(toy.Table)
	lax.Policy = wire.Lax
	ping := toy.Frame(&toy.Ping{Value: 7})
	bad := toy.Frame(&toy.Ping{Value: 13})
	say := toy.Frame(&toy.Say{Kind: 1, Text: []byte("hello"), After: 2})
	unknown := []byte{0, 1, 0x12, 0x34, 0xee}
	decode := func(d *wire.Decoder, b []byte, from wire.Direction) func() {
		return func() { sinkMsg, _, sinkErr = d.Decode(b, from) }
	}
	return []hotOp{
		{"Ping/ok", decode(d, ping, wire.FromClient)},
		{"Say/ok", decode(d, say, wire.FromServer)},
		{"Say/lax/ok", decode(lax, say, wire.FromServer)},
		{"Unknown/ok", decode(d, unknown, wire.FromClient)},
		{"Ping/short", decode(d, ping[:6], wire.FromClient)},
		{"Say/short", decode(d, say[:len(say)-1], wire.FromClient)}, // after: the Decoder's error
		{"Code/short", decode(d, ping[:3], wire.FromClient)},
		{"Ping/invalid", decode(d, bad, wire.FromClient)},
		{"Ping/strict/invalid", decode(strict, bad, wire.FromClient)},
		{"Unknown/strict/unknown", decode(strict, unknown, wire.FromClient)},
	}
}

// benchFrames is the stream the framing benchmark reads over and over: 8
// frames of 32 bytes each of the test protocol (framing).
var benchFrames = func() []byte {
	var b []byte
	for i := range 8 {
		b = append(b, stream(string(bytes.Repeat([]byte{byte(i)}, 28)))...)
	}
	return b
}()

// frameOps are a Stream's framing and decoding and a Conn's writes in
// steady state: one frame per call, after the first call allocated the
// buffers; a frame too long, which a Stream reports with its length in
// its own error, again on every call (the error is final); and a Reset.
func frameOps() []hotOp {
	frames := wire.NewStream(framing(1024, nil), &nettest.Repeat{B: benchFrames}, wire.FromClient)
	frames.NextFrame()
	msgs := wire.NewStream(toy.Table, &nettest.Repeat{B: bytes.Join([][]byte{
		toy.Frame(&toy.Ping{Value: 1}),
		toy.Frame(&toy.Say{Text: []byte("hi")}),
		toy.Frame(&toy.Ping{Value: 13}), // breaks a rule
	}, nil)}, wire.FromClient)
	conn := wire.NewConn(toy.Table, struct {
		io.Reader
		io.Writer
	}{&nettest.Repeat{B: toy.Frame(&toy.Pong{X: 1})}, io.Discard}, wire.FromServer)
	conn.Tap = func(wire.Direction, []byte) {}
	ping := &toy.Ping{Value: 1}
	long := []byte{0xff, 0xff, 0}
	sLong := wire.NewStream(toy.Table, bytes.NewReader(long), wire.FromClient)
	r := bytes.NewReader(nil)
	return []hotOp{
		{"Stream/NextFrame", func() { sinkBytes, sinkErr = frames.NextFrame() }},
		{"Stream/Next", func() { sinkMsg, sinkErr = msgs.Next() }},
		{"Conn/Next", func() { sinkMsg, sinkErr = conn.Next() }},
		{"Conn/WriteMessage", func() { sinkErr = conn.WriteMessage(ping) }},
		{"Stream/Next/toolong", func() { sinkMsg, sinkErr = sLong.Next() }},
		{"Stream/Reset", func() { r.Reset(long); sLong.Reset(r); sinkMsg, sinkErr = sLong.Next() }},
	}
}

// hotGroups names the groups of hot operations, as the benchmarks do.
func hotGroups() []struct {
	name string
	ops  []hotOp
} {
	return []struct {
		name string
		ops  []hotOp
	}{
		{"Append", appendOps()},
		{"Decoder", decoderOps()},
		{"Frame", frameOps()},
	}
}
