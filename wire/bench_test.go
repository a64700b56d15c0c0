package wire_test

import (
	"testing"

	"github.com/gamewire/gamewire/wire"
	"github.com/gamewire/gamewire/wire/internal/toy"
)

// benchOps runs each op as a sub-benchmark.
func benchOps(b *testing.B, ops []hotOp) {
	for _, op := range ops {
		b.Run(op.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				op.fn()
			}
		})
	}
}

// BenchmarkAppend covers the package's text functions, such as
// BenchmarkAppend/ParseText. (The byte orders' benchmark,
// BenchmarkOrder, is package codec's.)
func BenchmarkAppend(b *testing.B) { benchOps(b, appendOps()) }

// BenchmarkDecoder covers a Decoder's answers on its hot path: messages,
// unknown codes and errors, such as BenchmarkDecoder/Say/short.
func BenchmarkDecoder(b *testing.B) { benchOps(b, decoderOps()) }

// BenchmarkFrame covers a Stream's NextFrame (one 32-byte frame per op,
// over an endless stream) and Next, a Conn's Next and WriteMessage, and a
// frame too long, which a Stream reports with its length in its own
// error.
func BenchmarkFrame(b *testing.B) { benchOps(b, frameOps()) }

// BenchmarkMalformedParallel measures the error path of the decoders on
// every core at once: malformed frames through a Decoder per goroutine.
// The errors are the table's, built once, so nothing allocates and no
// lock is taken.
func BenchmarkMalformedParallel(b *testing.B) {
	bad := [][]byte{{0, 4, 0x70}, {0, 9, 0x70, 0x69, 1}, {0, 1, 0x12, 0x34, 0xee}, {0, 5, 0x73, 0x61, 1, 9}}
	b.ReportAllocs()
	b.RunParallel(func(pb *testing.PB) {
		d := wire.NewDecoder(toy.Table)
		d.Policy = wire.Strict
		for i := 0; pb.Next(); i++ {
			if _, _, err := d.Decode(bad[i%len(bad)], wire.FromClient); err == nil {
				b.Error("a malformed frame decoded")
			}
		}
	})
}
