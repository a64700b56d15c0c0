package compare

import (
	"encoding/binary"

	"github.com/gamewire/gamewire/paintball"
)

// Paintball: one client's streams of the package's own loopback session
// (no traffic of the original game is public).
var _ = register(streamProtocol("paintball", "paintball/*.bin", paintball.Table(),
	binary.BigEndian, pbFrameLen, func() Codec { return new(pbHand) }))
