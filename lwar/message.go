package lwar

import "github.com/gamewire/gamewire/wire"

// Message is implemented by a pointer to every message type of the
// package (and by *wire.Raw): the codec, the message's entry in the table
// (Form) and Validate. Each message encodes with its own message header:
// the type id, then, for reliable messages, the sequence number.
//
// AppendBinary returns b unchanged on error. Decoded strings and lists
// reuse the receiver's storage; they never alias the input.
type Message = wire.Message

// The directions a message travels in, as the spec's "Sender" column
// says: "client", "server", or "client/server" (wire.Both).
const (
	FromClient = wire.FromClient
	FromServer = wire.FromServer
)

// TypeOf returns the type id of m, the Code of its form (0 for nil).
func TypeOf(m Message) Type {
	if wire.IsNil(m) || m.Form() == nil {
		return 0
	}
	return Type(m.Form().Code)
}

// Static checks that every type implements Message.
var (
	_ Message = (*Connect)(nil)
	_ Message = (*Disconnect)(nil)
	_ Message = (*Join)(nil)
	_ Message = (*Leave)(nil)
	_ Message = (*Chat)(nil)
	_ Message = (*Add)(nil)
	_ Message = (*Remove)(nil)
	_ Message = (*Selection)(nil)
	_ Message = (*Name)(nil)
	_ Message = (*Synced)(nil)
	_ Message = (*Stats)(nil)
	_ Message = (*Input)(nil)
	_ Message = (*Full)(nil)
	_ Message = (*Collision)(nil)
	_ Message = (*Update)(nil)
	_ Message = (*UpdatePos)(nil)
	_ Message = (*UpdateRay)(nil)
	_ Message = (*UpdateCircle)(nil)
)
