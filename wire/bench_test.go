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

// BenchmarkNewErrorParallel measures the error path of decoders on every
// core at once: NewError takes one package-wide lock, so a flood of
// malformed packets decoded in parallel contends on it.
func BenchmarkNewErrorParallel(b *testing.B) {
	b.ReportAllocs()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			if wire.NewError("bench", "msg", "f", 3, wire.ErrShort) == nil {
				b.Error("NewError returned nil")
			}
		}
	})
}
