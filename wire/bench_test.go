package wire_test

import (
	"testing"

	"github.com/gamewire/gamewire/wire"
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

// BenchmarkOrder covers every Order method in both orders, such as
// BenchmarkOrder/U16/big.
func BenchmarkOrder(b *testing.B) { benchOps(b, orderOps()) }

// BenchmarkAppend covers the package's append and conversion functions.
func BenchmarkAppend(b *testing.B) { benchOps(b, appendOps()) }

// BenchmarkReader covers every Reader method, successful and failing.
func BenchmarkReader(b *testing.B) { benchOps(b, readerOps()) }

// BenchmarkFrame covers FrameReader.Next (one 32-byte frame per op, over
// an in-memory stream that starts again at its end) and
// FrameWriter.WriteMessage.
func BenchmarkFrame(b *testing.B) { benchOps(b, frameOps()) }

// BenchmarkMalformedParallel measures the error path of the decoders on
// every core at once: malformed frames through a Decoder per goroutine.
// The errors are the table's, built once, so nothing allocates and no
// lock is taken.
func BenchmarkMalformedParallel(b *testing.B) {
	bad := [][]byte{{0, 4, 0x70}, {0, 9, 0x70, 0x69, 1}, {0, 1, 0x12, 0x34, 0xee}, {0, 5, 0x73, 0x61, 1, 9}}
	b.ReportAllocs()
	b.RunParallel(func(pb *testing.PB) {
		d := wire.NewDecoder(toyTable)
		d.Policy = wire.Strict
		for i := 0; pb.Next(); i++ {
			if _, _, err := d.Decode(bad[i%len(bad)], wire.FromClient); err == nil {
				b.Error("a malformed frame decoded")
			}
		}
	})
}
