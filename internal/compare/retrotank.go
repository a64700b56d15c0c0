package compare

import (
	"encoding/binary"

	"github.com/gamewire/gamewire/retrotank"
)

// Retro Tank: the datagrams of the package's own loopback session (no
// traffic of the original game is public), one message each.
var _ = register(datagramProtocol("retrotank", "retrotank/*.hex", retrotank.Table(),
	binary.BigEndian, func() Codec { return new(rtHand) }))
