package bzflag

import (
	"github.com/gamewire/gamewire/wire"
	"github.com/gamewire/gamewire/wire/spec"
)

// Message is what every message type of the package implements, through a
// pointer (*Enter, *PlayerUpdate, ...): the codec (AppendBinary writes the
// whole frame, header included; Decode reads one back), Form (the type's
// entry in Table) and Validate (the spec's rules the wire format cannot
// enforce).
type Message = wire.Message

// Direction says who sent a message: the spec's "-->" (client to server)
// or "<--" (server to client). Some codes have one layout per direction,
// so decoding needs it.
type Direction = wire.Direction

// The directions.
const (
	// FromClient is "-->": client to server.
	FromClient = wire.FromClient
	// FromServer is "<--": server to client.
	FromServer = wire.FromServer
)

// CodeOf returns the code of m: its form's, or a raw frame's own code.
func CodeOf(m Message) Code {
	if r, ok := m.(*wire.Raw); ok {
		if r == nil {
			return 0
		}
		return Code(r.Code)
	}
	if m == nil {
		return 0
	}
	f := m.Form()
	if f == nil {
		return 0
	}
	return Code(f.Code)
}

// marshal is MarshalBinary for every message type.
func marshal(m Message) ([]byte, error) { return m.AppendBinary(make([]byte, 0, m.Size())) }

// unmarshal is UnmarshalBinary for every message type.
func unmarshal(m Message, f *spec.Form, b []byte) error {
	n, err := m.Decode(b)
	return f.Exact(n, len(b), err)
}

// failAt returns err with the offset of the field it names, as a Decode
// reports a failure (0 for an error without a place).
func failAt(err error) (int, error) {
	if e, ok := err.(*wire.Error); ok && e.Offset > 0 {
		return e.Offset, err
	}
	return 0, err
}
