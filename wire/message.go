package wire

import "github.com/gamewire/gamewire/wire/spec"

// Message is what every message type of every protocol implements,
// through a pointer: the codec (Size, AppendBinary, MarshalBinary, Decode,
// UnmarshalBinary), Form (its entry in its protocol's table) and Validate
// (the spec's rules the wire format cannot enforce). It is spec.Message.
type Message = spec.Message

// Direction says which peer sends a message: FromClient, FromServer, or
// Both for a form whose layout is the same either way. It is
// spec.Direction.
type Direction = spec.Direction

// The directions.
const (
	// FromClient is a message the client sends to the server.
	FromClient = spec.FromClient
	// FromServer is a message the server sends to a client.
	FromServer = spec.FromServer
	// Both is a form either peer sends with the same layout.
	Both = spec.Both
)
