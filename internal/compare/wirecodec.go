package compare

import (
	"fmt"

	"github.com/gamewire/gamewire/wire"
)

// wireFrom converts a Kind to wire's direction.
func wireFrom(k Kind) wire.Direction {
	if k == FromServer {
		return wire.FromServer
	}
	return wire.FromClient
}

// wireCodec is gamewire's zero-allocation wire.Decoder of a protocol:
// under wire.Lax, the codec alone; under the default policy (Checked) it
// also validates each message.
type wireCodec struct {
	selfAppending
	d *wire.Decoder
}

// newWireCodec returns d, under policy p, as a Codec.
func newWireCodec(d *wire.Decoder, p wire.Policy) Codec {
	d.Policy = p
	return wireCodec{d: d}
}

func (c wireCodec) Decode(b []byte, k Kind) (any, int, error) {
	m, n, err := c.d.Decode(b, wireFrom(k))
	return m, n, err
}

// walk is Walk, without a visit, for gamewire's Decoder, which it calls
// directly, as a user's loop does: a stream frame after frame, each
// datagram message after message. Gamewire's codecs and its datagram
// stream reader (datagrams) read the captures through it, but for
// lwar's, whose datagrams start with a packet header (lwarGamewire.walk:
// the header in this loop cost its decoder some percent).
func (c wireCodec) walk(cp *Capture) (int, error) {
	d, from, units := c.d, wireFrom(cp.From), 0
	if cp.Datagrams == nil {
		for off := 0; off < len(cp.Stream); units++ {
			_, n, err := d.Decode(cp.Stream[off:], from)
			if err != nil {
				return units, fmt.Errorf("%s at byte %d: %w", cp.File, off, err)
			}
			off += n
		}
		return units, nil
	}
	for i, b := range cp.Datagrams {
		for off := 0; off < len(b); units++ {
			_, n, err := d.Decode(b[off:], from)
			if err != nil {
				return units, fmt.Errorf("%s: datagram %d at byte %d: %w", cp.File, i, off, err)
			}
			off += n
		}
	}
	return units, nil
}

// datagramStreams returns the ways of reading a datagram protocol's
// captures with gamewire's wire.Decoder, which is its stream decoder:
// warm (one Decoder for every read) and new (a Decoder made for each
// read). Both decode each datagram message after message, under the
// default policy.
func datagramStreams(newDecoder func() *wire.Decoder) []Stream {
	return []Stream{
		{"warm", func() StreamReader { return &datagrams{d: newDecoder()} }},
		{"new", func() StreamReader { return &datagrams{fresh: newDecoder} }},
	}
}

type datagrams struct {
	d     *wire.Decoder
	fresh func() *wire.Decoder
}

func (s *datagrams) Read(c *Capture, visit func(any)) (int, error) {
	d := s.d
	if s.fresh != nil {
		d = s.fresh()
	}
	if visit == nil {
		return wireCodec{d: d}.walk(c)
	}
	return Walk(c, wireCodec{d: d}, func(_ []byte, _ Kind, v any) { visit(v) })
}
