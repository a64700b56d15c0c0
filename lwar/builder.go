package lwar

import "github.com/gamewire/gamewire/wire"

// Builder assembles outgoing packets in one reused buffer of
// MaxPacketSize bytes, without allocating once that buffer exists.
//
// Start writes the packet header; Add appends one message if it still
// fits; Fill applies the spec's rule for a whole packet ("A packet should
// be filled with all queued reliable messages, appending unreliable
// messages only if the maximum packet size is not exceeded"). Bytes
// returns the datagram to send. The zero value is ready to use.
//
// The Builder does not call Validate: it sends what it is given, so a
// fuzzer can send messages that break the spec's rules.
type Builder struct {
	buf     []byte
	started bool
	n       int // messages in the packet
}

// Start begins a new packet with header h, discarding the previous one.
func (b *Builder) Start(h Header) {
	if b.buf == nil {
		b.buf = make([]byte, 0, MaxPacketSize)
	}
	b.buf, _ = h.AppendBinary(b.buf[:0])
	b.started = true
	b.n = 0
}

// Add appends m to the packet if it fits and reports whether it did. A
// message that cannot fit even into an empty packet (Size greater than
// MaxMessageSize) fails with wire.ErrTooLong, naming the message, and so
// does a message that fails to encode: neither is silently dropped. Add
// before Start starts a packet with a zero Header. A nil m fails with
// wire.ErrInvalid.
func (b *Builder) Add(m Message) (bool, error) {
	if wire.IsNil(m) {
		return false, &channelErrors.null
	}
	if !b.started {
		b.Start(Header{})
	}
	size := m.Size()
	if size > MaxMessageSize {
		return false, m.Form().Err("", wire.ErrTooLong)
	}
	if len(b.buf)+size > MaxPacketSize {
		return false, nil
	}
	out, err := m.AppendBinary(b.buf)
	if err != nil {
		return false, err
	}
	b.buf = out
	b.n++
	return true, nil
}

// Fill adds messages by the spec's rule: first the queued reliable
// messages, in order, up to the first that does not fit (a receiver only
// processes the direct successor of its last reliable message, so sending
// later ones before it is useless); then unreliable messages, in order,
// for as long as they fit. It returns how many of each it added: the
// callers carries the rest to the next packet (reliable ones are resent
// until acknowledged anyway). A message that can never fit ends Fill with
// the error of Add.
func (b *Builder) Fill(reliable, unreliable []Message) (nReliable, nUnreliable int, err error) {
	for _, m := range reliable {
		ok, err := b.Add(m)
		if err != nil {
			return nReliable, 0, err
		}
		if !ok {
			break
		}
		nReliable++
	}
	for _, m := range unreliable {
		ok, err := b.Add(m)
		if err != nil {
			return nReliable, nUnreliable, err
		}
		if !ok {
			break
		}
		nUnreliable++
	}
	return nReliable, nUnreliable, nil
}

// Bytes returns the packet built so far, aliasing the Builder's buffer
// until the next Start.
func (b *Builder) Bytes() []byte { return b.buf }

// Len returns the packet's length so far, header included.
func (b *Builder) Len() int { return len(b.buf) }

// Free returns how many more bytes fit into the packet.
func (b *Builder) Free() int {
	if !b.started {
		return MaxMessageSize
	}
	return MaxPacketSize - len(b.buf)
}

// Count returns the number of messages in the packet.
func (b *Builder) Count() int { return b.n }

// FitEntries returns how many entries of entrySize bytes a counted list
// message (Stats, Update, UpdatePos, UpdateRay, UpdateCircle) can hold
// within free bytes, header and count included, at most MaxEntries. The
// original server splits its updates this way.
func FitEntries(free, entrySize int) int {
	if entrySize <= 0 || free < 2 {
		return 0
	}
	return min((free-2)/entrySize, MaxEntries)
}
