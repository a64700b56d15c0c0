package tfighters_test

import (
	"github.com/gamewire/gamewire/tfighters"
	"github.com/gamewire/gamewire/wire"
	"github.com/gamewire/gamewire/wire/codec"
)

// code returns m's code.
func code(m tfighters.Message) tfighters.Code { return tfighters.CodeOf(m) }

// raw returns the frame of an undefined code c carrying data, as a
// *wire.Raw of the table, sent in the direction of c's range.
func raw(c tfighters.Code, data []byte) *wire.Raw {
	frame := codec.LittleEndian.AppendU16(nil, uint16(2+len(data)))
	frame = codec.LittleEndian.AppendU16(frame, uint16(c))
	return wire.NewRaw(tfighters.Table(), uint32(c), c.From(), append(frame, data...))
}

// broken reports whether err, returned by a Conn's Next, ends the
// stream: a framing or read error, not a frame's own error (a *wire.Error
// of a message) nor a read timeout.
func broken(err error) bool {
	if err == nil || wire.IsTimeout(err) {
		return false
	}
	// A type assertion, not errors.As, which would allocate: the Stream
	// returns its *wire.Error values as they are.
	we, ok := err.(*wire.Error)
	return !ok || we.Message == "frame"
}
