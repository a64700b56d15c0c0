package compare

import (
	"encoding/binary"
	"io"

	"github.com/gamewire/gamewire/bzflag"
	"github.com/gamewire/gamewire/wire"
)

// BZFlag: the traffic of a real session with the original bzfs 1.7g2
// server, both directions.
var _ = register(&Protocol{
	Name:        "bzflag",
	Files:       []string{"bzflag/bzfs-1.7g2-*.bin"},
	From:        fromName,
	FrameLen:    bzFrameLen,
	Gamewire:    func() Codec { return newWireCodec(bzflag.NewDecoder(), wire.Lax) },
	Handwritten: func() Codec { return new(bzHand) },
	Binary:      func() Codec { return newBinary(binary.BigEndian, new(bzHand), bzFrameLen) },
	Checked:     func() Codec { return newWireCodec(bzflag.NewDecoder(), wire.Checked) },
	Streams:     wireStreams(bzflagStream),
})

// bzFrameLen returns the length of the frame at the start of b: the
// body length in its first two bytes, plus the four header bytes.
func bzFrameLen(b []byte) int {
	if len(b) < 4 {
		return 0
	}
	return 4 + int(binary.BigEndian.Uint16(b))
}

// bzflagStream is gamewire's stream decoder over r.
func bzflagStream(r io.Reader, k Kind) *wire.Stream { return bzflag.NewStream(r, wireFrom(k)) }
