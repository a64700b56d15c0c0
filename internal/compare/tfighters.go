package compare

import (
	"encoding/binary"
	"io"

	"github.com/gamewire/gamewire/tfighters"
)

// TFighters: a session with the original server, both directions.
var tfightersProtocol = register(&Protocol{
	Name:        "tfighters",
	Files:       []string{"tfighters/*.bin"},
	From:        fromName,
	FrameLen:    tfFrameLen,
	Gamewire:    func() Codec { return new(tfightersGamewire) },
	Handwritten: func() Codec { return new(tfHand) },
	Binary:      func() Codec { return newBinary(binary.LittleEndian, new(tfHand), tfFrameLen) },
	Checked:     func() Codec { return validate(new(tfightersGamewire), isTfightersRaw) },
	Streams: []Stream{
		{"warm", func() StreamReader { return newWarm(tfightersStream) }},
		{"new", func() StreamReader { return newFresh(tfightersStream) }},
	},
})

// tfFrameLen returns the length of the frame at the start of b: the
// little-endian len in its first two bytes counts the bytes after it.
func tfFrameLen(b []byte) int {
	if len(b) < 4 {
		return 0
	}
	return 2 + int(binary.LittleEndian.Uint16(b))
}

func tfightersFrom(k Kind) tfighters.Direction {
	if k == FromServer {
		return tfighters.FromServer
	}
	return tfighters.FromClient
}

// tfightersGamewire is gamewire's zero-allocation Decoder.
type tfightersGamewire struct{ d tfighters.Decoder }

func (g *tfightersGamewire) Decode(b []byte, k Kind) (any, int, error) {
	g.d.From = tfightersFrom(k)
	m, n, err := g.d.Decode(b)
	return m, n, err
}

func (*tfightersGamewire) Appender(v any) Appender { return v.(Appender) }

// tfightersStream is gamewire's stream connection reading r.
func tfightersStream(r io.Reader, k Kind) nexter {
	c := tfighters.NewConn(struct {
		io.Reader
		io.Writer
	}{r, io.Discard}, tfightersFrom(k))
	return func() (any, error) { return c.ReadMessage() }
}

// isTfightersRaw reports whether m is a frame kept raw: Validate does not
// apply to it.
func isTfightersRaw(m any) bool { _, ok := m.(*tfighters.Raw); return ok }
