package lwar

import "github.com/gamewire/gamewire/wire"

// Packet is a whole lwar packet as a value: the packet header and the
// messages it holds, in order. It is the convenient level: decoding one
// allocates a new value per message. Hot loops use Iterator and Builder.
type Packet struct {
	Header   Header
	Messages []Message
}

// Size returns the encoded length: HeaderSize plus every message's Size.
func (p *Packet) Size() int {
	n := HeaderSize
	for _, m := range p.Messages {
		n += m.Size()
	}
	return n
}

// AppendBinary appends the header and the messages. A packet longer than
// MaxPacketSize fails with wire.ErrTooLong, appending nothing.
func (p *Packet) AppendBinary(b []byte) ([]byte, error) {
	if n := p.Size(); n > MaxPacketSize {
		return b, wire.NewError(proto, "Packet", "", MaxPacketSize, wire.ErrTooLong)
	}
	out, _ := p.Header.AppendBinary(b)
	for _, m := range p.Messages {
		var err error
		if out, err = m.AppendBinary(out); err != nil {
			return b, err
		}
	}
	return out, nil
}

// MarshalBinary returns the encoded packet.
func (p *Packet) MarshalBinary() ([]byte, error) { return p.AppendBinary(make([]byte, 0, p.Size())) }

// Decode decodes a whole datagram into p, with a new value for each
// message, and returns len(b). Errors are those of Iterator, with offsets
// from the start of the packet.
func (p *Packet) Decode(b []byte) (int, error) {
	p.Header = Header{}
	p.Messages = p.Messages[:0]
	var it Iterator
	if err := it.Reset(b); err != nil {
		return 0, err
	}
	p.Header = it.Header
	for it.Next() {
		m, _ := New(it.Message().Type())
		if _, err := m.Decode(it.Bytes()); err != nil {
			return 0, err
		}
		p.Messages = append(p.Messages, m)
	}
	if err := it.Err(); err != nil {
		return 0, err
	}
	return len(b), nil
}

// UnmarshalBinary is Decode: a datagram is always a whole packet.
func (p *Packet) UnmarshalBinary(b []byte) error {
	_, err := p.Decode(b)
	return err
}
