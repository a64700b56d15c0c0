package lwar

import (
	"errors"

	"github.com/gamewire/gamewire/wire"
)

// Packet is a whole lwar packet as a value: the packet header and the
// messages it holds, in order. It is the convenient level: decoding one
// allocates a new value per message. Hot loops use Iterator and Builder.
type Packet struct {
	Header   Header    // the spec's "Packet Header"
	Messages []Message // the messages after it, in packet order
}

// Size returns the encoded length: HeaderSize plus every message's Size
// (a nil message counts nothing; encoding refuses it).
func (p *Packet) Size() int {
	n := HeaderSize
	for _, m := range p.Messages {
		if !wire.IsNil(m) {
			n += m.Size()
		}
	}
	return n
}

// AppendBinary appends the header and the messages. A packet longer than
// MaxPacketSize fails with wire.ErrTooLong, appending nothing: lwar never
// sends what the spec forbids (AppendLax encodes what a reader keeps).
func (p *Packet) AppendBinary(b []byte) ([]byte, error) {
	if n := p.Size(); n > MaxPacketSize {
		return b, &headerErrors.tooLong
	}
	return p.AppendLax(b)
}

// AppendLax is AppendBinary for a packet of up to HardMaxPacketSize
// bytes: it re-encodes byte for byte an over-size packet that a reader
// kept (see Iterator), for proxies and tools. Peers send with
// AppendBinary.
func (p *Packet) AppendLax(b []byte) ([]byte, error) {
	if n := p.Size(); n > HardMaxPacketSize {
		return b, &headerErrors.tooLarge
	}
	out, _ := p.Header.AppendBinary(b)
	for _, m := range p.Messages {
		if wire.IsNil(m) {
			return b, &channelErrors.null
		}
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
// message, and returns len(b). Errors are those of an Iterator with the
// default policy, with offsets from the start of the packet; a failed
// Decode leaves p empty (the Iterator gives the messages before a bad
// one). A packet over MaxPacketSize but within HardMaxPacketSize decodes
// in full and returns the error wire.ErrTooLong with it (wire.Checked).
func (p *Packet) Decode(b []byte) (int, error) {
	clear(p.Messages) // drop the old messages: every decode allocates new ones
	p.Header, p.Messages = Header{}, p.Messages[:0]
	var it Iterator
	if err := it.Reset(b); err != nil {
		return 0, err
	}
	for it.Next() {
		m := table.New(it.Message().Form())
		if _, err := m.Decode(it.Bytes()); err != nil {
			return 0, err // cannot be: the Iterator decoded these bytes
		}
		p.Messages = append(p.Messages, m)
	}
	p.Header = it.Header
	if err := it.Err(); err != nil {
		if errors.Is(err, wire.ErrTooLong) {
			return len(b), err
		}
		clear(p.Messages)
		p.Header, p.Messages = Header{}, p.Messages[:0]
		return 0, err
	}
	return len(b), nil
}

// UnmarshalBinary is Decode: a datagram is always a whole packet.
func (p *Packet) UnmarshalBinary(b []byte) error {
	_, err := p.Decode(b)
	return err
}
