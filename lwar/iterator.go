package lwar

import "github.com/gamewire/gamewire/wire"

// Iterator walks the messages of one received packet without allocating:
// it checks the packet header, then decodes one message after the other
// into a Decoder it owns. Reliable and unreliable messages may come in any
// order; the type id of each says which it is.
//
//	var it lwar.Iterator // reuse it for every packet
//	if err := it.Reset(datagram); err != nil {
//		return err // not an lwar packet: drop it
//	}
//	for it.Next() {
//		switch m := it.Message().(type) {
//		case *lwar.Chat:
//			...
//		}
//	}
//	if err := it.Err(); err != nil { ... }
//
// Messages have no length of their own, so a message that cannot be
// decoded (unknown type id, short input) ends the walk: Err reports it
// and Rest returns the bytes from that message on. The messages before it
// were good and have been returned.
//
// A Message returned by the Iterator points into it and is valid until
// the next message of the same type; it never aliases the packet bytes.
// Error offsets count from the start of the packet.
type Iterator struct {
	// Header is the packet header of the current packet.
	Header Header

	buf   []byte
	off   int // start of the next message
	start int // start of the current message
	cur   Message
	err   error
	dec   Decoder
}

// Reset starts a walk over packet and decodes its header. It fails, and
// the walk yields nothing and Header is zero, if packet is shorter than HeaderSize, longer
// than MaxPacketSize (wire.ErrTooLong), or carries another appId than
// AppID (wire.ErrInvalid, field appId): such a datagram is not an lwar
// packet. The Iterator keeps packet until the next Reset.
func (it *Iterator) Reset(packet []byte) error {
	it.buf, it.off, it.start, it.cur, it.err = packet, 0, 0, nil, nil
	if it.err = readPacketHeader(&it.Header, packet); it.err != nil {
		it.buf = nil
		return it.err
	}
	it.off, it.start = HeaderSize, HeaderSize
	return nil
}

// readPacketHeader decodes the header of a received datagram into h. It
// fails, leaving h zero, for a datagram that is not an lwar packet:
// shorter than HeaderSize, longer than MaxPacketSize (wire.ErrTooLong) or
// with another appId (wire.ErrInvalid). The Iterator and the Channel both
// use it, so they agree on what a packet is.
func readPacketHeader(h *Header, packet []byte) error {
	if len(packet) > MaxPacketSize {
		*h = Header{}
		return wire.NewError(proto, "Packet", "", MaxPacketSize, wire.ErrTooLong)
	}
	_, err := h.Decode(packet)
	return err
}

// Next decodes the next message and reports whether there is one. It
// returns false at the end of the packet and on the first error.
func (it *Iterator) Next() bool {
	it.cur = nil
	if it.err != nil || it.off >= len(it.buf) {
		return false
	}
	m, n, err := it.dec.Decode(it.buf[it.off:])
	it.start = it.off
	if err != nil {
		it.err = shift(err, it.off)
		return false
	}
	it.cur = m
	it.off += n
	return true
}

// Message returns the message Next decoded.
func (it *Iterator) Message() Message { return it.cur }

// Bytes returns the encoded bytes of the message Next decoded, aliasing
// the packet.
func (it *Iterator) Bytes() []byte {
	if it.cur == nil {
		return nil
	}
	return it.buf[it.start:it.off:it.off]
}

// Offset returns the byte offset in the packet of the current message,
// or of the message that failed.
func (it *Iterator) Offset() int { return it.start }

// Err returns the error that ended the walk, or nil if the packet was
// read to its end.
func (it *Iterator) Err() error { return it.err }

// Rest returns the bytes not decoded: after an error, those from the
// message that failed to the end of the packet, aliasing it.
func (it *Iterator) Rest() []byte {
	if it.off >= len(it.buf) {
		return nil
	}
	return it.buf[it.off:]
}

// shift returns err with its offset moved by off, to count from the start
// of the packet instead of the message. Errors are interned, so this does
// not allocate in steady state.
func shift(err error, off int) error {
	e, ok := err.(*wire.Error)
	if !ok || off == 0 {
		return err
	}
	return wire.NewError(e.Protocol, e.Message, e.Field, e.Offset+off, e.Err)
}
