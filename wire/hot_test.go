package wire_test

import (
	"bytes"
	"io"

	"github.com/gamewire/gamewire/internal/nettest"
	"github.com/gamewire/gamewire/wire"
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
	sinkU64   uint64
	sinkI64   int64
	sinkF32   float32
	sinkF64   float64
	sinkBool  bool
	sinkBytes []byte
	sinkErr   error
)

// orderOps are every Order method in both orders. The order is a variable
// here, so the branch on it stays; on the constants (wire.BigEndian.U16)
// it folds away, which internal/compare measures.
func orderOps() []hotOp {
	src := []byte{1, 2, 3, 4, 5, 6, 7, 8}
	buf := make([]byte, 0, 64)
	s := []byte("hello, world")
	put := make([]byte, 8)
	var ops []hotOp
	for _, o := range []wire.Order{wire.BigEndian, wire.LittleEndian} {
		suffix := "/big"
		if o == wire.LittleEndian {
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
			hotOp{"AppendBytes16" + suffix, func() { buf, sinkErr = o.AppendBytes16(buf[:0], s) }},
			hotOp{"Uint" + suffix, func() { sinkU64 = o.Uint(src[:4]) }},
			hotOp{"PutUint" + suffix, func() { o.PutUint(put[:4], 0x01020304) }},
		)
	}
	return ops
}

// appendOps are the package's append and conversion functions, into a
// buffer with capacity.
func appendOps() []hotOp {
	buf := make([]byte, 0, 256)
	s := []byte("hello, world")
	text := []byte(`caf\xe9 \\ \x00`)
	raw := []byte("caf\xe9 \\ \x00 ok")
	mutf := []byte("caf\xc3\xa9 \xc0\x80 \xed\xa0\xbd\xed\xb8\x80")
	var field [16]byte
	return []hotOp{
		{"U8", func() { buf = wire.AppendU8(buf[:0], 0xab) }},
		{"I8", func() { buf = wire.AppendI8(buf[:0], -2) }},
		{"CString", func() { buf = wire.AppendCString(buf[:0], s) }},
		{"Bytes8", func() { buf, sinkErr = wire.AppendBytes8(buf[:0], s) }},
		{"UTF", func() { buf, sinkErr = wire.AppendUTF(buf[:0], s) }},
		{"JavaChar", func() { buf = wire.AppendJavaChar(buf[:0], 0xe9) }},
		{"Text", func() { buf = wire.AppendText(buf[:0], raw) }},
		{"ParseText", func() { buf, sinkErr = wire.ParseText(buf[:0], text) }},
		{"UnmarshalFixed", func() { sinkErr = wire.UnmarshalFixed(field[:], text) }},
		{"ModifiedUTF8", func() { buf = wire.AppendModifiedUTF8(buf[:0], "café \x00 😀") }},
		{"DecodeModifiedUTF8", func() { buf, sinkErr = wire.DecodeModifiedUTF8(buf[:0], mutf) }},
		{"ValidModifiedUTF8", func() { sinkBool = wire.ValidModifiedUTF8(mutf) }},
		{"ToFixed", func() { sinkI64 = wire.ToFixed(sinkF64+12.345, 100, wire.RoundHalfEven) }},
		{"FromFixed", func() { sinkF64 = wire.FromFixed(sinkI64&0xffff, 100) }},
		{"Bits", func() { sinkU64 = wire.Bits(sinkU64|0xf0, 4, 4) }},
		{"SetBits", func() { sinkU64 = wire.SetBits(sinkU64, 4, 4, 9) }},
		{"Form.Err", func() { sinkErr = hotForm.Err("text", wire.ErrShort) }},
	}
}

// hotForm is the form the hot Readers take their errors from: prebuilt,
// so a failing read allocates nothing (NewReader's errors are allocated).
var hotForm = toyTable.Form("MsgSay", 0)

// readerOps are every Reader method on input that is long enough ("ok") and
// one byte too short ("short"); after the first run the short ones find
// their error interned. The Reader is allocated once and reset each time.
func readerOps() []hotOp {
	r := new(wire.Reader)
	var dst [8]byte
	methods := []struct {
		name string
		in   []byte // what an "ok" read consumes; one byte less is "short"
		read func()
	}{
		{"U8", []byte{1}, func() { sinkU64 = uint64(r.U8("f")) }},
		{"I8", []byte{1}, func() { sinkI64 = int64(r.I8("f")) }},
		{"U16", []byte{1, 2}, func() { sinkU64 = uint64(r.U16("f")) }},
		{"I16", []byte{1, 2}, func() { sinkI64 = int64(r.I16("f")) }},
		{"U32", []byte{1, 2, 3, 4}, func() { sinkU64 = uint64(r.U32("f")) }},
		{"I32", []byte{1, 2, 3, 4}, func() { sinkI64 = int64(r.I32("f")) }},
		{"U64", bytes.Repeat([]byte{1}, 8), func() { sinkU64 = r.U64("f") }},
		{"I64", bytes.Repeat([]byte{1}, 8), func() { sinkI64 = r.I64("f") }},
		{"F32", []byte{1, 2, 3, 4}, func() { sinkF32 = r.F32("f") }},
		{"F64", bytes.Repeat([]byte{1}, 8), func() { sinkF64 = r.F64("f") }},
		{"Fixed", bytes.Repeat([]byte{'a'}, 8), func() { r.Fixed("f", dst[:]) }},
		{"Bytes", bytes.Repeat([]byte{'a'}, 8), func() { sinkBytes = r.Bytes("f", 8) }},
		{"Skip", bytes.Repeat([]byte{'a'}, 8), func() { r.Skip("f", 8) }},
		{"CString", []byte("abcdefg\x00"), func() { sinkBytes = r.CString("f", 0) }},
		{"CStringMax", []byte("abcdefg\x00"), func() { sinkBytes = r.CString("f", 8) }},
		{"Bytes8", []byte("\x07abcdefg"), func() { sinkBytes = r.Bytes8("f") }},
		{"Bytes16", []byte("\x00\x06abcdef"), func() { sinkBytes = r.Bytes16("f") }},
		{"UTF", []byte("\x00\x06abcdef"), func() { sinkBytes = r.UTF("f") }},
		{"JavaChar", []byte{0, 0xe9}, func() { sinkU64 = uint64(r.JavaChar("f")) }},
	}
	var ops []hotOp
	for _, m := range methods {
		for _, c := range []struct {
			suffix string
			in     []byte
		}{{"/ok", m.in}, {"/short", m.in[:len(m.in)-1]}} {
			ops = append(ops, hotOp{m.name + c.suffix, func() {
				*r = wire.NewFormReader(c.in, hotForm)
				m.read()
				sinkErr = r.Err()
			}})
		}
	}
	long := []byte("abcdefghijklmnop")
	return append(ops,
		hotOp{"CString/toolong", func() {
			*r = wire.NewFormReader(long, hotForm)
			sinkBytes = r.CString("f", 8)
			sinkErr = r.Err()
		}},
		hotOp{"Rest/ok", func() {
			*r = wire.NewFormReader(long, hotForm)
			sinkBytes = r.Rest()
		}},
		// A failed Reader: every read after the first failure.
		hotOp{"Sticky", func() {
			*r = wire.NewFormReader(long, hotForm)
			r.Skip("f", 100)
			sinkU64 = uint64(r.U32("g"))
			sinkBytes = r.Rest()
			r.Fail("h", wire.ErrInvalid)
			sinkErr = r.Err()
		}},
		hotOp{"Fail", func() {
			*r = wire.NewFormReader(long, hotForm)
			r.Fail("f", wire.ErrInvalid)
			sinkErr = r.Err()
		}},
		hotOp{"FailAt", func() {
			*r = wire.NewFormReader(long, hotForm)
			r.FailAt("f", 3, wire.ErrUnknownCode)
			sinkErr = r.Err()
		}},
	)
}

// benchFrames is the stream the FrameReader benchmark reads over and over:
// 8 frames of 32 bytes each with a 2-byte big-endian length header.
var benchFrames = func() []byte {
	var b []byte
	for i := range 8 {
		b = wire.BigEndian.AppendU16(b, 32)
		b = append(b, bytes.Repeat([]byte{byte(i)}, 30)...)
	}
	return b
}()

// frameOps are FrameReader.Next and FrameWriter.WriteMessage in steady
// state: one frame per call, after the first call allocated the buffers;
// and a frame too long, which a FrameReader and a Stream report with its
// length in their own error, again on every call (the error is final).
func frameOps() []hotOp {
	fr := wire.NewFrameReader(&nettest.Repeat{B: benchFrames}, 2, 1024, be16Len)
	fr.Next()
	fw := wire.NewFrameWriter(io.Discard)
	m := &rawMessage{b: benchFrames[:32]}
	fw.WriteMessage(m)
	long := []byte{0xff, 0xff, 0}
	frLong := wire.NewFrameReader(bytes.NewReader(long), 2, 1024, be16Len)
	sLong := wire.NewStream(toyTable, bytes.NewReader(long), wire.FromClient)
	return []hotOp{
		{"FrameReader/Next", func() { sinkBytes, sinkErr = fr.Next() }},
		{"FrameWriter/WriteMessage", func() { sinkErr = fw.WriteMessage(m) }},
		{"FrameReader/Next/toolong", func() { sinkBytes, sinkErr = frLong.Next() }},
		{"Stream/Next/toolong", func() { _, sinkErr = sLong.Next() }},
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
		{"Order", orderOps()},
		{"Append", appendOps()},
		{"Reader", readerOps()},
		{"Frame", frameOps()},
	}
}
