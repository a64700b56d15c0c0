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
	Gamewire:    func() Codec { return newTfightersGamewire(wire.Lax) },
	Handwritten: func() Codec { return new(tfHand) },
	Binary:      func() Codec { return newBinary(binary.LittleEndian, new(tfHand), tfFrameLen) },
	Checked:     func() Codec { return newTfightersGamewire(wire.Checked) },
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

func tfightersFrom(k Kind) wire.Direction {
	if k == FromServer {
		return tfighters.FromServer
	}
	return tfighters.FromClient
}

// tfightersGamewire is gamewire's zero-allocation decoder: under
// wire.Lax, the codec alone; under the default policy it also validates
// each message.
type tfightersGamewire struct{ d *wire.Decoder }

func newTfightersGamewire(p wire.Policy) Codec {
	d := tfighters.NewDecoder()
	d.Policy = p
	return &tfightersGamewire{d: d}
}

func (g *tfightersGamewire) Decode(b []byte, k Kind) (any, int, error) {
	m, n, err := g.d.Decode(b, tfightersFrom(k))
	return m, n, err
}

func (*tfightersGamewire) Appender(v any) Appender { return v.(Appender) }

// tfightersStream is gamewire's stream decoder over r.
func tfightersStream(r io.Reader, k Kind) *wire.Stream {
	return tfighters.NewStream(r, tfightersFrom(k))
}
