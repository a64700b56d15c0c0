package lwar

import (
	"github.com/gamewire/gamewire/wire"
	"github.com/gamewire/gamewire/wire/codec"
	"github.com/gamewire/gamewire/wire/spec"
)

// Iterator walks the messages of one received packet without allocating:
// it checks the packet header, then decodes one message after the other
// into the value a wire.Decoder keeps for its type. Reliable and
// unreliable messages may come in any order; the type id of each says
// which it is, and the table says how to read it.
//
//	var it lwar.Iterator // reuse it for every packet
//	it.From = lwar.FromServer
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
// A packet larger than MaxPacketSize breaks the spec's limit, yet the
// original server sends such packets (docs/errata/lwar.md, E5). Policy
// says what to do with one of up to HardMaxPacketSize bytes: under
// wire.Checked, the default, it is walked like any other and Err reports
// wire.ErrTooLong once the walk has ended (if nothing worse did); under
// wire.Lax it is walked without a word; under wire.Strict Reset rejects
// it. Larger datagrams are always rejected. Under wire.Strict a message
// that breaks a rule of the spec (Validate) also ends the walk with that
// error; under wire.Checked the message is returned all the same and
// Invalid names the rule it breaks, as a wire.Decoder returns such a
// message with the error; under wire.Lax nothing calls Validate.
//
// A Message returned by the Iterator points into it and is valid until
// the next message of the same type; it never aliases the packet bytes.
// Error offsets count from the start of the packet. Errors allocate
// nothing: the Iterator copies the table's error into a value it owns to
// give it the packet offset, valid until the next Reset.
type Iterator struct {
	// Header is the packet header of the current packet.
	Header Header
	// From is the direction the packets travel in: FromServer for a
	// client, FromClient for a server, 0 for either. A type id not sent
	// in that direction is unknown.
	From wire.Direction
	// Policy says what to do with an over-size packet (see above).
	Policy wire.Policy

	buf   []byte
	off   int // start of the next message
	start int // start of the current message
	cur   Message
	err   error
	flag  error // the over-size flag of Checked
	dec   wire.Decoder
	errv  wire.Error // err, at its packet offset

	invalid  error      // the rule the current message breaks (Checked)
	invalidv wire.Error // invalid, at its packet offset
}

// Reset starts a walk over packet and decodes its header. It fails, and
// the walk yields nothing and Header is zero, if packet is shorter than
// HeaderSize, carries another appId than AppID (wire.ErrInvalid, field
// appId), or is too long for the Policy (wire.ErrTooLong): such a
// datagram is not an lwar packet. The Iterator keeps packet until the
// next Reset.
func (it *Iterator) Reset(packet []byte) error {
	it.buf, it.off, it.start, it.cur, it.err, it.flag = packet, 0, 0, nil, nil, nil
	if it.flag, it.err = readPacketHeader(&it.Header, packet, it.Policy); it.err != nil {
		it.buf = nil
		return it.err
	}
	it.off, it.start = HeaderSize, HeaderSize
	return nil
}

// readPacketHeader decodes the header of a received datagram into h. It
// fails, leaving h zero, for a datagram that is not an lwar packet:
// shorter than HeaderSize, with another appId (wire.ErrInvalid), or
// longer than the policy accepts (wire.ErrTooLong). A datagram over
// MaxPacketSize that the policy accepts returns the flag of wire.Checked
// (nil under wire.Lax). The Iterator and the Channel both use it, so they
// agree on what a packet is.
func readPacketHeader(h *Header, packet []byte, p wire.Policy) (flag, err error) {
	if len(packet) > MaxPacketSize {
		switch {
		case len(packet) > HardMaxPacketSize:
			err = &headerErrors.tooLarge
		case p == wire.Strict:
			err = &headerErrors.tooLong
		case p == wire.Checked:
			flag = &headerErrors.tooLong
		}
		if err != nil {
			*h = Header{}
			return nil, err
		}
	}
	if _, err := h.Decode(packet); err != nil {
		return nil, err
	}
	return flag, nil
}

// Next decodes the next message and reports whether there is one. It
// returns false at the end of the packet and on the first error.
func (it *Iterator) Next() bool {
	it.cur, it.invalid = nil, nil
	if it.err != nil || it.off >= len(it.buf) {
		if it.err == nil && it.flag != nil {
			it.err = it.flag // the walk is over: report the flag
		}
		return false
	}
	b := it.buf[it.off:]
	it.start = it.off
	f := lookup(Type(b[0]), it.From)
	if f == nil {
		it.err = codec.Shift(&it.errv, unknown(Type(b[0]), it.From), it.start)
		return false
	}
	m := it.value(f)
	n, err := m.Decode(b)
	if err == nil && it.Policy != wire.Lax {
		if invalid := m.Validate(); invalid != nil && it.Policy == wire.Strict {
			err, n = invalid, 0
		} else if invalid != nil {
			it.invalid = codec.Shift(&it.invalidv, invalid, it.start)
		}
	}
	if err != nil {
		it.err = codec.Shift(&it.errv, err, it.start)
		return false
	}
	it.cur = m
	it.off += n
	return true
}

// value returns the Iterator's value for form f, from its wire.Decoder.
func (it *Iterator) value(f *spec.Form) Message {
	if it.dec.Table() == nil {
		it.dec.Reset(table)
	}
	return it.dec.Value(f)
}

// Invalid returns, under wire.Checked, the error naming the rule of the
// spec that the message Next decoded breaks (Validate's, at its packet
// offset), or nil. The message itself is good to read: a session decides
// what to do with it.
func (it *Iterator) Invalid() error { return it.invalid }

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

// Seqno returns the sequence number of the message Next decoded and true
// if it is a reliable one; 0 and false otherwise.
func (it *Iterator) Seqno() (uint32, bool) {
	b := it.Bytes()
	if len(b) < ReliableHeaderSize || !Type(b[0]).Reliable() {
		return 0, false
	}
	return be.U32(b[1:]), true
}

// Offset returns the byte offset in the packet of the current message,
// or of the message that failed.
func (it *Iterator) Offset() int { return it.start }

// Err returns the error that ended the walk, or nil if the packet was
// read to its end. Under wire.Checked, a walk of an over-size packet that
// ended well reports wire.ErrTooLong.
func (it *Iterator) Err() error { return it.err }

// Rest returns the bytes not decoded: after an error, those from the
// message that failed to the end of the packet, aliasing it.
func (it *Iterator) Rest() []byte {
	if it.off >= len(it.buf) {
		return nil
	}
	return it.buf[it.off:]
}
