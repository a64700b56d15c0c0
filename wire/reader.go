package wire

import "bytes"

// Reader is a cursor over one message. Each read names the field it reads;
// the first read that fails (input too short, string too long, ...)
// records an Error with that field and its byte offset, and every read
// after it returns the zero value. Check Err once at the end:
//
//	r := wire.NewReader(b, wire.BigEndian, "bzflag", "MsgEnter")
//	m.Type = PlayerType(r.U16("type"))
//	r.Fixed("callSign", m.CallSign[:])
//	if err := r.Err(); err != nil {
//		return r.Offset(), err
//	}
//
// A Reader is a small value: keep it on the stack. Slices it returns alias
// the input.
type Reader struct {
	buf      []byte
	off      int
	order    Order
	protocol string
	message  string
	form     *Form
	err      error
}

// NewFormReader returns a Reader over a frame of form f: multi-byte
// values in the form's protocol's order, and errors taken from the form
// (built once, so a failure allocates nothing). The error of a field that
// lies after a variable part carries no offset; Offset tells it.
func NewFormReader(b []byte, f *Form) Reader {
	o := BigEndian
	if f.table != nil {
		o = f.table.Order
	}
	return Reader{buf: b, order: o, protocol: f.Protocol, message: f.Name, form: f}
}

// fail records the error of kind for field at off.
func (r *Reader) fail(field string, off int, kind error) {
	if r.form != nil {
		r.err = r.form.Err(field, kind)
		return
	}
	r.err = NewError(r.protocol, r.message, field, off, kind)
}

// NewReader returns a Reader over b that reads multi-byte values in order o
// and names protocol and message in its errors.
func NewReader(b []byte, o Order, protocol, message string) Reader {
	return Reader{buf: b, order: o, protocol: protocol, message: message}
}

// Err returns the first failure, or nil.
func (r *Reader) Err() error { return r.err }

// Offset returns the number of bytes consumed so far.
func (r *Reader) Offset() int { return r.off }

// Len returns the number of bytes left.
func (r *Reader) Len() int { return len(r.buf) - r.off }

// Fail records a failure of kind at the current offset, unless one is
// recorded already. Use it for values the protocol forbids.
func (r *Reader) Fail(field string, kind error) { r.FailAt(field, r.off, kind) }

// FailAt records a failure of kind at offset off, unless one is recorded
// already.
func (r *Reader) FailAt(field string, off int, kind error) {
	if r.err == nil {
		r.fail(field, off, kind)
	}
}

// take returns the next n bytes and advances, or records ErrShort.
func (r *Reader) take(field string, n int) []byte {
	if r.err != nil {
		return nil
	}
	if n < 0 || n > len(r.buf)-r.off {
		r.fail(field, r.off, ErrShort)
		return nil
	}
	b := r.buf[r.off : r.off+n : r.off+n]
	r.off += n
	return b
}

// number returns the next n bytes of a number (n at most 8) and advances,
// or records ErrShort and returns n zero bytes: a failed read reads 0.
func (r *Reader) number(field string, n int) []byte {
	if b := r.take(field, n); b != nil {
		return b
	}
	return zeros[:n]
}

var zeros [8]byte

// U8 reads one byte.
func (r *Reader) U8(field string) uint8 { return r.number(field, 1)[0] }

// I8 reads one two's-complement byte.
func (r *Reader) I8(field string) int8 { return int8(r.U8(field)) }

// U16 reads a uint16.
func (r *Reader) U16(field string) uint16 { return r.order.U16(r.number(field, 2)) }

// I16 reads an int16.
func (r *Reader) I16(field string) int16 { return int16(r.U16(field)) }

// U32 reads a uint32.
func (r *Reader) U32(field string) uint32 { return r.order.U32(r.number(field, 4)) }

// I32 reads an int32.
func (r *Reader) I32(field string) int32 { return int32(r.U32(field)) }

// U64 reads a uint64.
func (r *Reader) U64(field string) uint64 { return r.order.U64(r.number(field, 8)) }

// I64 reads an int64.
func (r *Reader) I64(field string) int64 { return int64(r.U64(field)) }

// F32 reads an IEEE 754 binary32, keeping its exact bits.
func (r *Reader) F32(field string) float32 { return r.order.F32(r.number(field, 4)) }

// F64 reads an IEEE 754 binary64, keeping its exact bits.
func (r *Reader) F64(field string) float64 { return r.order.F64(r.number(field, 8)) }

// Fixed copies exactly len(dst) bytes into dst: a fixed-width field such
// as a NUL-padded name, kept byte for byte. On failure dst is zeroed.
func (r *Reader) Fixed(field string, dst []byte) {
	if b := r.take(field, len(dst)); b != nil {
		copy(dst, b)
		return
	}
	clear(dst)
}

// Bytes returns the next n bytes, aliasing the input. A negative n fails
// with ErrShort, so a length read off the wire needs no check first.
func (r *Reader) Bytes(field string, n int) []byte { return r.take(field, n) }

// Skip advances over n bytes.
func (r *Reader) Skip(field string, n int) { r.take(field, n) }

// Rest returns all bytes left, aliasing the input, and consumes them.
func (r *Reader) Rest() []byte {
	if r.err != nil {
		return nil
	}
	b := r.buf[r.off:len(r.buf):len(r.buf)]
	r.off = len(r.buf)
	return b
}

// CString reads a NUL-terminated string and returns it without the NUL,
// aliasing the input. The string and its NUL must lie within max bytes
// (max <= 0 means no limit but the input): when max bytes hold no NUL the
// read fails with ErrTooLong (more input could not make it valid), and
// input that ends before max bytes and before a NUL fails with ErrShort.
// Both are reported at the string's first byte.
func (r *Reader) CString(field string, max int) []byte {
	if r.err != nil {
		return nil
	}
	rest := r.buf[r.off:]
	limit := len(rest)
	if max > 0 && max < limit {
		limit = max
	}
	i := bytes.IndexByte(rest[:limit], 0)
	if i < 0 {
		kind := ErrShort
		if max > 0 && limit == max {
			kind = ErrTooLong
		}
		r.fail(field, r.off, kind)
		return nil
	}
	s := rest[:i:i]
	r.off += i + 1
	return s
}

// Bytes8 reads a string preceded by its length in one byte, aliasing the
// input. A failure is reported at the length byte, and leaves Offset there.
func (r *Reader) Bytes8(field string) []byte {
	start := r.off
	n := int(r.U8(field))
	return r.counted(field, start, n)
}

// Bytes16 reads a string preceded by its length as a uint16 in the
// Reader's order, aliasing the input. A failure is reported at the length,
// and leaves Offset there.
func (r *Reader) Bytes16(field string) []byte {
	start := r.off
	n := int(r.U16(field))
	return r.counted(field, start, n)
}

// UTF reads a string written by Java's DataOutput.writeUTF: a big-endian
// uint16 byte count, then that many bytes of modified UTF-8, returned as
// they are (aliasing the input); see DecodeModifiedUTF8 to convert them.
func (r *Reader) UTF(field string) []byte {
	o := r.order
	r.order = BigEndian
	b := r.Bytes16(field)
	r.order = o
	return b
}

// JavaChar reads a Java char as DataInput.readChar does: one UTF-16 code
// unit, big-endian whatever the Reader's order.
func (r *Reader) JavaChar(field string) uint16 { return BigEndian.U16(r.number(field, 2)) }

// counted takes the n bytes of a length-prefixed field whose prefix starts
// at start; if they are not all there, the field fails at start.
func (r *Reader) counted(field string, start, n int) []byte {
	if r.err != nil {
		return nil
	}
	if n > len(r.buf)-r.off {
		r.off = start
		r.fail(field, start, ErrShort)
		return nil
	}
	b := r.buf[r.off : r.off+n : r.off+n]
	r.off += n
	return b
}
