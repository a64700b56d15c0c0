package lwar

import "github.com/gamewire/gamewire/wire"

// Full is the spec's "Full" message (id 104, unreliable, server to
// client): the server is full. It carries no payload. The server resends
// it for as long as the client keeps sending Connect.
type Full struct{}

// Form returns the message's entry in the table.
func (*Full) Form() *wire.Form { return &forms[12] }

// Size returns UnreliableHeaderSize: the message is its header.
func (*Full) Size() int { return UnreliableHeaderSize }

// AppendBinary appends the message header.
func (*Full) AppendBinary(b []byte) ([]byte, error) { return append(b, byte(TypeFull)), nil }

// MarshalBinary returns the encoded message.
func (m *Full) MarshalBinary() ([]byte, error) { return m.AppendBinary(make([]byte, 0, 1)) }

// Decode decodes the message at the start of b.
func (m *Full) Decode(b []byte) (int, error) {
	if off, err := begin(b, m.Form(), UnreliableHeaderSize); err != nil {
		return off, err
	}
	return UnreliableHeaderSize, nil
}

// UnmarshalBinary decodes a message that is all of b.
func (m *Full) UnmarshalBinary(b []byte) error { return unmarshal(m, b) }

// Validate returns nil: Full has no rules.
func (*Full) Validate() error { return nil }
