package compare

import (
	"encoding/binary"

	"github.com/gamewire/gamewire/retrotank"
	"github.com/gamewire/gamewire/wire"
)

// Retro Tank: the datagrams of the package's own loopback session (no
// traffic of the original game is public), one message each.
var _ = register(&Protocol{
	Name:        "retrotank",
	Files:       []string{"retrotank/*.hex"},
	Datagram:    true,
	From:        fromName,
	Gamewire:    func() Codec { return newWireCodec(retrotank.NewDecoder(), wire.Lax) },
	Handwritten: func() Codec { return new(rtHand) },
	Binary:      func() Codec { return newBinary(binary.BigEndian, new(rtHand), nil) },
	Checked:     func() Codec { return newWireCodec(retrotank.NewDecoder(), wire.Checked) },
	Streams:     datagramStreams(retrotank.NewDecoder),
})
