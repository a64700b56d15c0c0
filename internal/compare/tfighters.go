package compare

import (
	"encoding/binary"

	"github.com/gamewire/gamewire/tfighters"
)

// TFighters: a session with the original server, both directions. The
// little-endian len in a frame's first two bytes counts the bytes after
// it.
var tfightersProtocol = register(streamProtocol("tfighters", "tfighters/*.bin", tfighters.Table(),
	binary.LittleEndian, lengthFrame(binary.LittleEndian, 4, 2), func() Codec { return new(tfHand) }))
