package bzflag

import (
	"io"

	"github.com/gamewire/gamewire/wire"
)

// Stream reads the messages one side of a BZFlag connection sends, from
// any byte stream: a connection, a capture file. Frames are split by
// their length field (frames longer than MaxPacketLen are refused) in one
// buffer of MaxPacketLen bytes allocated once, and decoded by a Decoder,
// one reused value per message type: reading a message allocates nothing
// in steady state.
//
// A frame with a code the package does not know comes back as *Raw (set
// Strict to get wire.ErrUnknownCode instead), so a session survives it. A
// frame whose body does not decode returns the decoding error; a message
// that decodes but breaks a rule of the spec is returned together with
// Validate's error (set NoValidate to skip the check). Either way the
// frame has been consumed and the stream is still in step: the caller
// may read on. Only a framing error (a length over MaxPacketLen, a stream
// that ends inside a frame, a read error) ends the stream.
type Stream struct {
	// Strict makes unknown codes an error instead of *Raw.
	Strict bool
	// NoValidate turns off Validate on every message read.
	NoValidate bool

	from  Direction
	frame *wire.FrameReader
	dec   Decoder
}

// NewStream returns a Stream reading from r the messages sent by from
// (FromServer for what a client receives).
func NewStream(r io.Reader, from Direction) *Stream {
	fr := wire.NewFrameReader(r, HeaderLen, MaxPacketLen, FrameLen)
	fr.Protocol = proto
	return &Stream{from: from, frame: fr}
}

// From returns the direction of the messages the Stream reads.
func (s *Stream) From() Direction { return s.from }

// NextFrame returns the next whole frame, header included, without
// decoding it. It aliases the Stream's buffer until the next call.
func (s *Stream) NextFrame() ([]byte, error) { return s.frame.Next() }

// Next reads and decodes the next message. The message belongs to the
// Stream: it stays valid until the next message of the same type is
// read, and must not be kept beyond that (copy it: *m). At the end of a
// stream that ends between frames Next returns io.EOF.
func (s *Stream) Next() (Message, error) {
	b, err := s.frame.Next()
	if err != nil {
		return nil, err
	}
	return s.decode(b)
}

func (s *Stream) decode(b []byte) (Message, error) {
	s.dec.KeepUnknown = !s.Strict
	m, n, err := s.dec.Decode(b, s.from)
	if err != nil {
		return nil, err
	}
	if n != len(b) {
		// The frame's length covers more than the message reads: the
		// frame is consumed whole all the same.
		return nil, wire.NewError(proto, m.Code().String(), "", n, wire.ErrTrailing)
	}
	if !s.NoValidate {
		if err := m.Validate(); err != nil {
			return m, err
		}
	}
	return m, nil
}

// Buffered returns the bytes received and not yet returned as frames
// (nothing received is lost when Next fails).
func (s *Stream) Buffered() []byte { return s.frame.Buffered() }
