package wire_test

import (
	"bytes"
	"math"
	"reflect"
	"testing"

	"github.com/gamewire/gamewire/wire"
)

// readerOp is one Reader method, reading field "f".
type readerOp struct {
	name string
	read func(r *wire.Reader) any
}

// fixedOps are the fixed-size reads, with the bytes each consumes.
var fixedOps = []struct {
	readerOp
	size int
}{
	{readerOp{"U8", func(r *wire.Reader) any { return r.U8("f") }}, 1},
	{readerOp{"I8", func(r *wire.Reader) any { return r.I8("f") }}, 1},
	{readerOp{"U16", func(r *wire.Reader) any { return r.U16("f") }}, 2},
	{readerOp{"I16", func(r *wire.Reader) any { return r.I16("f") }}, 2},
	{readerOp{"U32", func(r *wire.Reader) any { return r.U32("f") }}, 4},
	{readerOp{"I32", func(r *wire.Reader) any { return r.I32("f") }}, 4},
	{readerOp{"U64", func(r *wire.Reader) any { return r.U64("f") }}, 8},
	{readerOp{"I64", func(r *wire.Reader) any { return r.I64("f") }}, 8},
	{readerOp{"F32", func(r *wire.Reader) any { return r.F32("f") }}, 4},
	{readerOp{"F64", func(r *wire.Reader) any { return r.F64("f") }}, 8},
	{readerOp{"JavaChar", func(r *wire.Reader) any { return r.JavaChar("f") }}, 2},
}

// allReaderOps are every read of the Reader; each returns what it read.
func allReaderOps() []readerOp {
	ops := []readerOp{
		{"Fixed", func(r *wire.Reader) any {
			dst := [4]byte{0xaa, 0xaa, 0xaa, 0xaa}
			r.Fixed("f", dst[:])
			return dst
		}},
		{"Bytes", func(r *wire.Reader) any { return r.Bytes("f", 2) }},
		{"CString", func(r *wire.Reader) any { return r.CString("f", 0) }},
		{"Bytes8", func(r *wire.Reader) any { return r.Bytes8("f") }},
		{"Bytes16", func(r *wire.Reader) any { return r.Bytes16("f") }},
		{"UTF", func(r *wire.Reader) any { return r.UTF("f") }},
		{"Rest", func(r *wire.Reader) any { return r.Rest() }},
		{"Skip", func(r *wire.Reader) any { r.Skip("f", 1); return nil }},
	}
	for _, op := range fixedOps {
		ops = append(ops, op.readerOp)
	}
	return ops
}

// isZero reports whether v is the zero value of its type (a nil slice;
// floats by their bits, so -0 is not zero).
func isZero(v any) bool { return v == nil || reflect.ValueOf(v).IsZero() }

func TestReaderFixedSize(t *testing.T) {
	in := unhex("80 01 02 03 04 05 06 07 ff")
	want := map[string][2]any{ // name -> big-endian, little-endian value of in
		"U8":  {uint8(0x80), uint8(0x80)},
		"I8":  {int8(-128), int8(-128)},
		"U16": {uint16(0x8001), uint16(0x0180)},
		"I16": {int16(-0x7fff), int16(0x0180)},
		"U32": {uint32(0x80010203), uint32(0x03020180)},
		"I32": {int32(-0x7ffefdfd), int32(0x03020180)},
		"U64": {uint64(0x8001020304050607), uint64(0x0706050403020180)},
		"I64": {int64(-0x7ffefdfcfbfaf9f9), int64(0x0706050403020180)},
		"F32": {f32(0x80010203), f32(0x03020180)},
		"F64": {f64(0x8001020304050607), f64(0x0706050403020180)},
		// A Java char is big-endian in either order.
		"JavaChar": {uint16(0x8001), uint16(0x8001)},
	}
	for _, op := range fixedOps {
		for i, o := range []wire.Order{wire.BigEndian, wire.LittleEndian} {
			t.Run(op.name+"/"+o.String(), func(t *testing.T) {
				r := wire.NewReader(in, o, proto, msg)
				if got := op.read(&r); !sameValue(got, want[op.name][i]) {
					t.Errorf("got %v (%T), want %v", got, got, want[op.name][i])
				}
				if r.Err() != nil || r.Offset() != op.size || r.Len() != len(in)-op.size {
					t.Errorf("after read: err %v, offset %d, len %d; want nil, %d, %d",
						r.Err(), r.Offset(), r.Len(), op.size, len(in)-op.size)
				}
			})
		}
	}
}

// TestReaderFixedSizeShort reads each fixed-size value from one byte too
// few, after a one-byte field, so the error's offset is 1.
func TestReaderFixedSizeShort(t *testing.T) {
	for _, op := range fixedOps {
		t.Run(op.name, func(t *testing.T) {
			in := bytes.Repeat([]byte{0xff}, op.size) // prefix byte + size-1
			r := wire.NewReader(in, wire.LittleEndian, proto, msg)
			r.U8("pre")
			if got := op.read(&r); !isZero(got) {
				t.Errorf("got %v, want zero", got)
			}
			checkError(t, r.Err(), readerError("f", 1, wire.ErrShort))
			if r.Offset() != 1 || r.Len() != op.size-1 {
				t.Errorf("offset %d, len %d; want 1, %d", r.Offset(), r.Len(), op.size-1)
			}
		})
	}
}

// TestReaderSticky checks that after a failure every read returns the zero
// value, consumes nothing and leaves the first error as it is.
func TestReaderSticky(t *testing.T) {
	in := unhex("00 02 00 02 61 62 00 63 64 65 66 67 68 69 6a 6b")
	for _, op := range allReaderOps() {
		t.Run(op.name, func(t *testing.T) {
			r := wire.NewReader(in, wire.BigEndian, proto, msg)
			r.U8("first")
			if r.Bytes("big", 100) != nil {
				t.Fatal("Bytes(100) of 15 bytes returned bytes")
			}
			first := r.Err()
			checkError(t, first, readerError("big", 1, wire.ErrShort))
			if got := op.read(&r); !isZero(got) {
				t.Errorf("after a failure got %v, want zero", got)
			}
			if r.Err() != first {
				t.Errorf("error changed from %v to %v", first, r.Err())
			}
			if r.Offset() != 1 || r.Len() != len(in)-1 {
				t.Errorf("offset %d, len %d; want 1, %d", r.Offset(), r.Len(), len(in)-1)
			}
			r.Fail("later", wire.ErrInvalid)
			r.FailAt("later", 5, wire.ErrTooLong)
			if r.Err() != first {
				t.Errorf("Fail replaced the first error %v with %v", first, r.Err())
			}
		})
	}
}

// TestReaderVariable covers the reads whose length depends on the input.
// Every input starts with one byte read as "pre", so errors sit at offset
// 1 or later; offsets below are from the start of the input.
func TestReaderVariable(t *testing.T) {
	cstring := func(max int) func(r *wire.Reader) []byte {
		return func(r *wire.Reader) []byte { return r.CString("f", max) }
	}
	bytesN := func(n int) func(r *wire.Reader) []byte {
		return func(r *wire.Reader) []byte { return r.Bytes("f", n) }
	}
	bytes8 := func(r *wire.Reader) []byte { return r.Bytes8("f") }
	bytes16 := func(r *wire.Reader) []byte { return r.Bytes16("f") }
	utf := func(r *wire.Reader) []byte { return r.UTF("f") }
	rest := func(r *wire.Reader) []byte { return r.Rest() }
	big, little := wire.BigEndian, wire.LittleEndian
	tests := []struct {
		name   string
		order  wire.Order
		in     string
		read   func(r *wire.Reader) []byte
		want   string // hex, on success
		off    int    // Offset() after the read
		errOff int    // error offset, when kind != nil
		kind   error
	}{
		{"CString/nolimit", big, "ee 61 62 00 63", cstring(0), "61 62", 4, 0, nil},
		{"CString/negative", big, "ee 61 62 00 63", cstring(-1), "61 62", 4, 0, nil},
		{"CString/exactmax", big, "ee 61 62 00 63", cstring(3), "61 62", 4, 0, nil},
		{"CString/overmax", big, "ee 61 62 00 63", cstring(2), "", 1, 1, wire.ErrTooLong},
		{"CString/empty", big, "ee 00 61", cstring(1), "", 2, 0, nil},
		{"CString/nonul", big, "ee 61 62 63", cstring(0), "", 1, 1, wire.ErrShort},
		{"CString/nonul-underlimit", big, "ee 61 62 63", cstring(10), "", 1, 1, wire.ErrShort},
		// coverage: input that ends exactly at max without a NUL is
		// reported as ErrShort, though no longer input could make it
		// valid (see the report to the lead).
		{"CString/nonul-atlimit", big, "ee 61 62 63", cstring(3), "", 1, 1, wire.ErrTooLong},
		{"CString/nonul-pastlimit", big, "ee 61 62 63 64", cstring(3), "", 1, 1, wire.ErrTooLong},
		{"CString/noinput", big, "ee", cstring(0), "", 1, 1, wire.ErrShort},
		{"Bytes8", big, "ee 02 61 62 63", bytes8, "61 62", 4, 0, nil},
		{"Bytes8/empty", big, "ee 00", bytes8, "", 2, 0, nil},
		{"Bytes8/max", big, "ee ff" + string(bytes.Repeat([]byte(" 61"), 255)), bytes8, string(bytes.Repeat([]byte("61"), 255)), 257, 0, nil},
		// The error names the first byte after the length; Offset() is
		// back at the length (see the report to the lead).
		{"Bytes8/pastinput", big, "ee 03 61 62", bytes8, "", 1, 1, wire.ErrShort},
		{"Bytes8/nolength", big, "ee", bytes8, "", 1, 1, wire.ErrShort},
		{"Bytes16/big", big, "ee 00 02 61 62 63", bytes16, "61 62", 5, 0, nil},
		{"Bytes16/little", little, "ee 02 00 61 62 63", bytes16, "61 62", 5, 0, nil},
		{"Bytes16/empty", little, "ee 00 00", bytes16, "", 3, 0, nil},
		{"Bytes16/pastinput", big, "ee 02 00 61 62", bytes16, "", 1, 1, wire.ErrShort},
		{"Bytes16/huge", big, "ee ff ff 61 62", bytes16, "", 1, 1, wire.ErrShort},
		{"Bytes16/halflength", big, "ee 00", bytes16, "", 1, 1, wire.ErrShort},
		{"UTF/big", big, "ee 00 02 61 62 63", utf, "61 62", 5, 0, nil},
		{"UTF/littlereader", little, "ee 00 02 61 62 63", utf, "61 62", 5, 0, nil},
		{"UTF/pastinput", little, "ee 02 00 61 62", utf, "", 1, 1, wire.ErrShort},
		{"UTF/nolength", big, "ee 00", utf, "", 1, 1, wire.ErrShort},
		{"Bytes", big, "ee 61 62 63", bytesN(2), "61 62", 3, 0, nil},
		{"Bytes/all", big, "ee 61 62 63", bytesN(3), "61 62 63", 4, 0, nil},
		{"Bytes/zero", big, "ee 61", bytesN(0), "", 1, 0, nil},
		{"Bytes/pastinput", big, "ee 61 62 63", bytesN(4), "", 1, 1, wire.ErrShort},
		{"Bytes/negative", big, "ee 61 62 63", bytesN(-1), "", 1, 1, wire.ErrShort},
		{"Bytes/minint", big, "ee 61 62 63", bytesN(math.MinInt), "", 1, 1, wire.ErrShort},
		{"Bytes/maxint", big, "ee 61 62 63", bytesN(math.MaxInt), "", 1, 1, wire.ErrShort},
		{"Rest", big, "ee 61 62 63", rest, "61 62 63", 4, 0, nil},
		{"Rest/empty", big, "ee", rest, "", 1, 0, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			// Spare capacity after the message, which results must not reach.
			in := append(make([]byte, 0, len(tt.in)+8), unhex(tt.in)...)
			r := wire.NewReader(in, tt.order, proto, msg)
			r.U8("pre")
			got := tt.read(&r)
			if r.Offset() != tt.off || r.Len() != len(in)-tt.off {
				t.Errorf("offset %d, len %d; want %d, %d", r.Offset(), r.Len(), tt.off, len(in)-tt.off)
			}
			if tt.kind != nil {
				if got != nil {
					t.Errorf("got % x, want nil", got)
				}
				checkError(t, r.Err(), readerError("f", tt.errOff, tt.kind))
				return
			}
			if r.Err() != nil {
				t.Fatalf("error %v", r.Err())
			}
			if got == nil || !bytes.Equal(got, unhex(tt.want)) {
				t.Errorf("got % x (nil: %t), want non-nil % x", got, got == nil, unhex(tt.want))
			}
			// The result aliases the input, and its capacity ends with it,
			// so appending to it cannot overwrite the rest of the message.
			if cap(got) != len(got) {
				t.Errorf("cap %d, len %d", cap(got), len(got))
			}
			if len(got) > 0 {
				got[0] ^= 0xff
				if !bytes.Contains(in, got) {
					t.Error("result does not alias the input")
				}
			}
		})
	}
}

func TestReaderFixed(t *testing.T) {
	in := unhex("ee 61 62 63 64")
	r := wire.NewReader(in, wire.BigEndian, proto, msg)
	r.U8("pre")
	var dst [3]byte
	r.Fixed("name", dst[:])
	if dst != [3]byte{'a', 'b', 'c'} || r.Offset() != 4 || r.Err() != nil {
		t.Errorf("Fixed(3) = %q, offset %d, err %v; want abc, 4, nil", dst, r.Offset(), r.Err())
	}
	in[1] = 'z'
	if dst[0] != 'a' {
		t.Error("Fixed aliases the input; it must copy")
	}
	r.Fixed("empty", nil)
	if r.Offset() != 4 || r.Err() != nil {
		t.Errorf("Fixed(0): offset %d, err %v", r.Offset(), r.Err())
	}
	long := [5]byte{1, 2, 3, 4, 5}
	r.Fixed("long", long[:])
	if long != [5]byte{} {
		t.Errorf("Fixed past the input left %v in dst, want zeros", long)
	}
	checkError(t, r.Err(), readerError("long", 4, wire.ErrShort))
	if r.Offset() != 4 {
		t.Errorf("offset %d after failure, want 4", r.Offset())
	}
}

func TestReaderSkip(t *testing.T) {
	r := wire.NewReader(unhex("ee 61 62 63"), wire.BigEndian, proto, msg)
	r.U8("pre")
	r.Skip("pad", 2)
	if r.Offset() != 3 || r.Err() != nil {
		t.Fatalf("Skip(2): offset %d, err %v", r.Offset(), r.Err())
	}
	if got := r.U8("last"); got != 0x63 {
		t.Errorf("after Skip read %#x, want 0x63", got)
	}
	r.Skip("none", 0)
	r.Skip("pad2", 1)
	checkError(t, r.Err(), readerError("pad2", 4, wire.ErrShort))

	r = wire.NewReader(unhex("ee 61"), wire.BigEndian, proto, msg)
	r.Skip("neg", -1)
	checkError(t, r.Err(), readerError("neg", 0, wire.ErrShort))
	if r.Offset() != 0 {
		t.Errorf("offset %d after Skip(-1), want 0", r.Offset())
	}
}

func TestReaderFail(t *testing.T) {
	r := wire.NewReader(unhex("ee 07 00"), wire.BigEndian, proto, msg)
	if r.Err() != nil {
		t.Fatal("new Reader has an error")
	}
	r.U8("pre")
	r.U8("kind")
	r.Fail("kind", wire.ErrInvalid)
	checkError(t, r.Err(), readerError("kind", 2, wire.ErrInvalid))
	if got := r.U8("next"); got != 0 || r.Offset() != 2 {
		t.Errorf("read after Fail = %d at offset %d, want 0 at 2", got, r.Offset())
	}

	r = wire.NewReader(nil, wire.BigEndian, proto, msg)
	r.FailAt("code", 7, wire.ErrUnknownCode)
	checkError(t, r.Err(), readerError("code", 7, wire.ErrUnknownCode))
}

func TestReaderNilInput(t *testing.T) {
	r := wire.NewReader(nil, wire.LittleEndian, proto, msg)
	if r.Len() != 0 || r.Offset() != 0 {
		t.Errorf("len %d, offset %d", r.Len(), r.Offset())
	}
	if got := r.Rest(); len(got) != 0 || r.Err() != nil {
		t.Errorf("Rest() = %v, err %v", got, r.Err())
	}
	r.U16("f")
	checkError(t, r.Err(), readerError("f", 0, wire.ErrShort))
}
