package lwar

import "github.com/gamewire/gamewire/wire"

// Packet is a whole lwar packet as a value: the packet header and the
// messages it holds, in order. It is the convenient level: decoding one
// allocates a new value per message. Hot loops use Iterator and Builder.
type Packet struct {
	Header   Header    // the spec's "Packet Header"
	Messages []Message // the messages after it, in packet order
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
// from the start of the packet; a failed Decode leaves p empty (the
// Iterator gives the messages before a bad one).
func (p *Packet) Decode(b []byte) (int, error) {
	clear(p.Messages) // drop the old messages: every decode allocates new ones
	p.Header, p.Messages = Header{}, p.Messages[:0]
	var it Iterator
	err := it.Reset(b)
	for err == nil && it.Next() {
		var m Message
		if m, _, err = DecodeMessage(it.Bytes()); err == nil {
			p.Messages = append(p.Messages, m)
		}
	}
	if err == nil {
		err = it.Err()
	}
	if err != nil {
		clear(p.Messages)
		p.Messages = p.Messages[:0]
		return 0, err
	}
	p.Header = it.Header
	return len(b), nil
}

// UnmarshalBinary is Decode: a datagram is always a whole packet.
func (p *Packet) UnmarshalBinary(b []byte) error {
	_, err := p.Decode(b)
	return err
}
