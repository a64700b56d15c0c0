package compare

import (
	"bytes"
	"errors"
	"fmt"
	"io"

	"github.com/gamewire/gamewire/internal/nettest"
	"github.com/gamewire/gamewire/wire"
)

// nexter returns the next message of a stream decoder.
type nexter func() (any, error)

// warm is a stream decoder kept for each capture and read again on every
// Read: the steady state of a long connection, no allocation.
type warm struct {
	open    func(r io.Reader, k Kind) nexter
	streams map[*Capture]*warmStream
	// wire, if set, opens gamewire's wire.Stream, whose Next a Read
	// without a visit calls directly, as a user's loop does, instead of
	// through a nexter: an adapter (a closure returning the message as
	// an any) whose call a message no user pays. (wireCodec.walk does
	// the same for the decoder.)
	wire func(r io.Reader, k Kind) *wire.Stream
}

type warmStream struct {
	next  nexter
	wire  *wire.Stream // the stream next reads, if warm's wire opened it
	units int          // the capture's messages: a Read reads as many
}

func newWarm(open func(r io.Reader, k Kind) nexter) *warm {
	return &warm{open: open, streams: map[*Capture]*warmStream{}}
}

func (w *warm) Read(c *Capture, visit func(any)) (int, error) {
	s := w.streams[c]
	if s == nil {
		// Count the capture's frames with a decoder of its own.
		units, err := readAll(c, w.open(bytes.NewReader(c.Stream), c.From), nil)
		if err != nil {
			return 0, err
		}
		s = &warmStream{units: units}
		if w.wire != nil {
			s.wire = w.wire(&nettest.Repeat{B: c.Stream}, c.From)
			s.next = func() (any, error) { return s.wire.Next() }
		} else {
			s.next = w.open(&nettest.Repeat{B: c.Stream}, c.From)
		}
		w.streams[c] = s
	}
	if s.wire != nil && visit == nil {
		for i := range s.units {
			if _, err := s.wire.Next(); err != nil {
				return i, fmt.Errorf("%s: frame %d: %w", c.File, i, err)
			}
		}
		return s.units, nil
	}
	for i := range s.units {
		m, err := s.next()
		if err != nil {
			return i, fmt.Errorf("%s: frame %d: %w", c.File, i, err)
		}
		if visit != nil {
			visit(m)
		}
	}
	return s.units, nil
}

// readAll reads c's messages with next up to the end of the stream,
// calls visit (if not nil) with each, and returns how many it read.
func readAll(c *Capture, next nexter, visit func(any)) (int, error) {
	for units := 0; ; units++ {
		m, err := next()
		if errors.Is(err, io.EOF) {
			return units, nil
		}
		if err != nil {
			return units, fmt.Errorf("%s: frame %d: %w", c.File, units, err)
		}
		if visit != nil {
			visit(m)
		}
	}
}

// fresh is a new stream decoder for every Read, over a reused reader.
type fresh struct {
	open func(r io.Reader, k Kind) nexter
	r    bytes.Reader
}

func newFresh(open func(r io.Reader, k Kind) nexter) *fresh { return &fresh{open: open} }

func (f *fresh) Read(c *Capture, visit func(any)) (int, error) {
	f.r.Reset(c.Stream)
	return readAll(c, f.open(&f.r, c.From), visit)
}

// wireStreams returns the ways of using a wire.Stream that open returns:
// warm (one Stream reading each capture again and again), reset (one
// Stream per direction, Reset to each capture: a new stream on a reused
// value) and new (a Stream made for each read).
func wireStreams(open func(r io.Reader, k Kind) *wire.Stream) []Stream {
	next := func(r io.Reader, k Kind) nexter {
		s := open(r, k)
		return func() (any, error) { return s.Next() }
	}
	return []Stream{
		{"warm", func() StreamReader { w := newWarm(next); w.wire = open; return w }},
		{"reset", func() StreamReader { return &reset{open: open} }},
		{"new", func() StreamReader { return newFresh(next) }},
	}
}

// reset keeps one wire.Stream per direction and Resets it to each
// capture it reads.
type reset struct {
	open    func(r io.Reader, k Kind) *wire.Stream
	streams [PacketHeader]*wire.Stream
	r       bytes.Reader
}

func (s *reset) Read(c *Capture, visit func(any)) (int, error) {
	s.r.Reset(c.Stream)
	st := s.streams[c.From]
	if st == nil {
		st = s.open(&s.r, c.From)
		s.streams[c.From] = st
	} else {
		st.Reset(&s.r)
	}
	return readAll(c, func() (any, error) { return st.Next() }, visit)
}
