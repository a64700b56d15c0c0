package compare

import (
	"encoding/binary"
	"fmt"

	"github.com/gamewire/gamewire/lwar"
	"github.com/gamewire/gamewire/wire"
)

// lwar: datagrams of sessions with the original server and of the
// package's own loopback test.
var _ = register(&Protocol{
	Name:         "lwar",
	Files:        []string{"lwar/*.hex"},
	Datagram:     true,
	PacketHeader: true,
	Gamewire:     func() Codec { return newLwarGamewire(wire.Lax) },
	Handwritten:  func() Codec { return new(lwHand) },
	Binary:       func() Codec { return newBinary(binary.BigEndian, new(lwHand), nil) },
	Checked:      func() Codec { return newLwarGamewire(wire.Checked) },
	Streams: []Stream{
		{"warm", func() StreamReader { return new(lwarIterator) }},
		{"new", func() StreamReader { return &lwarIterator{fresh: true} }},
	},
})

// lwarGamewire is gamewire's zero-allocation wire.Decoder, for messages
// of either direction (lwar's type ids tell it), and the packet Header:
// under wire.Lax the codec alone, under the default policy (Checked) each
// message also validated.
type lwarGamewire struct {
	selfAppending
	h lwar.Header
	d *wire.Decoder
}

func newLwarGamewire(p wire.Policy) Codec {
	d := wire.NewDecoder(lwar.Table())
	d.Policy = p
	return &lwarGamewire{d: d}
}

func (g *lwarGamewire) Decode(b []byte, k Kind) (any, int, error) {
	if k == PacketHeader {
		n, err := g.h.Decode(b)
		return &g.h, n, err
	}
	m, n, err := g.d.Decode(b, wire.Both)
	return m, n, err
}

// walk decodes c as a user's loop does: each datagram's packet header,
// then its messages, by direct calls (Walk).
func (g *lwarGamewire) walk(c *Capture) (int, error) {
	units := 0
	for i, b := range c.Datagrams {
		n, err := g.h.Decode(b)
		for off := n; err == nil && off < len(b); off += n {
			units++
			_, n, err = g.d.Decode(b[off:], wire.Both)
		}
		if err != nil {
			return units, fmt.Errorf("%s: datagram %d: %w", c.File, i, err)
		}
		units++ // the header
	}
	return units, nil
}

// lwarIterator walks every datagram with gamewire's Iterator: one reused
// for all captures, or (fresh) a new one for every Read.
type lwarIterator struct {
	fresh bool
	it    lwar.Iterator
}

func (l *lwarIterator) Read(c *Capture, visit func(any)) (int, error) {
	it := &l.it
	if l.fresh {
		it = new(lwar.Iterator)
	}
	n := 0
	for i, d := range c.Datagrams {
		if err := it.Reset(d); err != nil {
			return n, fmt.Errorf("%s: datagram %d: %w", c.File, i, err)
		}
		for it.Next() {
			if visit != nil {
				visit(it.Message())
			}
			n++
		}
		if err := it.Err(); err != nil {
			return n, fmt.Errorf("%s: datagram %d: %w", c.File, i, err)
		}
	}
	return n, nil
}
