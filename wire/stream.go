package wire

import "io"

// Stream reads the messages one side of a stream connection sends (a
// net.Conn, a capture file), framed as its protocol's table says, and
// decodes them with a Decoder. Its buffer is allocated once, at the
// protocol's HardMax (4 KB at least, so that one read brings many small
// frames), and reused, Reset included: reading a message allocates
// nothing in steady state.
//
// The policy is the same for every protocol (see Policy): an unknown code
// comes back as a *Raw; a message that breaks a rule comes back with the
// error that says so. Either way the frame has been consumed and the
// Stream is still in step: read on. A frame that does not decode returns
// its error with a nil message, and the Stream is still in step too. Only
// broken framing (a length over HardMax or under the header, a stream
// that ends inside a frame, a read error other than a timeout) ends the
// stream; Buffered then holds what was received and not returned, so
// nothing received is lost. A length over HardMax fails as
// FrameReader.Next says, with the Stream's own *Error saying the length
// and HardMax ("tfighters: frame length 9002 exceeds 8194").
//
// A read timeout (a deadline passed) is returned as it is and is not
// final: the next call goes on where the last one stopped.
type Stream struct {
	dec   Decoder
	from  Direction
	frame FrameReader
	err   Error

	// The header's length field, when the table has one and no Split:
	// NextFrame reads it in place, not through the FrameReader's split.
	lenAt, lenEnd, lenAdjust, minFrame int
	order                              Order
}

// NewStream returns a Stream of table t reading the messages that from
// sends, from r.
func NewStream(t *Table, r io.Reader, from Direction) *Stream {
	s := &Stream{from: from}
	s.dec.Reset(t)
	s.frame.Protocol = t.Name
	s.frame.max = t.HardMax
	s.frame.split = t.FrameLen
	s.frame.r = r
	if l := t.length; l != nil && t.Split == nil && !t.Datagram {
		s.lenAt, s.lenEnd, s.lenAdjust = l.Offset, l.Offset+l.Size, l.Adjust
		s.minFrame, s.order = t.hdrEnd, t.Order
	}
	return s
}

// Reset makes s read from r, as new, keeping its buffer and values: a
// Stream serves many connections or files with no allocation.
func (s *Stream) Reset(r io.Reader) { s.frame.Reset(r) }

// SetPolicy sets the policy (Checked by default).
func (s *Stream) SetPolicy(p Policy) { s.dec.Policy = p }

// Policy returns the policy.
func (s *Stream) Policy() Policy { return s.dec.Policy }

// From returns the direction of the messages the Stream reads.
func (s *Stream) From() Direction { return s.from }

// Table returns the Stream's table.
func (s *Stream) Table() *Table { return s.dec.table }

// minBuffer is the least size of a Stream's buffer, as bufio's default.
const minBuffer = 4096

// NextFrame returns the next whole frame, header included, without
// decoding it. It aliases the Stream's buffer until the next call.
func (s *Stream) NextFrame() ([]byte, error) {
	f := &s.frame
	if f.buf == nil {
		f.buf = make([]byte, max(f.max, minBuffer))
	}
	b := f.buf[f.start:f.end]
	// When a whole frame is buffered (the steady state), cut it here,
	// measured by the header's length field read in place or by the
	// table's Split. Anything else (more to read, a length out of
	// bounds, an error) takes the FrameReader's path, which reports it.
	n := 0
	if s.lenEnd > 0 && len(b) >= s.lenEnd {
		n = int(s.order.Uint(b[s.lenAt:s.lenEnd])) + s.lenAdjust
	} else if split := s.dec.table.Split; split != nil && len(b) > 0 {
		if m, err := split(s.dec.table, b); err == nil {
			n = m
		}
	}
	if n >= s.minFrame && n > 0 && n <= len(b) && n <= f.max {
		f.start += n
		return b[:n:n], nil
	}
	return f.Next()
}

// Next reads and decodes the next message. The message belongs to the
// Stream: it stays valid until the next message of the same form (copy
// it to keep it). At the end of a stream that ends between frames, Next
// returns io.EOF.
func (s *Stream) Next() (Message, error) {
	b, err := s.NextFrame()
	if err != nil {
		return nil, err
	}
	m, n, err := s.dec.Decode(b, s.from)
	return s.whole(m, n, len(b), err)
}

// Decode decodes one whole frame as Next does, for frames that arrive by
// other means (a reassembled capture).
func (s *Stream) Decode(b []byte) (Message, error) {
	m, n, err := s.dec.Decode(b, s.from)
	return s.whole(m, n, len(b), err)
}

// whole returns what the Decoder returned for a frame of size bytes, m,
// n and err, unless m decoded from fewer bytes than its frame holds.
func (s *Stream) whole(m Message, n, size int, err error) (Message, error) {
	if m != nil && n != size {
		return nil, s.trailing(m, n)
	}
	return m, err
}

// trailing returns the error of a frame whose length covers more than
// its message m reads (n bytes): the frame is consumed whole all the
// same.
func (s *Stream) trailing(m Message, n int) error {
	s.err = Error{Protocol: s.dec.table.Name, Message: m.Form().Name, Offset: n, Err: ErrTrailing}
	return &s.err
}

// Buffered returns the bytes received and not yet returned as frames.
func (s *Stream) Buffered() []byte { return s.frame.Buffered() }
