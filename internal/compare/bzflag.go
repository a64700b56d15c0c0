package compare

import (
	"encoding/binary"
	"io"

	"github.com/gamewire/gamewire/bzflag"
)

// BZFlag: the traffic of a real session with the original bzfs 1.7g2
// server, both directions.
var bzflagProtocol = register(&Protocol{
	Name:        "bzflag",
	Files:       []string{"bzflag/bzfs-1.7g2-*.bin"},
	From:        fromName,
	FrameLen:    bzFrameLen,
	Gamewire:    func() Codec { return new(bzflagGamewire) },
	Handwritten: func() Codec { return new(bzHand) },
	Binary:      func() Codec { return newBinary(binary.BigEndian, new(bzHand), bzFrameLen) },
	Checked:     func() Codec { return validate(new(bzflagGamewire), isBzflagRaw) },
	Streams: []Stream{
		{"warm", func() StreamReader { return newWarm(bzflagStream) }},
		{"new", func() StreamReader { return newFresh(bzflagStream) }},
	},
})

// bzFrameLen returns the length of the frame at the start of b: the
// body length in its first two bytes, plus the four header bytes.
func bzFrameLen(b []byte) int {
	if len(b) < 4 {
		return 0
	}
	return 4 + int(binary.BigEndian.Uint16(b))
}

// bzflagFrom converts a Kind.
func bzflagFrom(k Kind) bzflag.Direction {
	if k == FromServer {
		return bzflag.FromServer
	}
	return bzflag.FromClient
}

// bzflagGamewire is gamewire's zero-allocation Decoder.
type bzflagGamewire struct{ d bzflag.Decoder }

func (g *bzflagGamewire) Decode(b []byte, k Kind) (any, int, error) {
	m, n, err := g.d.Decode(b, bzflagFrom(k))
	return m, n, err
}

func (*bzflagGamewire) Appender(v any) Appender { return v.(Appender) }

// bzflagStream is gamewire's stream decoder over r.
func bzflagStream(r io.Reader, k Kind) nexter {
	s := bzflag.NewStream(r, bzflagFrom(k))
	return func() (any, error) { return s.Next() }
}

// isBzflagRaw reports whether m is a frame kept raw: Validate does not
// apply to it.
func isBzflagRaw(m any) bool { _, ok := m.(*bzflag.Raw); return ok }
