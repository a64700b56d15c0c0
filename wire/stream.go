package wire

import (
	"io"

	"github.com/gamewire/gamewire/wire/spec"
)

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
// nothing received is lost. A length over HardMax fails with the Stream's
// own *Error saying the length and HardMax ("tfighters: frame length 9002
// exceeds 8194"); a stream that ends inside a frame with an error wrapping
// both ErrShort and io.ErrUnexpectedEOF (ErrUnexpectedEnd).
//
// A read timeout (a deadline passed) is returned as it is and is not
// final: the next call goes on where the last one stopped.
type Stream struct {
	frame frames
	dec   Decoder
	from  Direction
	err   Error
}

// NewStream returns a Stream of table t reading the messages that from
// sends, from r.
func NewStream(t *spec.Table, r io.Reader, from Direction) *Stream {
	s := &Stream{from: from}
	s.dec.Reset(t)
	s.frame.init(t, r)
	return s
}

// Reset makes s read from r, as new, keeping its buffer and values: a
// Stream serves many connections or files with no allocation.
func (s *Stream) Reset(r io.Reader) { s.frame.reset(r) }

// SetPolicy sets the policy (Checked by default).
func (s *Stream) SetPolicy(p Policy) { s.dec.Policy = p }

// Policy returns the policy.
func (s *Stream) Policy() Policy { return s.dec.Policy }

// From returns the direction of the messages the Stream reads.
func (s *Stream) From() Direction { return s.from }

// Table returns the Stream's table.
func (s *Stream) Table() *spec.Table { return s.dec.table }

// NextFrame returns the next whole frame, header included, without
// decoding it. It aliases the Stream's buffer until the next call.
func (s *Stream) NextFrame() ([]byte, error) { return s.frame.next() }

// Next reads and decodes the next message. The message belongs to the
// Stream: it stays valid until the next message of the same form (copy
// it to keep it). At the end of a stream that ends between frames, Next
// returns io.EOF.
func (s *Stream) Next() (Message, error) {
	// frames.next, Decoder.Decode and whole, in one: the hot path (a
	// frame buffered whole whose header's length field, or else the
	// table's Split, says its length, of a form whose value exists,
	// decoded whole without error) makes no call but the Split's, the
	// message's Decode and, under Checked, its Validate.
	f := &s.frame
	var b []byte
	buf := f.buf[f.start:f.end]
	n := 0
	if f.lenEnd > 0 {
		if len(buf) >= f.lenEnd {
			n = int(f.order.Uint(buf[f.lenAt:f.lenEnd])) + f.lenAdjust
		}
	} else if f.split != nil {
		// The Split's frames, as cut measures them, without its call.
		if m, err := f.split(f.table, buf); err == nil {
			n = m
		}
	}
	if f.inFrame(n, buf) {
		f.start += n
		b = buf[:n:n]
	}
	if b == nil {
		var err error
		if b, err = f.slow(); err != nil {
			return nil, err
		}
	}
	d := &s.dec
	if k, ok := d.index.FrameKey(b, s.from); ok {
		if sl := d.index.Slot(k); sl < uint32(len(d.hot)) && d.hot[sl].key == k {
			m := d.hot[sl].m
			n, err := m.Decode(b)
			if err == nil && n == len(b) {
				switch d.Policy {
				case Lax:
					return m, nil
				case Checked:
					if n <= d.maxSize {
						return m, m.Validate()
					}
				}
			}
			m, n, err = d.check(m, n, err)
			return s.whole(m, n, len(b), err)
		}
	}
	m, n, err := d.decodeSlow(b, s.from)
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
func (s *Stream) Buffered() []byte { return s.frame.buffered() }
