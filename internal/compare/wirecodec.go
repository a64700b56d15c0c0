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

// walk decodes c as a user's loop does, a direct call to the Decoder a
// unit (Walk).
func (c wireCodec) walk(cp *Capture) (int, error) {
	if cp.Datagrams != nil {
		return (&datagrams{d: c.d}).Read(cp, nil)
	}
	from, units := wireFrom(cp.From), 0
	for off := 0; off < len(cp.Stream); units++ {
		_, n, err := c.d.Decode(cp.Stream[off:], from)
		if err != nil {
			return units, fmt.Errorf("%s at byte %d: %w", cp.File, off, err)
		}
		off += n
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
	from := wireFrom(c.From)
	units := 0
	for i, b := range c.Datagrams {
		for off := 0; off < len(b); units++ {
			m, n, err := d.Decode(b[off:], from)
			if err != nil {
				return units, fmt.Errorf("%s: datagram %d at byte %d: %w", c.File, i, off, err)
			}
			if visit != nil {
				visit(m)
			}
			off += n
		}
	}
	return units, nil
}
