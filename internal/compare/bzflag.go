package compare

import (
	"encoding/binary"

	"github.com/gamewire/gamewire/bzflag"
)

// BZFlag: the traffic of a real session with the original bzfs 1.7g2
// server, both directions. A frame's first two bytes are the length of
// its body, after the four header bytes.
var _ = register(streamProtocol("bzflag", "bzflag/bzfs-1.7g2-*.bin", bzflag.Table(),
	binary.BigEndian, lengthFrame(binary.BigEndian, 4, 4), func() Codec { return new(bzHand) }))
