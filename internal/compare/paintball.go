package compare

import (
	"encoding/binary"
	"io"

	"github.com/gamewire/gamewire/paintball"
	"github.com/gamewire/gamewire/wire"
)

// Paintball: one client's streams of the package's own loopback session
// (no traffic of the original game is public).
var _ = register(&Protocol{
	Name:        "paintball",
	Files:       []string{"paintball/*.bin"},
	From:        fromName,
	FrameLen:    pbFrameLen,
	Gamewire:    func() Codec { return newWireCodec(wire.NewDecoder(paintball.Table()), wire.Lax) },
	Handwritten: func() Codec { return new(pbHand) },
	Binary:      func() Codec { return newBinary(binary.BigEndian, new(pbHand), pbFrameLen) },
	Checked:     func() Codec { return newWireCodec(wire.NewDecoder(paintball.Table()), wire.Checked) },
	Streams:     wireStreams(paintballStream),
})

// paintballStream is gamewire's stream decoder over r.
func paintballStream(r io.Reader, k Kind) *wire.Stream {
	return paintball.NewStream(r, wireFrom(k))
}
