package wire_test

import (
	"bytes"
	"errors"
	"io"
	"testing"
	"testing/iotest"
	"unicode/utf8"

	"github.com/gamewire/gamewire/wire"
)

// FuzzReader drives a Reader through a sequence of reads chosen by the
// input. data[0] holds the number of reads (low 4 bits) and the byte order
// (bit 4); the next bytes choose the reads and their arguments; the rest is
// the message. After every read: nothing panicked, the offset stays within
// the message, a successful read consumed exactly what it returned, a
// failed one consumed nothing and returned zero, the first error stays, and
// every error is a *wire.Error naming the read's field and wrapping a
// sentinel.
func FuzzReader(f *testing.F) {
	f.Add([]byte{0x05, 0, 1, 2, 3, 4, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77, 0x88, 0x99, 0xaa})
	f.Add([]byte{0x14, 10, 11, 12, 13, 0x02, 'a', 'b', 0x00, 0x02, 'c', 'd', 0x00, 0x02, 'e', 'f'})
	f.Add([]byte{0x03, 14, 34, 15, 'a', 'b', 'c', 0, 'd', 'e', 'f', 'g'})
	f.Add([]byte{0x06, 16, 17, 18, 19, 9, 5, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12})
	f.Add([]byte{0x02, 15, 15, 0xff, 0x01})
	f.Add([]byte{0x0f})
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) == 0 {
			return
		}
		n := min(int(data[0]&15), len(data)-1)
		order := wire.BigEndian
		if data[0]&16 != 0 {
			order = wire.LittleEndian
		}
		ops, in := data[1:1+n], data[1+n:]
		r := wire.NewReader(in, order, "fuzz", "Msg")
		for _, c := range ops {
			fuzzRead(t, &r, in, order, c)
		}
	})
}

// fuzzReads are the reads fuzzRead chooses from, by op: each reads field
// "f" of r (arg is the length or the limit of the reads that take one) and
// returns the bytes it returned, or the number it read encoded again in o.
var fuzzReads = [...]func(r *wire.Reader, o wire.Order, arg int) []byte{
	// 0-9: numbers.
	func(r *wire.Reader, _ wire.Order, _ int) []byte { return wire.AppendU8(nil, r.U8("f")) },
	func(r *wire.Reader, _ wire.Order, _ int) []byte { return wire.AppendI8(nil, r.I8("f")) },
	number((*wire.Reader).U16, wire.Order.AppendU16),
	number((*wire.Reader).I16, wire.Order.AppendI16),
	number((*wire.Reader).U32, wire.Order.AppendU32),
	number((*wire.Reader).I32, wire.Order.AppendI32),
	number((*wire.Reader).U64, wire.Order.AppendU64),
	number((*wire.Reader).I64, wire.Order.AppendI64),
	number((*wire.Reader).F32, wire.Order.AppendF32),
	number((*wire.Reader).F64, wire.Order.AppendF64),
	// 10-16: byte strings.
	func(r *wire.Reader, _ wire.Order, arg int) []byte {
		b := bytes.Repeat([]byte{0xa5}, max(arg, 0))
		r.Fixed("f", b)
		return b
	},
	func(r *wire.Reader, _ wire.Order, arg int) []byte { return r.Bytes("f", arg) },
	func(r *wire.Reader, _ wire.Order, arg int) []byte { return r.CString("f", arg) },
	func(r *wire.Reader, _ wire.Order, _ int) []byte { return r.Bytes8("f") },
	func(r *wire.Reader, _ wire.Order, _ int) []byte { return r.Bytes16("f") },
	func(r *wire.Reader, _ wire.Order, _ int) []byte { return r.UTF("f") },
	func(r *wire.Reader, _ wire.Order, _ int) []byte { return r.Rest() },
	// 17-20: the rest.
	func(r *wire.Reader, _ wire.Order, arg int) []byte { r.Skip("f", arg); return nil },
	func(r *wire.Reader, _ wire.Order, _ int) []byte { r.Fail("f", wire.ErrInvalid); return nil },
	func(r *wire.Reader, _ wire.Order, arg int) []byte { r.FailAt("f", arg, wire.ErrInvalid); return nil },
	func(r *wire.Reader, _ wire.Order, _ int) []byte { return wire.AppendJavaChar(nil, r.JavaChar("f")) },
}

// number is the read of a number by read, encoded again by put.
func number[T any](read func(*wire.Reader, string) T, put func(wire.Order, []byte, T) []byte) func(*wire.Reader, wire.Order, int) []byte {
	return func(r *wire.Reader, o wire.Order, _ int) []byte { return put(o, nil, read(r, "f")) }
}

// fuzzRead does the read chosen by c on r (over in, in order o) and checks
// it.
func fuzzRead(t *testing.T, r *wire.Reader, in []byte, o wire.Order, c byte) {
	op := c % byte(len(fuzzReads))
	arg := int(c/byte(len(fuzzReads))) - 3 // -3 .. 9: lengths and limits, some negative
	before, errBefore := r.Offset(), r.Err()
	got := fuzzReads[op](r, o, arg) // bytes returned, or a number read, encoded again
	err, off := r.Err(), r.Offset()
	if off < 0 || off > len(in) || r.Len() != len(in)-off {
		t.Fatalf("op %d: offset %d, len %d over %d bytes", op, off, r.Len(), len(in))
	}
	if op >= 11 && op <= 16 && cap(got) != len(got) {
		t.Fatalf("op %d: returned slice has cap %d > len %d", op, cap(got), len(got))
	}
	if errBefore != nil || err != nil {
		// A failed read, or any read after a failure, consumes nothing
		// and returns zero; the first error stays.
		if off != before || !allZero(got) {
			t.Fatalf("op %d failed (%v) but moved %d -> %d or returned % x", op, err, before, off, got)
		}
		if errBefore != nil && err != errBefore {
			t.Fatalf("op %d replaced the error %v with %v", op, errBefore, err)
		}
		checkFuzzError(t, err, op, before, len(in))
		return
	}
	// A successful read consumed exactly the bytes it returned, with their
	// length prefix or NUL.
	var want []byte
	switch op {
	case 12:
		if bytes.IndexByte(got, 0) >= 0 || arg > 0 && len(got) >= arg {
			t.Fatalf("CString(max %d) returned % x", arg, got)
		}
		want = append(bytes.Clone(got), 0)
	case 13:
		want = append([]byte{byte(len(got))}, got...)
	case 14:
		want = append(o.AppendU16(nil, uint16(len(got))), got...)
	case 15:
		want = append(wire.BigEndian.AppendU16(nil, uint16(len(got))), got...)
	case 17:
		want = in[before : before+arg]
	case 18, 19:
		t.Fatalf("op %d did not fail", op)
	default:
		want = got
	}
	if consumed := in[before:off]; !bytes.Equal(consumed, want) {
		t.Fatalf("op %d (arg %d) at %d consumed % x, want % x", op, arg, before, consumed, want)
	}
}

// checkFuzzError checks that err, from op at offset before over n bytes, is
// a *wire.Error naming the place and wrapping a sentinel.
func checkFuzzError(t *testing.T, err error, op byte, before, n int) {
	var e *wire.Error
	if !errors.As(err, &e) {
		t.Fatalf("op %d: error %v is %T, not a *wire.Error", op, err, err)
	}
	if e.Protocol != "fuzz" || e.Message != "Msg" || e.Field != "f" {
		t.Fatalf("op %d: error %+v names the wrong place", op, *e)
	}
	switch e.Err {
	case wire.ErrShort, wire.ErrTooLong:
		if e.Offset < 0 || e.Offset > n {
			t.Fatalf("op %d: error offset %d outside the %d bytes", op, e.Offset, n)
		}
	case wire.ErrInvalid:
	default:
		t.Fatalf("op %d: error %v wraps no sentinel", op, e.Err)
	}
	if !errors.Is(err, e.Err) {
		t.Fatalf("op %d: errors.Is(%v, %v) = false", op, err, e.Err)
	}
}

func allZero(b []byte) bool {
	for _, c := range b {
		if c != 0 {
			return false
		}
	}
	return true
}

// FuzzFrameReader splits any stream by a 2-byte big-endian header holding
// the frame's total length. data[0] chooses how the stream is delivered
// (reads of 1..8 bytes, or all at once with or without the final EOF in
// the same call, or with empty reads in between) and data[1] the maximum
// frame size; the rest is the stream.
//
// Invariants: nothing panics; every frame is whole (its header's length,
// at most the maximum) and the frames are exactly those of a simple model
// parse of the stream, which also predicts the final error (a *wire.Error,
// except a clean end's io.EOF); and nothing
// received is lost: the frames, concatenated, followed by Buffered(),
// equal the stream up to what the reader delivered.
func FuzzFrameReader(f *testing.F) {
	f.Add([]byte{0, 64}, stream("a", "", "hello, world"))
	f.Add([]byte{3, 8}, append(stream("abcdef"), stream("abcdefg")...))
	f.Add([]byte{0x80, 16}, append(stream("x"), 0x00, 0x05, 0x61))
	f.Add([]byte{0x40, 16}, append(stream("x"), 0x00, 0x01))
	f.Add([]byte{0xc1, 2}, stream("", "", "x"))
	f.Add([]byte{7, 0}, []byte{0x00})
	f.Fuzz(func(t *testing.T, mode []byte, in []byte) {
		if len(mode) < 2 {
			return
		}
		maxFrame := int(mode[1] % 80)
		bufSize := max(maxFrame, 2) // NewFrameReader raises a maximum below the header
		var src io.Reader = bytes.NewReader(in)
		switch mode[0] >> 6 {
		case 0:
			src = &chunkReader{data: in, size: 1 + int(mode[0]&7)}
		case 1:
			src = &dataErrReader{data: in, err: io.EOF}
		case 2:
			src = iotest.HalfReader(src)
		case 3:
			src = &stutterReader{data: in, gap: int(mode[0] & 7)}
		}
		cr := &countingReader{r: src}
		fr := wire.NewFrameReader(cr, 2, maxFrame, be16Len)
		wantFrames, wantErr := modelFrames(in, maxFrame)
		var got []byte
		for i := 0; ; i++ {
			frame, err := fr.Next()
			if err != nil {
				if i != len(wantFrames) {
					t.Fatalf("error %v after %d frames, want %d frames", err, i, len(wantFrames))
				}
				if !errors.Is(err, wantErr) {
					t.Fatalf("error %v, want %v", err, wantErr)
				}
				var we *wire.Error
				if wantErr != io.EOF && !errors.As(err, &we) {
					t.Fatalf("framing error %v (%T) is not a *wire.Error", err, err)
				}
				break
			}
			if i >= len(wantFrames) || !bytes.Equal(frame, wantFrames[i]) {
				t.Fatalf("frame %d = % x, want the model's frames % x", i, frame, wantFrames)
			}
			if len(frame) < 2 || len(frame) != int(wire.BigEndian.U16(frame)) || len(frame) > bufSize {
				t.Fatalf("frame % x is not whole within the maximum %d", frame, bufSize)
			}
			got = append(got, frame...)
		}
		if cr.n > len(in) {
			t.Fatalf("the reader delivered %d of %d bytes", cr.n, len(in))
		}
		if all := append(got, fr.Buffered()...); !bytes.Equal(all, in[:cr.n]) {
			t.Fatalf("frames+Buffered = % x, want the %d bytes delivered % x", all, cr.n, in[:cr.n])
		}
		if c := wire.FrameBufCap(fr); c != bufSize {
			t.Fatalf("buffer capacity %d, want %d", c, bufSize)
		}
	})
}

// modelFrames splits in as FrameReader must: the frames, and the error
// that ends them.
func modelFrames(in []byte, maxFrame int) (frames [][]byte, err error) {
	maxFrame = max(maxFrame, 2)
	for {
		switch {
		case len(in) == 0:
			return frames, io.EOF
		case len(in) < 2:
			return frames, wire.ErrShort
		}
		n := int(wire.BigEndian.U16(in))
		switch {
		case n > maxFrame:
			return frames, wire.ErrTooLong
		case n < 2:
			return frames, wire.ErrInvalid
		case n > len(in):
			return frames, wire.ErrShort
		}
		frames, in = append(frames, in[:n]), in[n:]
	}
}

// FuzzText checks the text form on any input: raw bytes -> AppendText ->
// ParseText gives them back, and the text is valid UTF-8 without NUL; any
// text either fails ParseText with a *wire.Error wrapping ErrInvalid,
// appending nothing, or stands for bytes whose text form stands for the
// same bytes again. Nothing panics.
func FuzzText(f *testing.F) {
	f.Add([]byte("caf\xc3\xa9 \\ \x00 \xff ok"))
	f.Add([]byte(`caf\xe9 \\ \x00 \xZZ \`))
	f.Add([]byte(`\x4`))
	f.Fuzz(func(t *testing.T, in []byte) {
		text := wire.AppendText(nil, in)
		if !utf8.Valid(text) || bytes.IndexByte(text, 0) >= 0 {
			t.Fatalf("AppendText(%q) = %q: not valid UTF-8 without NUL", in, text)
		}
		if back, err := wire.ParseText(nil, text); err != nil || !bytes.Equal(back, in) {
			t.Fatalf("ParseText(AppendText(%q)) = %q, %v", in, back, err)
		}
		dst := []byte("keep")
		raw, err := wire.ParseText(dst, in)
		if err != nil {
			var e *wire.Error
			if !errors.As(err, &e) || e.Err != wire.ErrInvalid || e.Offset < 0 || e.Offset >= len(in) || !bytes.Equal(raw, dst) {
				t.Fatalf("ParseText(%q) = %q, %v: want a *wire.Error wrapping ErrInvalid, nothing appended", in, raw, err)
			}
			return
		}
		raw = raw[len(dst):]
		if again, err := wire.ParseText(nil, wire.AppendText(nil, raw)); err != nil || !bytes.Equal(again, raw) {
			t.Fatalf("ParseText(%q) = %q, whose text form stands for %q, %v", in, raw, again, err)
		}
	})
}

// FuzzModifiedUTF8 checks Java's modified UTF-8 on any input: Valid agrees
// with DecodeModifiedUTF8, a failure is a *wire.Error wrapping ErrInvalid
// at a byte of the input, and what decodes, encoded again, is valid and
// decodes to the same string. Nothing panics.
func FuzzModifiedUTF8(f *testing.F) {
	f.Add([]byte("caf\xc3\xa9 \xc0\x80 \xed\xa0\xbd\xed\xb8\x80"))
	f.Add([]byte("\xed\xa0\xbd"))
	f.Add([]byte("\x00\xc1\x81\xe0\x80\x80\xf0\x9f\x98\x80"))
	f.Fuzz(func(t *testing.T, in []byte) {
		dec, err := wire.DecodeModifiedUTF8(nil, in)
		if valid := wire.ValidModifiedUTF8(in); valid != (err == nil) {
			t.Fatalf("ValidModifiedUTF8(% x) = %v, but DecodeModifiedUTF8 returned %v", in, valid, err)
		}
		if err != nil {
			var e *wire.Error
			if !errors.As(err, &e) || e.Err != wire.ErrInvalid || e.Offset < 0 || e.Offset >= len(in) {
				t.Fatalf("DecodeModifiedUTF8(% x): %v; want a *wire.Error wrapping ErrInvalid at a byte of the input", in, err)
			}
			return
		}
		if !utf8.Valid(dec) {
			t.Fatalf("DecodeModifiedUTF8(% x) = % x: not UTF-8", in, dec)
		}
		enc := wire.AppendModifiedUTF8(nil, string(dec))
		if again, err := wire.DecodeModifiedUTF8(nil, enc); err != nil || !bytes.Equal(again, dec) {
			t.Fatalf("% x decodes to %+q, which encodes to % x and decodes to %+q, %v", in, dec, enc, again, err)
		}
	})
}
