package compare

import (
	"encoding/binary"
	"io"

	"github.com/gamewire/gamewire/tfighters"
	"github.com/gamewire/gamewire/wire"
)

// TFighters: a session with the original server, both directions.
var tfightersProtocol = register(&Protocol{
	Name:        "tfighters",
	Files:       []string{"tfighters/*.bin"},
	From:        fromName,
	FrameLen:    tfFrameLen,
	Gamewire:    func() Codec { return newWireCodec(tfighters.NewDecoder(), wire.Lax) },
	Handwritten: func() Codec { return new(tfHand) },
	Binary:      func() Codec { return newBinary(binary.LittleEndian, new(tfHand), tfFrameLen) },
	Checked:     func() Codec { return newWireCodec(tfighters.NewDecoder(), wire.Checked) },
	Streams:     wireStreams(tfightersStream),
})

// tfFrameLen returns the length of the frame at the start of b: the
// little-endian len in its first two bytes counts the bytes after it.
func tfFrameLen(b []byte) int {
	if len(b) < 4 {
		return 0
	}
	return 2 + int(binary.LittleEndian.Uint16(b))
}

// tfightersStream is gamewire's stream decoder over r.
func tfightersStream(r io.Reader, k Kind) *wire.Stream {
	return tfighters.NewStream(r, wireFrom(k))
}
