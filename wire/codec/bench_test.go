package codec_test

import (
	"testing"

	"github.com/gamewire/gamewire/wire/codec"
)

// hotOp is one call on a hot path. The same bodies serve the allocation
// test (TestOrderAllocs) and the benchmark, so what is measured is what
// is shown not to allocate.
type hotOp struct {
	name string
	fn   func()
}

// Sinks keep the compiler from dropping the calls.
var (
	sinkU64 uint64
	sinkI64 int64
	sinkF32 float32
	sinkF64 float64
	sinkErr error
)

// orderOps are every Order method in both orders, and the other
// primitives a codec calls per field. The order is a variable here, so
// the branch on it stays; on the constants (codec.BigEndian.U16) it folds
// away, which internal/compare measures.
func orderOps() []hotOp {
	src := []byte{1, 2, 3, 4, 5, 6, 7, 8}
	buf := make([]byte, 0, 64)
	put := make([]byte, 8)
	var ops []hotOp
	for _, o := range []codec.Order{codec.BigEndian, codec.LittleEndian} {
		suffix := "/big"
		if o == codec.LittleEndian {
			suffix = "/little"
		}
		ops = append(ops,
			hotOp{"U16" + suffix, func() { sinkU64 = uint64(o.U16(src)) }},
			hotOp{"U32" + suffix, func() { sinkU64 = uint64(o.U32(src)) }},
			hotOp{"U64" + suffix, func() { sinkU64 = o.U64(src) }},
			hotOp{"I16" + suffix, func() { sinkI64 = int64(o.I16(src)) }},
			hotOp{"I32" + suffix, func() { sinkI64 = int64(o.I32(src)) }},
			hotOp{"I64" + suffix, func() { sinkI64 = o.I64(src) }},
			hotOp{"F32" + suffix, func() { sinkF32 = o.F32(src) }},
			hotOp{"F64" + suffix, func() { sinkF64 = o.F64(src) }},
			hotOp{"AppendU16" + suffix, func() { buf = o.AppendU16(buf[:0], 0x0102) }},
			hotOp{"AppendU32" + suffix, func() { buf = o.AppendU32(buf[:0], 0x01020304) }},
			hotOp{"AppendU64" + suffix, func() { buf = o.AppendU64(buf[:0], 0x0102030405060708) }},
			hotOp{"AppendI16" + suffix, func() { buf = o.AppendI16(buf[:0], -2) }},
			hotOp{"AppendI32" + suffix, func() { buf = o.AppendI32(buf[:0], -2) }},
			hotOp{"AppendI64" + suffix, func() { buf = o.AppendI64(buf[:0], -2) }},
			hotOp{"AppendF32" + suffix, func() { buf = o.AppendF32(buf[:0], 1.5) }},
			hotOp{"AppendF64" + suffix, func() { buf = o.AppendF64(buf[:0], 1.5) }},
			hotOp{"PutU16" + suffix, func() { o.PutU16(put, 0x0102) }},
			hotOp{"PutU32" + suffix, func() { o.PutU32(put, 0x01020304) }},
			hotOp{"PutU64" + suffix, func() { o.PutU64(put, 0x0102030405060708) }},
			hotOp{"PutF32" + suffix, func() { o.PutF32(put, 1.5) }},
			hotOp{"PutF64" + suffix, func() { o.PutF64(put, 1.5) }},
			hotOp{"Uint" + suffix, func() { sinkU64 = o.Uint(src[:4]) }},
			hotOp{"PutUint" + suffix, func() { o.PutUint(put[:4], 0x01020304) }},
		)
	}
	var e codec.Error
	in := &codec.Error{Protocol: "lwar", Message: "Chat", Field: "message", Offset: 6, Err: codec.ErrShort}
	return append(ops,
		hotOp{"Grow", func() { buf, _ = codec.Grow(buf[:0], 16) }},
		hotOp{"Shift", func() { sinkErr = codec.Shift(&e, in, 14) }},
		hotOp{"CStringError", func() { sinkErr = codec.CStringError(int(sinkU64&7), 4) }},
		hotOp{"CountedError", func() { sinkErr = codec.CountedError(int(sinkU64&7), 4) }},
	)
}

// TestOrderAllocs checks that every primitive of orderOps allocates
// nothing, into a buffer with capacity.
func TestOrderAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("allocation counts are not meaningful under the race detector")
	}
	for _, op := range orderOps() {
		op.fn() // first occurrence: buffers grow
		if n := testing.AllocsPerRun(100, op.fn); n != 0 {
			t.Errorf("%s: %v allocations per call, want 0", op.name, n)
		}
	}
}

// BenchmarkOrder covers every Order method in both orders, such as
// BenchmarkOrder/U16/big, and the buffer and error primitives.
func BenchmarkOrder(b *testing.B) {
	for _, op := range orderOps() {
		b.Run(op.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				op.fn()
			}
		})
	}
}
