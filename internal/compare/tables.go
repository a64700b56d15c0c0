package compare

import (
	"encoding/binary"
	"io"

	"github.com/gamewire/gamewire/wire"
	"github.com/gamewire/gamewire/wire/spec"
)

// tableProtocol returns what the comparison knows of a protocol that
// gamewire reads with table t (no streams yet): its captures under
// testdata (files, a glob), its byte order and framing (frameLen, nil
// for datagrams) as the hand-written code and encoding/binary see them,
// and its hand-written codec. Gamewire is t's wire.Decoder under
// wire.Lax, Checked the same under the default policy.
func tableProtocol(name, files string, t *spec.Table, o binary.ByteOrder, frameLen func([]byte) int, hand func() Codec) *Protocol {
	return &Protocol{
		Name:        name,
		Files:       []string{files},
		Datagram:    t.Datagram,
		From:        fromName,
		FrameLen:    frameLen,
		Gamewire:    func() Codec { return newWireCodec(wire.NewDecoder(t), wire.Lax) },
		Handwritten: func() Codec { return hand() },
		Binary:      func() Codec { return newBinary(o, hand(), frameLen) },
		Checked:     func() Codec { return newWireCodec(wire.NewDecoder(t), wire.Checked) },
	}
}

// streamProtocol is tableProtocol for a stream protocol, with gamewire's
// wire.Stream of t as its stream decoder.
func streamProtocol(name, files string, t *spec.Table, o binary.ByteOrder, frameLen func([]byte) int, hand func() Codec) *Protocol {
	p := tableProtocol(name, files, t, o, frameLen, hand)
	p.Streams = wireStreams(func(r io.Reader, k Kind) *wire.Stream { return wire.NewStream(t, r, wireFrom(k)) })
	return p
}

// datagramProtocol is tableProtocol for a datagram protocol, with t's
// wire.Decoder as its stream decoder (see datagramStreams).
func datagramProtocol(name, files string, t *spec.Table, o binary.ByteOrder, hand func() Codec) *Protocol {
	p := tableProtocol(name, files, t, o, nil, hand)
	p.Streams = datagramStreams(func() *wire.Decoder { return wire.NewDecoder(t) })
	return p
}

// lengthFrame returns the framing of a protocol whose frames start with
// a two-byte length in order o, to which adjust adds the header bytes it
// does not count: the frame's length, or 0 while b holds less than the
// header's header bytes.
func lengthFrame(o binary.ByteOrder, header, adjust int) func(b []byte) int {
	return func(b []byte) int {
		if len(b) < header {
			return 0
		}
		return adjust + int(o.Uint16(b))
	}
}
