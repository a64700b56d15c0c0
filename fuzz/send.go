package fuzz

import (
	"encoding"
	"errors"
	"fmt"
	"io"
	"math/rand"

	"github.com/leanovate/gopter"
)

// Sender writes generated messages to a target.
type Sender struct {
	// Gen generates the messages; its values must be
	// encoding.BinaryAppender (a message type or a pointer to one).
	Gen gopter.Gen
	// Seed makes the run reproducible.
	Seed int64
	// MutateRate is the probability, from 0 to 1, that a message's bytes
	// are mutated (see Mutate) before they are sent.
	MutateRate float64
	// OnSend, if set, is called with each message's bytes before they are
	// written (to log or record a run); it must not keep b.
	OnSend func(i int, b []byte, mutated bool)

	rng *rand.Rand
	buf []byte
}

// ErrNotAppender means the generator produced a value that cannot be
// encoded.
var ErrNotAppender = errors.New("fuzz: generated value is not an encoding.BinaryAppender")

// Send writes n messages to w, each with one Write call, and returns how
// many were written.
func (s *Sender) Send(w io.Writer, n int) (int, error) {
	if s.rng == nil {
		s.rng = rand.New(rand.NewSource(s.Seed))
	}
	params := gopter.DefaultGenParameters()
	params.Rng = s.rng
	for i := 0; i < n; i++ {
		v, ok := s.Gen(params).Retrieve()
		if !ok {
			return i, fmt.Errorf("fuzz: generator produced no value for message %d", i)
		}
		m, ok := v.(encoding.BinaryAppender)
		if !ok {
			return i, fmt.Errorf("%w: %T", ErrNotAppender, v)
		}
		b, err := m.AppendBinary(s.buf[:0])
		if err != nil {
			return i, fmt.Errorf("fuzz: encoding message %d (%T): %w", i, v, err)
		}
		mutated := s.MutateRate > 0 && s.rng.Float64() < s.MutateRate
		if mutated {
			b = Mutate(b, s.rng)
		}
		s.buf = b
		if s.OnSend != nil {
			s.OnSend(i, b, mutated)
		}
		if _, err := w.Write(b); err != nil {
			return i, err
		}
	}
	return n, nil
}

// Mutate changes b in place (and may shorten or lengthen it) in one of the
// ways that find bugs in decoders: flip a bit, set a byte to an edge value
// (0x00, 0x7f, 0x80, 0xff), truncate, duplicate a run, or insert random
// bytes. It returns the result, which may share b's array.
func Mutate(b []byte, rng *rand.Rand) []byte {
	if len(b) == 0 {
		return append(b, byte(rng.Intn(256)))
	}
	i := rng.Intn(len(b))
	switch rng.Intn(5) {
	case 0:
		b[i] ^= 1 << rng.Intn(8)
	case 1:
		b[i] = [...]byte{0x00, 0x7f, 0x80, 0xff}[rng.Intn(4)]
	case 2:
		b = b[:i]
	case 3:
		j := i + rng.Intn(len(b)-i) + 1
		b = append(b, b[i:j]...)
	default:
		for range 1 + rng.Intn(8) {
			b = append(b, byte(rng.Intn(256)))
		}
	}
	return b
}
