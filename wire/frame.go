package wire

import (
	"encoding"
	"errors"
	"io"
)

// FrameReader splits a byte stream into frames.
//
// Its buffer is allocated once, at the protocol's maximum frame size, and
// reused: a declared length never makes it allocate more, and reading a
// frame allocates nothing in steady state, nor does Reset. A frame
// returned by Next aliases that buffer and is valid until the next call.
type FrameReader struct {
	// Protocol names the protocol in framing errors, such as "bzflag".
	Protocol string

	r     io.Reader
	max   int
	split func(b []byte) (int, error)

	buf        []byte // len(buf) == max once allocated
	start, end int    // buf[start:end] is received and not yet returned
	err        error  // sticky read error, reported once the buffer is drained
	errv       Error  // the framing error returned last
}

// NewFrameReader returns a FrameReader that reads from r. Every frame
// starts with a header of headerLen bytes; frameLen receives that header
// and returns the total length of the frame, header included, or an error
// for a header that announces no valid frame. Frames longer than maxFrame
// fail with ErrTooLong, saying their length (see Next). headerLen must be
// at least 1: NewFrameReader panics otherwise, as that is a mistake in the
// program, not in its input.
func NewFrameReader(r io.Reader, headerLen, maxFrame int, frameLen func(header []byte) (int, error)) *FrameReader {
	if headerLen < 1 {
		panic("wire: NewFrameReader: headerLen must be at least 1")
	}
	if maxFrame < headerLen {
		maxFrame = headerLen
	}
	return NewSplitReader(r, maxFrame, func(b []byte) (int, error) {
		if len(b) < headerLen {
			return 0, nil
		}
		n, err := frameLen(b[:headerLen])
		if err == nil && n < headerLen {
			return 0, errShortFrame
		}
		return n, err
	})
}

// errShortFrame marks a length under the header's; Next reports it.
var errShortFrame = errors.New("frame shorter than its header")

// NewSplitReader returns a FrameReader that reads from r frames of at
// most maxFrame bytes, whose length split tells from the bytes buffered
// so far (b starts at a frame): the frame's whole length, or 0 and nil
// when b does not hold enough to tell yet, or an error for bytes that
// start no valid frame. A length over maxFrame fails with ErrTooLong
// (see Next), even with an error: split may return the length it read
// with its own ErrTooLong, as Table.FrameLen does.
func NewSplitReader(r io.Reader, maxFrame int, split func(b []byte) (int, error)) *FrameReader {
	if maxFrame < 1 {
		maxFrame = 1
	}
	return &FrameReader{r: r, max: maxFrame, split: split}
}

// Reset makes f read from r, as new, keeping its buffer.
func (f *FrameReader) Reset(r io.Reader) {
	f.r = r
	f.start, f.end, f.err = 0, 0, nil
}

// errFrame is the place named by framing errors.
const errFrame = "frame"

// framingError returns the FrameReader's own error value, filled in.
func (f *FrameReader) framingError(field string, off int, kind error) error {
	f.errv = Error{Protocol: f.Protocol, Message: errFrame, Field: field, Offset: off, Err: kind}
	return &f.errv
}

// tooLong returns the FrameReader's own error for a frame of n bytes, over
// its maximum: ErrTooLong with the length and the limit, at the place of
// err when split returned a *Error with the length (a Table's length
// field, from FrameLen), else at the frame's "length".
func (f *FrameReader) tooLong(n int, err error) error {
	if e, ok := err.(*Error); ok {
		f.errv = *e
	} else {
		f.errv = Error{Protocol: f.Protocol, Message: errFrame, Field: "length"}
	}
	f.errv.Err, f.errv.Length, f.errv.Limit = ErrTooLong, n, f.max
	return &f.errv
}

// Next returns the next whole frame, header included.
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
func (f *FrameReader) Next() ([]byte, error) {
	if f.buf == nil {
		f.buf = make([]byte, f.max)
	}
	for {
		avail := f.end - f.start
		n, err := f.split(f.buf[f.start:f.end])
		switch {
		case n > f.max:
			return nil, f.tooLong(n, err)
		case err == errShortFrame:
			return nil, f.framingError("length", 0, ErrInvalid)
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
func (f *FrameReader) fill(n int) error {
	if f.start+n > len(f.buf) {
		// Move the partial frame to the front; n <= max, so it then fits.
		f.end = copy(f.buf, f.buf[f.start:f.end])
		f.start = 0
	}
	for empty := 0; f.end-f.start < n; {
		if f.err != nil {
			return f.eofError()
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

// ErrUnexpectedEnd is the kind of the error for a stream that ends inside
// a frame. It matches both ErrShort and io.ErrUnexpectedEOF with errors.Is.
var ErrUnexpectedEnd error = unexpectedEnd{}

type unexpectedEnd struct{}

func (unexpectedEnd) Error() string { return "stream ends inside a frame: short input" }

// Is makes the error match both ErrShort and io.ErrUnexpectedEOF.
func (unexpectedEnd) Is(target error) bool {
	return target == ErrShort || target == io.ErrUnexpectedEOF
}

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

func (f *FrameReader) eofError() error {
	if errors.Is(f.err, io.EOF) {
		if f.end == f.start {
			return io.EOF
		}
		// The offset is how much of the frame arrived.
		return f.framingError("", f.end-f.start, ErrUnexpectedEnd)
	}
	return f.err
}

// Buffered returns the bytes received and not yet returned as frames,
// aliasing the internal buffer until the next call to Next.
func (f *FrameReader) Buffered() []byte { return f.buf[f.start:f.end:f.end] }

// FrameWriter writes whole messages to a stream, each built in one reused
// buffer and written with one Write call, so concurrent readers of the
// other end never see half a frame from a short write of ours.
type FrameWriter struct {
	w   io.Writer
	buf []byte
}

// NewFrameWriter returns a FrameWriter that writes to w.
func NewFrameWriter(w io.Writer) *FrameWriter { return &FrameWriter{w: w} }

// WriteMessage appends m's encoding (header included) to the reused
// buffer and writes it. It allocates only while the buffer grows to the
// largest message written so far.
func (fw *FrameWriter) WriteMessage(m encoding.BinaryAppender) error {
	b, err := m.AppendBinary(fw.buf[:0])
	if err != nil {
		return err
	}
	fw.buf = b
	_, err = fw.w.Write(b)
	return err
}
