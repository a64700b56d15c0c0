package wire

import (
	"errors"
	"io"
	"math"

	"github.com/gamewire/gamewire/wire/codec"
	"github.com/gamewire/gamewire/wire/spec"
)

// frames splits a byte stream into the frames of one table, for a Stream.
//
// Its buffer is allocated once, at the protocol's HardMax (minBuffer at
// least, so that one read brings many small frames), and reused: a
// declared length never makes it allocate more, and reading a frame
// allocates nothing in steady state, nor does reset. A frame returned by
// next aliases that buffer and is valid until the next call.
type frames struct {
	// What cut (and Stream.Next) reads for a frame that is buffered
	// whole (the steady state): the buffered bytes, the header's length
	// field, when the table has one and no Split, read in place (lenEnd
	// is 0 otherwise), and the bounds of a frame's length, least to
	// least+span, checked with one comparison (inFrame).
	buf                      []byte // len(buf) == max(HardMax, minBuffer) once allocated
	start, end               int    // buf[start:end] is received and not yet returned
	lenAt, lenEnd, lenAdjust int
	least                    int  // the shortest frame: the header, 1 byte at least
	span                     uint // the longest frame, max, less least
	order                    codec.Order
	max                      int                                        // the longest frame: the table's HardMax
	split                    func(t *spec.Table, b []byte) (int, error) // the table's Split, for a stream

	table *spec.Table
	r     io.Reader
	err   error // sticky read error, reported once the buffer is drained
	errv  Error // the framing error returned last
}

// minBuffer is the least size of a Stream's buffer, as bufio's default.
const minBuffer = 4096

// init makes f split frames of table t, read from r.
func (f *frames) init(t *spec.Table, r io.Reader) {
	if t == nil {
		*f = frames{r: r} // slow reports errNoTable
		return
	}
	*f = frames{table: t, r: r, max: max(t.HardMax, 1), least: 1}
	f.span = uint(f.max - f.least)
	if !t.Datagram {
		f.split = t.Split // a datagram's frame is what one read brings
	}
	if t.Split != nil || t.Datagram {
		return
	}
	end := 0
	for _, fl := range t.HeaderLayout() {
		if fl.Offset >= 0 {
			end = fl.Offset + fl.Size
		}
		if fl.Role == spec.LengthRole && fl.Offset >= 0 {
			f.lenAt, f.lenEnd, f.lenAdjust, f.order = fl.Offset, fl.Offset+fl.Size, fl.Adjust, t.Order
		}
	}
	if f.least = max(end, 1); f.least > f.max {
		// No frame fits: every length fails inFrame, for slow to report.
		f.least, f.span = math.MaxInt, 0
	} else {
		f.span = uint(f.max - f.least)
	}
}

// inFrame reports whether n is a frame's length (the header at least,
// max at most) that buf's n bytes hold whole.
func (f *frames) inFrame(n int, buf []byte) bool {
	return uint(n-f.least) <= f.span && uint(n) <= uint(len(buf))
}

// reset makes f read from r, as new, keeping its buffer.
func (f *frames) reset(r io.Reader) {
	f.r = r
	f.start, f.end, f.err = 0, 0, nil
}

// errFrame is the place named by framing errors.
const errFrame = "frame"

// framingError returns f's own error value, filled in.
func (f *frames) framingError(field string, off int, kind error) error {
	f.errv = Error{Protocol: f.table.Name, Message: errFrame, Field: field, Offset: off, Err: kind}
	return &f.errv
}

// tooLong returns f's own error for a frame of n bytes, over its maximum:
// ErrTooLong with the length and the limit, at the place of err when the
// table's FrameLen returned a *Error with the length (its length field),
// else at the frame's "length".
func (f *frames) tooLong(n int, err error) error {
	if e, ok := err.(*Error); ok {
		f.errv = *e
	} else {
		f.errv = Error{Protocol: f.table.Name, Message: errFrame, Field: "length"}
	}
	f.errv.Err, f.errv.Length, f.errv.Limit = ErrTooLong, n, f.max
	return &f.errv
}

// next returns the next whole frame, header included: cut's, or else
// slow's.
func (f *frames) next() ([]byte, error) {
	if b := f.cut(); b != nil {
		return b, nil
	}
	return f.slow()
}

// cut returns the next whole frame when it is buffered whole (the steady
// state), measured by the header's length field read in place or by the
// table's Split, and nil for anything else (more to read, a length out
// of bounds, an error), which slow then reports.
func (f *frames) cut() []byte {
	b := f.buf[f.start:f.end]
	n := 0
	if f.lenEnd > 0 {
		if len(b) >= f.lenEnd {
			n = int(f.order.Uint(b[f.lenAt:f.lenEnd])) + f.lenAdjust
		}
	} else if f.split != nil {
		// The table's FrameLen, without its call. (Without a length or
		// a Split, FrameLen's frame is a datagram's, or an error: slow's
		// path.)
		if m, err := f.split(f.table, b); err == nil {
			n = m
		}
	}
	if f.inFrame(n, b) {
		f.start += n
		return b[:n:n]
	}
	return nil
}

// slow is next for a frame that is not buffered whole, or whose header is
// out of bounds.
//
// At a clean end of stream it returns io.EOF; a stream that ends inside a
// frame returns an error wrapping both ErrShort and io.ErrUnexpectedEOF.
// A header that announces no valid frame, or a frame shorter than its
// header or longer than the maximum, returns that error and the reader
// stops there: the stream cannot be resynchronised. A frame longer than
// the maximum fails with a *Error wrapping ErrTooLong whose Length and
// Limit say the length its header announced and the maximum ("tfighters:
// frame length 9002 exceeds 8194"), whatever error split returned with
// that length; one whose length split cannot tell within the maximum
// fails with ErrTooLong alone. A read error that is a timeout (a read
// deadline passed) is returned once and the reader stays usable: the next
// call goes on with the frame where it stopped. Other read errors are
// final. In every case Buffered still returns the bytes received and not
// yet returned.
func (f *frames) slow() ([]byte, error) {
	if f.table == nil {
		return nil, errNoTable
	}
	if f.buf == nil {
		f.buf = make([]byte, max(f.max, minBuffer))
	}
	for {
		avail := f.end - f.start
		n, err := f.table.FrameLen(f.buf[f.start:f.end])
		switch {
		case n > f.max:
			return nil, f.tooLong(n, err)
		case err != nil:
			return nil, err
		case n > 0 && n <= avail:
			frame := f.buf[f.start : f.start+n : f.start+n]
			f.start += n
			return frame, nil
		case n == 0:
			if n = avail + 1; n > f.max {
				return nil, f.framingError("length", 0, ErrTooLong)
			}
		}
		if err := f.fill(n); err != nil {
			return nil, err
		}
	}
}

// fill makes at least n bytes available at buf[start:], reading as needed.
func (f *frames) fill(n int) error {
	if f.start+n > len(f.buf) {
		// Move the partial frame to the front; n <= max, so it then fits.
		f.end = copy(f.buf, f.buf[f.start:f.end])
		f.start = 0
	}
	for empty := 0; f.end-f.start < n; {
		if f.err != nil {
			return f.eofError()
		}
		if f.r == nil {
			return errNoConn
		}
		m, err := f.r.Read(f.buf[f.end:])
		f.end += m
		switch {
		case IsTimeout(err):
			// A read deadline (a game loop polling its connection) is
			// not the end of the stream: report it once and keep the
			// partial frame for the next call.
			return err
		case err != nil:
			f.err = err
		case m > 0:
			empty = 0
		default:
			if empty++; empty >= maxEmptyReads {
				f.err = io.ErrNoProgress
			}
		}
	}
	return nil
}

// maxEmptyReads is how many reads in a row may return no data and no error
// before the reader gives up with io.ErrNoProgress (as bufio does).
const maxEmptyReads = 100

// IsTimeout reports whether err says that a deadline passed: it, or an
// error it wraps (Unwrap, including errors.Join's), has a Timeout method
// that returns true, as net.Error and os.ErrDeadlineExceeded do. A
// connection that polls with read deadlines (a game loop) uses it to tell
// "nothing yet" from the end of the stream.
//
// It walks the Unwrap chain itself and allocates nothing: errors.As would
// make its target escape, costing an allocation on every poll.
func IsTimeout(err error) bool {
	for err != nil {
		if t, ok := err.(interface{ Timeout() bool }); ok && t.Timeout() {
			return true
		}
		switch u := err.(type) {
		case interface{ Unwrap() error }:
			err = u.Unwrap()
		case interface{ Unwrap() []error }:
			for _, e := range u.Unwrap() {
				if IsTimeout(e) {
					return true
				}
			}
			return false
		default:
			return false
		}
	}
	return false
}

func (f *frames) eofError() error {
	if errors.Is(f.err, io.EOF) {
		if f.end == f.start {
			return io.EOF
		}
		// The offset is how much of the frame arrived.
		return f.framingError("", f.end-f.start, ErrUnexpectedEnd)
	}
	return f.err
}

// buffered returns the bytes received and not yet returned as frames,
// aliasing the internal buffer until the next call to next.
func (f *frames) buffered() []byte { return f.buf[f.start:f.end:f.end] }
