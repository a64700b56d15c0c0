package lwar

import "github.com/gamewire/gamewire/wire"

// Message is implemented by a pointer to every message type of the
// package. Each message encodes with its own message header: the type id,
// then, for reliable messages, the sequence number.
//
// AppendBinary returns b unchanged on error. Decoded strings and lists
// reuse the receiver's storage; they never alias the input.
type Message interface {
	wire.Codec
	// Type returns the message's type id.
	Type() Type
	// Validate checks the spec's rules that the wire format could carry
	// but the spec forbids (string limits, UTF-8, seqno 0).
	Validate() error
}

// Reliable is implemented by the ordered-reliable messages (type ids 1 to
// 99), which carry a sequence number ("seqno") in their header.
type Reliable interface {
	Message
	// SequenceNumber returns the message's seqno.
	SequenceNumber() uint32
	// SetSequenceNumber sets the message's seqno.
	SetSequenceNumber(seqno uint32)
}

// Static checks that every type implements its interface.
var (
	_ Reliable = (*Connect)(nil)
	_ Reliable = (*Disconnect)(nil)
	_ Reliable = (*Join)(nil)
	_ Reliable = (*Leave)(nil)
	_ Reliable = (*Chat)(nil)
	_ Reliable = (*Add)(nil)
	_ Reliable = (*Remove)(nil)
	_ Reliable = (*Selection)(nil)
	_ Reliable = (*Name)(nil)
	_ Reliable = (*Synced)(nil)

	_ Message = (*Stats)(nil)
	_ Message = (*Input)(nil)
	_ Message = (*Full)(nil)
	_ Message = (*Collision)(nil)
	_ Message = (*Update)(nil)
	_ Message = (*UpdatePos)(nil)
	_ Message = (*UpdateRay)(nil)
	_ Message = (*UpdateCircle)(nil)
)
