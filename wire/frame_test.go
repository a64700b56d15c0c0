package wire_test

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"testing"
	"testing/iotest"

	"github.com/gamewire/gamewire/wire"
)

// be16Len is the framing of the tests: a 2-byte big-endian header holding
// the frame's total length, header included.
func be16Len(h []byte) (int, error) { return int(wire.BigEndian.U16(h)), nil }

// stream builds frames with be16Len headers around the payloads.
func stream(payloads ...string) []byte {
	var b []byte
	for _, p := range payloads {
		b = wire.BigEndian.AppendU16(b, uint16(2+len(p)))
		b = append(b, p...)
	}
	return b
}

// countingReader counts the bytes and calls that pass through it.
type countingReader struct {
	r     io.Reader
	n     int
	calls int
}

func (c *countingReader) Read(p []byte) (int, error) {
	c.calls++
	n, err := c.r.Read(p)
	c.n += n
	return n, err
}

// dataErrReader returns all its data and err from a single call.
type dataErrReader struct {
	data []byte
	err  error
}

func (d *dataErrReader) Read(p []byte) (int, error) {
	n := copy(p, d.data)
	d.data = d.data[n:]
	if len(d.data) == 0 {
		return n, d.err
	}
	return n, nil
}

// stutterReader returns gap empty reads (0, nil) before each byte.
type stutterReader struct {
	data []byte
	gap  int
	k    int
}

func (s *stutterReader) Read(p []byte) (int, error) {
	if len(s.data) == 0 {
		return 0, io.EOF
	}
	if s.k < s.gap {
		s.k++
		return 0, nil
	}
	s.k = 0
	p[0] = s.data[0]
	s.data = s.data[1:]
	return 1, nil
}

// emptyReader returns 0, nil forever.
type emptyReader struct{ calls int }

func (e *emptyReader) Read([]byte) (int, error) { e.calls++; return 0, nil }

var errBad = errors.New("bad header")

// readFrames calls Next until it fails (at most limit times) and returns
// copies of the frames and the error.
func readFrames(t *testing.T, f *wire.FrameReader, limit int) (frames [][]byte, err error) {
	t.Helper()
	for range limit {
		b, err := f.Next()
		if err != nil {
			return frames, err
		}
		if cap(b) != len(b) {
			t.Errorf("frame cap %d, len %d: appending to it would overwrite the buffer", cap(b), len(b))
		}
		frames = append(frames, bytes.Clone(b))
	}
	t.Fatalf("no error after %d frames", limit)
	return nil, nil
}

func TestFrameReader(t *testing.T) {
	three := stream("a", "", "hello, world")
	tooLong := append(stream("abcdef"), stream("abcdefg")...) // 8 bytes, then 9
	tests := []struct {
		name     string
		in       []byte
		reader   func([]byte) io.Reader
		max      int
		frameLen func([]byte) (int, error)
		frames   [][]byte
		err      error // matched with errors.Is
		wireErr  *wire.Error
		buffered []byte
		calls    int // Read calls, when not 0
	}{
		{name: "onebyte", in: three, max: 16,
			reader: func(b []byte) io.Reader { return iotest.OneByteReader(bytes.NewReader(b)) },
			frames: [][]byte{stream("a"), stream(""), stream("hello, world")}, err: io.EOF},
		{name: "oneread", in: three, max: 64,
			reader: func(b []byte) io.Reader { return bytes.NewReader(b) },
			frames: [][]byte{stream("a"), stream(""), stream("hello, world")}, err: io.EOF,
			calls: 2}, // all three frames, then io.EOF
		{name: "half", in: three, max: 14,
			reader: func(b []byte) io.Reader { return iotest.HalfReader(bytes.NewReader(b)) },
			frames: [][]byte{stream("a"), stream(""), stream("hello, world")}, err: io.EOF},
		{name: "dataerr", in: three, max: 64,
			reader: func(b []byte) io.Reader { return &dataErrReader{b, io.EOF} },
			frames: [][]byte{stream("a"), stream(""), stream("hello, world")}, err: io.EOF},
		{name: "empty", in: nil, max: 16,
			reader: func(b []byte) io.Reader { return bytes.NewReader(b) }, err: io.EOF},
		{name: "exactmax-then-toolong", in: tooLong, max: 8,
			reader: func(b []byte) io.Reader { return iotest.OneByteReader(bytes.NewReader(b)) },
			frames: [][]byte{stream("abcdef")}, err: wire.ErrTooLong,
			wireErr:  &wire.Error{Protocol: "test", Message: "frame", Field: "length", Offset: 0, Err: wire.ErrTooLong, Length: 9, Limit: 8},
			buffered: unhex("00 09")},
		{name: "toolong-buffered", in: tooLong, max: 8,
			reader: func(b []byte) io.Reader { return bytes.NewReader(b) },
			frames: [][]byte{stream("abcdef")}, err: wire.ErrTooLong,
			wireErr:  &wire.Error{Protocol: "test", Message: "frame", Field: "length", Offset: 0, Err: wire.ErrTooLong, Length: 9, Limit: 8},
			buffered: tooLong[8:16]},
		{name: "belowheader", in: append(stream("x"), 0x00, 0x01, 0xee), max: 8,
			reader: func(b []byte) io.Reader { return bytes.NewReader(b) },
			frames: [][]byte{stream("x")}, err: wire.ErrInvalid,
			wireErr:  &wire.Error{Protocol: "test", Message: "frame", Field: "length", Offset: 0, Err: wire.ErrInvalid},
			buffered: unhex("00 01 ee")},
		{name: "zerolength", in: unhex("00 00"), max: 8,
			reader: func(b []byte) io.Reader { return bytes.NewReader(b) },
			err:    wire.ErrInvalid, buffered: unhex("00 00")},
		{name: "framelen-error", in: append(stream("x"), 0x80, 0x03, 0xee), max: 8,
			reader: func(b []byte) io.Reader { return iotest.OneByteReader(bytes.NewReader(b)) },
			frameLen: func(h []byte) (int, error) {
				if h[0]&0x80 != 0 {
					return 0, errBad
				}
				return be16Len(h)
			},
			frames: [][]byte{stream("x")}, err: errBad, buffered: unhex("80 03")},
		{name: "eof-in-header", in: append(stream("x"), 0x00), max: 8,
			reader: func(b []byte) io.Reader { return bytes.NewReader(b) },
			frames: [][]byte{stream("x")}, err: io.ErrUnexpectedEOF, buffered: unhex("00")},
		{name: "eof-in-body", in: append(stream("x"), 0x00, 0x05, 0x61, 0x62), max: 8,
			reader: func(b []byte) io.Reader { return iotest.OneByteReader(bytes.NewReader(b)) },
			frames: [][]byte{stream("x")}, err: wire.ErrShort, buffered: unhex("00 05 61 62")},
		{name: "reader-error", in: append(stream("x", "yz"), 0x00, 0x05, 0x61), max: 8,
			reader: func(b []byte) io.Reader { return io.MultiReader(bytes.NewReader(b), iotest.ErrReader(errBad)) },
			frames: [][]byte{stream("x"), stream("yz")}, err: errBad, buffered: unhex("00 05 61")},
		{name: "reader-error-with-data", in: append(stream("x", "yz"), 0x00), max: 64,
			reader: func(b []byte) io.Reader { return &dataErrReader{b, errBad} },
			frames: [][]byte{stream("x"), stream("yz")}, err: errBad, buffered: unhex("00")},
		{name: "stutter", in: three, max: 16,
			reader: func(b []byte) io.Reader { return &stutterReader{data: b, gap: 50} },
			frames: [][]byte{stream("a"), stream(""), stream("hello, world")}, err: io.EOF},
		{name: "noprogress", in: nil, max: 8,
			reader: func([]byte) io.Reader { return &emptyReader{} }, err: io.ErrNoProgress},
		{name: "max-below-header", in: append(stream(""), 0x00, 0x03, 0x61), max: 0,
			reader: func(b []byte) io.Reader { return bytes.NewReader(b) },
			frames: [][]byte{stream("")}, err: wire.ErrTooLong, buffered: unhex("00 03"),
			wireErr: &wire.Error{Protocol: "test", Message: "frame", Field: "length", Offset: 0, Err: wire.ErrTooLong, Length: 3, Limit: 2}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cr := &countingReader{r: tt.reader(tt.in)}
			frameLen := tt.frameLen
			if frameLen == nil {
				frameLen = be16Len
			}
			f := wire.NewFrameReader(cr, 2, tt.max, frameLen)
			f.Protocol = "test"
			if len(f.Buffered()) != 0 {
				t.Errorf("Buffered() before Next = % x", f.Buffered())
			}
			frames, err := readFrames(t, f, 100)
			if len(frames) != len(tt.frames) {
				t.Errorf("%d frames, want %d", len(frames), len(tt.frames))
			}
			for i := range min(len(frames), len(tt.frames)) {
				if !bytes.Equal(frames[i], tt.frames[i]) {
					t.Errorf("frame %d = % x, want % x", i, frames[i], tt.frames[i])
				}
			}
			if !errors.Is(err, tt.err) {
				t.Errorf("error %v, want %v", err, tt.err)
			}
			if tt.wireErr != nil {
				checkError(t, err, *tt.wireErr)
			}
			if !bytes.Equal(f.Buffered(), tt.buffered) {
				t.Errorf("Buffered() = % x, want % x", f.Buffered(), tt.buffered)
			}
			// Nothing received is lost: the frames and the buffered bytes
			// are exactly what the reader delivered.
			got := append(bytes.Join(frames, nil), f.Buffered()...)
			if !bytes.Equal(got, tt.in[:cr.n]) {
				t.Errorf("frames+Buffered = % x, want the %d bytes read % x", got, cr.n, tt.in[:cr.n])
			}
			if tt.calls != 0 && cr.calls != tt.calls {
				t.Errorf("%d Read calls, want %d", cr.calls, tt.calls)
			}
			// The error is sticky and the buffer is kept.
			calls := cr.calls
			if _, err2 := f.Next(); err2 != err {
				t.Errorf("Next after %v returned %v", err, err2)
			}
			if !bytes.Equal(f.Buffered(), tt.buffered) {
				t.Errorf("Buffered() after a second Next = % x, want % x", f.Buffered(), tt.buffered)
			}
			if cr.calls != calls {
				t.Errorf("Next after an error read again (%d more calls)", cr.calls-calls)
			}
		})
	}
}

func TestFrameReaderTruncatedError(t *testing.T) {
	f := wire.NewFrameReader(bytes.NewReader(unhex("00 05 61")), 2, 8, be16Len)
	_, err := f.Next()
	if !errors.Is(err, wire.ErrShort) || !errors.Is(err, io.ErrUnexpectedEOF) {
		t.Errorf("error %v matches ErrShort %t, io.ErrUnexpectedEOF %t; want both",
			err, errors.Is(err, wire.ErrShort), errors.Is(err, io.ErrUnexpectedEOF))
	}
	if errors.Is(err, io.EOF) || errors.Is(err, wire.ErrTooLong) {
		t.Errorf("error %v matches io.EOF or ErrTooLong", err)
	}
	if got, want := err.Error(), "frame: at byte 3: stream ends inside a frame: short input"; got != want {
		t.Errorf("Error() = %q, want %q", got, want)
	}
	var we *wire.Error
	if !errors.As(err, &we) || we.Offset != 3 || we.Err != wire.ErrUnexpectedEnd {
		t.Errorf("error %v: want a *wire.Error at offset 3 (bytes of the frame received) of kind ErrUnexpectedEnd", err)
	}
}

// timeoutReader returns its data, then a timeout, then more data.
type timeoutReader struct{ parts [][]byte }

type timeoutErr struct{}

func (timeoutErr) Error() string { return "i/o timeout" }
func (timeoutErr) Timeout() bool { return true }

func (r *timeoutReader) Read(p []byte) (int, error) {
	if len(r.parts) == 0 {
		return 0, io.EOF
	}
	part := r.parts[0]
	r.parts = r.parts[1:]
	if part == nil {
		return 0, fmt.Errorf("read tcp: %w", timeoutErr{}) // wrapped, as net does
	}
	return copy(p, part), nil
}

// notTimeout has a Timeout method that says no.
type notTimeout struct{}

func (notTimeout) Error() string { return "no timeout" }
func (notTimeout) Timeout() bool { return false }

func TestIsTimeout(t *testing.T) {
	tests := []struct {
		err  error
		want bool
	}{
		{nil, false},
		{io.EOF, false},
		{timeoutErr{}, true},
		{notTimeout{}, false},
		{fmt.Errorf("read tcp: %w", timeoutErr{}), true},
		{fmt.Errorf("a: %w", fmt.Errorf("b: %w", timeoutErr{})), true},
		{fmt.Errorf("read tcp: %w", io.EOF), false},
		{os.ErrDeadlineExceeded, true},
		{fmt.Errorf("read: %w", os.ErrDeadlineExceeded), true},
		{errors.Join(io.EOF, timeoutErr{}), true},
		{errors.Join(io.EOF, notTimeout{}), false},
		{fmt.Errorf("x: %w", errors.Join(io.EOF, fmt.Errorf("y: %w", timeoutErr{}))), true},
	}
	for _, tt := range tests {
		if got := wire.IsTimeout(tt.err); got != tt.want {
			t.Errorf("IsTimeout(%v) = %t, want %t", tt.err, got, tt.want)
		}
	}
	if !raceEnabled {
		err := fmt.Errorf("read tcp: %w", timeoutErr{})
		if n := testing.AllocsPerRun(100, func() { sinkBool = wire.IsTimeout(err) }); n != 0 {
			t.Errorf("IsTimeout: %v allocations, want 0", n)
		}
	}
}

// TestFrameReaderTimeoutIsNotFinal: a read deadline in the middle of a
// frame is reported, and the next call completes the frame.
func TestFrameReaderTimeoutIsNotFinal(t *testing.T) {
	r := &timeoutReader{parts: [][]byte{unhex("00 04 61"), nil, unhex("62")}}
	f := wire.NewFrameReader(r, 2, 8, be16Len)
	if _, err := f.Next(); !errors.As(err, new(timeoutErr)) {
		t.Fatalf("first Next: %v, want the timeout", err)
	}
	if got := f.Buffered(); !bytes.Equal(got, unhex("00 04 61")) {
		t.Fatalf("after the timeout Buffered = %x", got)
	}
	frame, err := f.Next()
	if err != nil || !bytes.Equal(frame, unhex("00 04 61 62")) {
		t.Fatalf("second Next = %x, %v; want the whole frame", frame, err)
	}
	if _, err := f.Next(); err != io.EOF {
		t.Fatalf("third Next: %v, want io.EOF", err)
	}
}

func TestNewFrameReaderRejectsNoHeader(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("NewFrameReader with headerLen 0 did not panic")
		}
	}()
	wire.NewFrameReader(bytes.NewReader(nil), 0, 8, be16Len)
}

func TestFrameReaderNoProgressBounded(t *testing.T) {
	e := &emptyReader{}
	f := wire.NewFrameReader(e, 2, 8, be16Len)
	if _, err := f.Next(); err != io.ErrNoProgress {
		t.Fatalf("error %v, want io.ErrNoProgress", err)
	}
	if e.calls < 2 || e.calls > 1000 {
		t.Errorf("gave up after %d empty reads, want a small bound", e.calls)
	}
}

// TestFrameReaderBufferFixed reads many frames of every size up to the
// maximum, in reads of 7 bytes that straddle frames, so partial frames move
// to the front of the buffer again and again: every frame must come out
// whole, and the buffer must keep its size.
func TestFrameReaderBufferFixed(t *testing.T) {
	const max = 20
	var in []byte
	var want [][]byte
	for i := range 300 {
		p := bytes.Repeat([]byte{byte(i)}, i%(max-1))
		want = append(want, stream(string(p)))
		in = append(in, want[len(want)-1]...)
	}
	f := wire.NewFrameReader(&chunkReader{data: in, size: 7}, 2, max, be16Len)
	for i, w := range want {
		got, err := f.Next()
		if err != nil {
			t.Fatalf("frame %d: %v", i, err)
		}
		if !bytes.Equal(got, w) {
			t.Fatalf("frame %d = % x, want % x", i, got, w)
		}
		if c := wire.FrameBufCap(f); c != max {
			t.Fatalf("after frame %d the buffer's capacity is %d, want %d", i, c, max)
		}
	}
	if _, err := f.Next(); err != io.EOF {
		t.Errorf("at the end: %v, want io.EOF", err)
	}
}

// chunkReader returns its data in reads of at most size bytes.
type chunkReader struct {
	data []byte
	size int
}

func (c *chunkReader) Read(p []byte) (int, error) {
	if len(c.data) == 0 {
		return 0, io.EOF
	}
	n := copy(p[:min(len(p), c.size)], c.data)
	c.data = c.data[n:]
	return n, nil
}

// recordWriter records each Write call.
type recordWriter struct {
	writes [][]byte
	err    error
}

func (w *recordWriter) Write(p []byte) (int, error) {
	w.writes = append(w.writes, bytes.Clone(p))
	if w.err != nil {
		return 0, w.err
	}
	return len(p), nil
}

// rawMessage appends its bytes, or fails with err after appending garbage.
type rawMessage struct {
	b   []byte
	err error
}

func (m *rawMessage) AppendBinary(b []byte) ([]byte, error) {
	if m.err != nil {
		return append(b, 0xde, 0xad), m.err
	}
	return append(b, m.b...), nil
}

func TestFrameWriter(t *testing.T) {
	w := &recordWriter{}
	fw := wire.NewFrameWriter(w)
	msgs := [][]byte{stream("abc"), stream(string(make([]byte, 1000))), stream(""), stream("z")}
	for _, m := range msgs {
		if err := fw.WriteMessage(&rawMessage{b: m}); err != nil {
			t.Fatal(err)
		}
	}
	if len(w.writes) != len(msgs) {
		t.Fatalf("%d messages took %d Write calls, want one each", len(msgs), len(w.writes))
	}
	for i := range msgs {
		if !bytes.Equal(w.writes[i], msgs[i]) {
			t.Errorf("write %d = % x, want % x", i, w.writes[i], msgs[i])
		}
	}

	// An encoding error is returned and nothing is written.
	err := fw.WriteMessage(&rawMessage{err: errBad})
	if err != errBad {
		t.Errorf("AppendBinary error: got %v, want %v", err, errBad)
	}
	if len(w.writes) != len(msgs) {
		t.Errorf("a failed encoding was written: % x", w.writes[len(w.writes)-1])
	}
	// The next message is whole, with no trace of the failed one.
	if err := fw.WriteMessage(&rawMessage{b: stream("ok")}); err != nil {
		t.Fatal(err)
	}
	if last := w.writes[len(w.writes)-1]; !bytes.Equal(last, stream("ok")) {
		t.Errorf("after a failed encoding wrote % x, want % x", last, stream("ok"))
	}

	// A write error is returned.
	w.err = errBad
	if err := fw.WriteMessage(&rawMessage{b: stream("x")}); err != errBad {
		t.Errorf("Write error: got %v, want %v", err, errBad)
	}
}
