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
	"github.com/gamewire/gamewire/wire/codec"
	"github.com/gamewire/gamewire/wire/internal/toy"
	"github.com/gamewire/gamewire/wire/spec"
)

// The framing tests read streams of the test protocol: the toy's header
// (a big-endian u16 length, a u16 code), except that its length counts
// the whole frame, header included, so that a length can also fall under
// the header. Its table has no forms: every frame comes back as a
// *wire.Raw, and NextFrame is the framing alone.

// framing returns the test protocol's table, whose frames are max bytes
// at most (HardMax), measured by split when it is not nil.
func framing(max int, split func(*spec.Table, []byte) (int, error)) *spec.Table {
	return spec.NewTable(spec.Protocol{
		Name:  "test",
		Order: codec.BigEndian,
		Header: []spec.Field{
			{Name: "length", Type: "u16", Go: "-", Role: spec.LengthRole},
			{Name: "code", Type: "u16", Go: "-", Role: spec.CodeRole},
		},
		MaxFrame: max,
		Split:    split,
	}, nil, nil)
}

// stream builds frames of the test protocol around the payloads.
func stream(payloads ...string) []byte {
	var b []byte
	for _, p := range payloads {
		b = codec.BigEndian.AppendU16(b, uint16(4+len(p)))
		b = codec.BigEndian.AppendU16(b, 0x7878)
		b = append(b, p...)
	}
	return b
}

// be16Split measures frames of the test protocol as its length field
// does, for a table with a Split.
func be16Split(_ *spec.Table, b []byte) (int, error) {
	if len(b) < 2 {
		return 0, nil
	}
	return int(codec.BigEndian.U16(b)), nil
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

// emptyReader returns 0, nil forever.
type emptyReader struct{ calls int }

func (e *emptyReader) Read([]byte) (int, error) { e.calls++; return 0, nil }

var errBad = errors.New("bad header")

// readFrames calls NextFrame until it fails (at most limit times) and
// returns copies of the frames and the error.
func readFrames(t *testing.T, s *wire.Stream, limit int) (frames [][]byte, err error) {
	t.Helper()
	for range limit {
		b, err := s.NextFrame()
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

// TestStreamFraming reads streams delivered in every awkward way, up to
// their end or the error that ends them: the frames are the stream's, the
// error says why they end (with the length and the limit for a frame too
// long), nothing received is lost (the frames then Buffered are what was
// read), and the error is final: the next call returns it again without
// reading.
func TestStreamFraming(t *testing.T) {
	three := stream("a", "", "hello, world")
	tooLong := append(stream("abcdef"), stream("abcdefg")...) // 10 bytes, then 11
	bytesReader := func(b []byte) io.Reader { return bytes.NewReader(b) }
	oneByte := func(b []byte) io.Reader { return iotest.OneByteReader(bytes.NewReader(b)) }
	tests := []struct {
		name     string
		in       []byte
		reader   func([]byte) io.Reader
		max      int
		split    func(*spec.Table, []byte) (int, error)
		frames   [][]byte
		err      error // matched with errors.Is
		wireErr  *wire.Error
		buffered []byte
		calls    int // Read calls, when not 0
	}{
		{name: "onebyte", in: three, max: 16, reader: oneByte,
			frames: [][]byte{stream("a"), stream(""), stream("hello, world")}, err: io.EOF},
		{name: "oneread", in: three, max: 64, reader: bytesReader,
			frames: [][]byte{stream("a"), stream(""), stream("hello, world")}, err: io.EOF,
			calls: 2}, // all three frames, then io.EOF
		{name: "half", in: three, max: 16,
			reader: func(b []byte) io.Reader { return iotest.HalfReader(bytes.NewReader(b)) },
			frames: [][]byte{stream("a"), stream(""), stream("hello, world")}, err: io.EOF},
		{name: "dataerr", in: three, max: 64,
			reader: func(b []byte) io.Reader { return &dataErrReader{b, io.EOF} },
			frames: [][]byte{stream("a"), stream(""), stream("hello, world")}, err: io.EOF},
		{name: "chunks", in: three, max: 16,
			reader: func(b []byte) io.Reader { return &toy.Chunks{Data: b, Size: 3} },
			frames: [][]byte{stream("a"), stream(""), stream("hello, world")}, err: io.EOF},
		{name: "split", in: three, max: 16, reader: oneByte, split: be16Split,
			frames: [][]byte{stream("a"), stream(""), stream("hello, world")}, err: io.EOF},
		{name: "empty", in: nil, max: 16, reader: bytesReader, err: io.EOF},
		{name: "exactmax-then-toolong", in: tooLong, max: 10, reader: oneByte,
			frames: [][]byte{stream("abcdef")}, err: wire.ErrTooLong,
			wireErr:  &wire.Error{Protocol: "test", Message: "frame", Field: "length", Offset: 0, Err: wire.ErrTooLong, Length: 11, Limit: 10},
			buffered: unhex("00 0b")},
		{name: "toolong-buffered", in: tooLong, max: 10, reader: bytesReader,
			frames: [][]byte{stream("abcdef")}, err: wire.ErrTooLong,
			wireErr:  &wire.Error{Protocol: "test", Message: "frame", Field: "length", Offset: 0, Err: wire.ErrTooLong, Length: 11, Limit: 10},
			buffered: tooLong[10:]},
		{name: "toolong-split", in: tooLong, max: 10, reader: oneByte, split: be16Split,
			frames: [][]byte{stream("abcdef")}, err: wire.ErrTooLong,
			wireErr:  &wire.Error{Protocol: "test", Message: "frame", Field: "length", Offset: 0, Err: wire.ErrTooLong, Length: 11, Limit: 10},
			buffered: unhex("00 0b")},
		{name: "belowheader", in: append(stream("x"), 0x00, 0x03, 0xee), max: 8, reader: bytesReader,
			frames: [][]byte{stream("x")}, err: wire.ErrInvalid,
			wireErr:  &wire.Error{Protocol: "test", Message: "frame", Field: "length", Offset: 0, Err: wire.ErrInvalid},
			buffered: unhex("00 03 ee")},
		{name: "zerolength", in: unhex("00 00"), max: 8, reader: bytesReader,
			err:      wire.ErrInvalid,
			wireErr:  &wire.Error{Protocol: "test", Message: "frame", Field: "length", Offset: 0, Err: wire.ErrInvalid},
			buffered: unhex("00 00")},
		{name: "split-error", in: append(stream("x"), 0x80, 0x03, 0xee), max: 8, reader: oneByte,
			split: func(t *spec.Table, b []byte) (int, error) {
				if len(b) >= 2 && b[0]&0x80 != 0 {
					return 0, errBad
				}
				return be16Split(t, b)
			},
			frames: [][]byte{stream("x")}, err: errBad, buffered: unhex("80 03")},
		{name: "eof-in-header", in: append(stream("x"), 0x00), max: 8, reader: bytesReader,
			frames: [][]byte{stream("x")}, err: io.ErrUnexpectedEOF,
			wireErr:  &wire.Error{Protocol: "test", Message: "frame", Offset: 1, Err: wire.ErrUnexpectedEnd},
			buffered: unhex("00")},
		{name: "eof-in-body", in: append(stream("x"), 0x00, 0x07, 0x78, 0x78, 0x61), max: 8, reader: oneByte,
			frames: [][]byte{stream("x")}, err: wire.ErrShort,
			wireErr:  &wire.Error{Protocol: "test", Message: "frame", Offset: 5, Err: wire.ErrUnexpectedEnd},
			buffered: unhex("00 07 78 78 61")},
		{name: "reader-error", in: append(stream("x", "yz"), 0x00, 0x07, 0x61), max: 8,
			reader: func(b []byte) io.Reader { return io.MultiReader(bytes.NewReader(b), iotest.ErrReader(errBad)) },
			frames: [][]byte{stream("x"), stream("yz")}, err: errBad, buffered: unhex("00 07 61")},
		{name: "reader-error-with-data", in: append(stream("x", "yz"), 0x00), max: 64,
			reader: func(b []byte) io.Reader { return &dataErrReader{b, errBad} },
			frames: [][]byte{stream("x"), stream("yz")}, err: errBad, buffered: unhex("00")},
		{name: "stutter", in: three, max: 16,
			reader: func(b []byte) io.Reader { return &toy.Stutter{Data: b, Gap: 50} },
			frames: [][]byte{stream("a"), stream(""), stream("hello, world")}, err: io.EOF},
		{name: "noprogress", in: nil, max: 8,
			reader: func([]byte) io.Reader { return &emptyReader{} }, err: io.ErrNoProgress},
		// A table whose limit is under its header takes no frame: the
		// limit of a Stream is 1 at least, and a frame of 4 bytes is too
		// long once its length is read; before, one more byte than the
		// limit, with no length known, is too long already.
		{name: "max-below-header", in: stream(""), max: 0, reader: bytesReader,
			err:      wire.ErrTooLong,
			wireErr:  &wire.Error{Protocol: "test", Message: "frame", Field: "length", Offset: 0, Err: wire.ErrTooLong, Length: 4, Limit: 1},
			buffered: stream("")},
		{name: "max-below-header-onebyte", in: stream(""), max: 0, reader: oneByte,
			err:      wire.ErrTooLong,
			wireErr:  &wire.Error{Protocol: "test", Message: "frame", Field: "length", Offset: 0, Err: wire.ErrTooLong},
			buffered: unhex("00")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cr := &toy.Counting{R: tt.reader(tt.in)}
			s := wire.NewStream(framing(tt.max, tt.split), cr, wire.FromServer)
			if len(s.Buffered()) != 0 {
				t.Errorf("Buffered() before NextFrame = % x", s.Buffered())
			}
			frames, err := readFrames(t, s, 100)
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
			if !bytes.Equal(s.Buffered(), tt.buffered) {
				t.Errorf("Buffered() = % x, want % x", s.Buffered(), tt.buffered)
			}
			// Nothing received is lost: the frames and the buffered bytes
			// are exactly what the reader delivered.
			got := append(bytes.Join(frames, nil), s.Buffered()...)
			if !bytes.Equal(got, tt.in[:cr.N]) {
				t.Errorf("frames+Buffered = % x, want the %d bytes read % x", got, cr.N, tt.in[:cr.N])
			}
			if tt.calls != 0 && cr.Calls != tt.calls {
				t.Errorf("%d Read calls, want %d", cr.Calls, tt.calls)
			}
			// The error is final, the buffer is kept, and Next says the
			// same as NextFrame.
			calls := cr.Calls
			for _, next := range []func() error{
				func() error { _, err := s.NextFrame(); return err },
				func() error { _, err := s.Next(); return err },
			} {
				if err2 := next(); err2 != err {
					t.Errorf("after %v, the next call returned %v", err, err2)
				}
			}
			if !bytes.Equal(s.Buffered(), tt.buffered) {
				t.Errorf("Buffered() after another call = % x, want % x", s.Buffered(), tt.buffered)
			}
			if cr.Calls != calls {
				t.Errorf("a call after an error read again (%d more calls)", cr.Calls-calls)
			}
		})
	}
}

// TestStreamSplitLimits: a Split that cannot tell a frame's length within
// the limit, or tells one over it, ends the stream with ErrTooLong; the
// length and the limit are said when known, whatever error Split returns
// with the length, and the place of a *wire.Error it returns is kept.
func TestStreamSplitLimits(t *testing.T) {
	undecided := framing(4, func(*spec.Table, []byte) (int, error) { return 0, nil })
	s := wire.NewStream(undecided, iotest.OneByteReader(bytes.NewReader(make([]byte, 10))), wire.FromClient)
	_, err := s.Next()
	checkError(t, err, wire.Error{Protocol: "test", Message: "frame", Field: "length", Err: wire.ErrTooLong}) // no length to say
	if want := "test: frame: field length at byte 0: too long"; err.Error() != want {
		t.Errorf("undecided split: %q, want %q", err, want)
	}
	if got := s.Buffered(); len(got) != 4 {
		t.Errorf("undecided split: Buffered = % x, want the 4 bytes read, up to the limit", got)
	}
	for _, splitErr := range []error{nil, errBad, wire.ErrInvalid, &wire.Error{Protocol: "p", Message: "frame", Field: "len", Offset: 2, Err: wire.ErrTooLong}} {
		tab := framing(4, func(*spec.Table, []byte) (int, error) { return 300, splitErr })
		s := wire.NewStream(tab, bytes.NewReader(make([]byte, 10)), wire.FromClient)
		want := wire.Error{Protocol: "test", Message: "frame", Field: "length", Err: wire.ErrTooLong, Length: 300, Limit: 4}
		if e, ok := splitErr.(*wire.Error); ok {
			want.Protocol, want.Field, want.Offset = e.Protocol, e.Field, e.Offset
		}
		_, err := s.Next()
		checkError(t, err, want)
		if n := want.Protocol + ": frame length 300 exceeds 4"; err.Error() != n {
			t.Errorf("split error %v: %q, want %q", splitErr, err, n)
		}
	}
}

func TestStreamTruncatedError(t *testing.T) {
	s := wire.NewStream(framing(8, nil), bytes.NewReader(unhex("00 05 78")), wire.FromClient)
	_, err := s.Next()
	if !errors.Is(err, wire.ErrShort) || !errors.Is(err, io.ErrUnexpectedEOF) {
		t.Errorf("error %v matches ErrShort %t, io.ErrUnexpectedEOF %t; want both",
			err, errors.Is(err, wire.ErrShort), errors.Is(err, io.ErrUnexpectedEOF))
	}
	if errors.Is(err, io.EOF) || errors.Is(err, wire.ErrTooLong) {
		t.Errorf("error %v matches io.EOF or ErrTooLong", err)
	}
	if got, want := err.Error(), "test: frame: at byte 3: stream ends inside a frame: short input"; got != want {
		t.Errorf("Error() = %q, want %q", got, want)
	}
	var we *wire.Error
	if !errors.As(err, &we) || we.Offset != 3 || we.Err != wire.ErrUnexpectedEnd {
		t.Errorf("error %v: want a *wire.Error at offset 3 (bytes of the frame received) of kind ErrUnexpectedEnd", err)
	}
}

// timeoutReader returns its parts one per call, a nil part as a timeout,
// then io.EOF.
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

// TestStreamTimeoutIsNotFinal: a read deadline in the middle of a frame
// is reported, and the next call completes the frame; so through Next
// and a Conn's Next, over the toy table.
func TestStreamTimeoutIsNotFinal(t *testing.T) {
	r := &timeoutReader{parts: [][]byte{unhex("00 05 78"), nil, unhex("78 62")}}
	s := wire.NewStream(framing(8, nil), r, wire.FromClient)
	if _, err := s.NextFrame(); !errors.As(err, new(timeoutErr)) || !wire.IsTimeout(err) {
		t.Fatalf("first NextFrame: %v, want the timeout", err)
	}
	if got := s.Buffered(); !bytes.Equal(got, unhex("00 05 78")) {
		t.Fatalf("after the timeout Buffered = %x", got)
	}
	frame, err := s.NextFrame()
	if err != nil || !bytes.Equal(frame, unhex("00 05 78 78 62")) {
		t.Fatalf("second NextFrame = %x, %v; want the whole frame", frame, err)
	}
	if _, err := s.NextFrame(); err != io.EOF {
		t.Fatalf("third NextFrame: %v, want io.EOF", err)
	}

	ping := toy.Frame(&toy.Ping{Value: 9})
	c := &rw{r: &timeoutReader{parts: [][]byte{ping[:3], nil, nil, ping[3:]}}}
	conn := wire.NewConn(toy.Table, c, wire.FromClient)
	for i := range 2 {
		if m, err := conn.Next(); m != nil || !wire.IsTimeout(err) {
			t.Fatalf("Next %d: %v, %v; want the timeout", i, m, err)
		}
	}
	if m, err := conn.Next(); err != nil || m.(*toy.Ping).Value != 9 {
		t.Fatalf("Next after the timeouts: %v, %v", m, err)
	}
}

func TestStreamNoProgressBounded(t *testing.T) {
	e := &emptyReader{}
	s := wire.NewStream(toy.Table, e, wire.FromClient)
	if _, err := s.Next(); err != io.ErrNoProgress {
		t.Fatalf("error %v, want io.ErrNoProgress", err)
	}
	if e.calls < 2 || e.calls > 1000 {
		t.Errorf("gave up after %d empty reads, want a small bound", e.calls)
	}
}

// TestStreamBufferFixed reads many frames of every size up to the
// maximum, in reads of 7 bytes that straddle frames, through a buffer a
// few times smaller than the stream, so partial frames move to the front
// of the buffer again and again: every frame must come out whole, and the
// buffer must keep its size: the protocol's HardMax, or 4 KB when that is
// less.
func TestStreamBufferFixed(t *testing.T) {
	for _, max := range []int{20, 5000} {
		var in []byte
		var want [][]byte
		for i := 0; len(in) < 20000; i++ {
			p := bytes.Repeat([]byte{byte(i)}, i%(max-3))
			want = append(want, stream(string(p)))
			in = append(in, want[len(want)-1]...)
		}
		s := wire.NewStream(framing(max, nil), &toy.Chunks{Data: in, Size: 7}, wire.FromClient)
		if c := wire.StreamBufCap(s); c != 0 {
			t.Errorf("max %d: a buffer of %d before the first frame", max, c)
		}
		for i, w := range want {
			got, err := s.NextFrame()
			if err != nil {
				t.Fatalf("max %d, frame %d: %v", max, i, err)
			}
			if !bytes.Equal(got, w) {
				t.Fatalf("max %d: frame %d = % x, want % x", max, i, got, w)
			}
			if c := wire.StreamBufCap(s); c != 4096 && c != max || c < max {
				t.Fatalf("max %d: after frame %d the buffer's capacity is %d", max, i, c)
			}
		}
		if _, err := s.NextFrame(); err != io.EOF {
			t.Errorf("max %d: at the end: %v, want io.EOF", max, err)
		}
		// Reset keeps the buffer.
		c := wire.StreamBufCap(s)
		s.Reset(bytes.NewReader(want[1]))
		if got, err := s.NextFrame(); err != nil || !bytes.Equal(got, want[1]) || wire.StreamBufCap(s) != c {
			t.Errorf("max %d: after Reset: % x, %v, buffer %d", max, got, err, wire.StreamBufCap(s))
		}
	}
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

// TestConnWrites: each message goes out in one Write call, whole; an
// encoding error is returned with nothing written, and the next message
// is whole, with no trace of it; a write error is returned.
func TestConnWrites(t *testing.T) {
	w := &recordWriter{}
	conn := wire.NewConn(toy.Table, struct {
		io.Reader
		io.Writer
	}{bytes.NewReader(nil), w}, wire.FromServer)
	msgs := []wire.Message{
		&toy.Say{Text: []byte("abc")},
		&toy.Say{Text: bytes.Repeat([]byte("x"), 20), Pad: 1000}, // breaks a rule
		&toy.Ping{Value: 1},
		&toy.Say{Kind: 2},
	}
	conn.NoValidateWrites = true
	for _, m := range msgs {
		if err := conn.WriteMessage(m); err != nil {
			t.Fatal(err)
		}
	}
	if len(w.writes) != len(msgs) {
		t.Fatalf("%d messages took %d Write calls, want one each", len(msgs), len(w.writes))
	}
	for i, m := range msgs {
		if want := toy.Frame(m); !bytes.Equal(w.writes[i], want) {
			t.Errorf("write %d = % x, want % x", i, w.writes[i], want)
		}
	}
	if err := conn.WriteMessage(&toy.Say{Text: make([]byte, 300)}); !errors.Is(err, wire.ErrTooLong) {
		t.Errorf("a failing encoding: got %v, want ErrTooLong", err)
	}
	if len(w.writes) != len(msgs) {
		t.Errorf("a failed encoding was written: % x", w.writes[len(w.writes)-1])
	}
	if err := conn.WriteMessage(&toy.Ping{Value: 2}); err != nil {
		t.Fatal(err)
	}
	if last := w.writes[len(w.writes)-1]; !bytes.Equal(last, toy.Frame(&toy.Ping{Value: 2})) {
		t.Errorf("after a failed encoding wrote % x", last)
	}
	w.err = errBad
	if err := conn.WriteMessage(&toy.Ping{Value: 3}); err != errBad {
		t.Errorf("Write error: got %v, want %v", err, errBad)
	}
}
