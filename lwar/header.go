package lwar

import (
	"github.com/gamewire/gamewire/wire"
	"github.com/gamewire/gamewire/wire/codec"
)

// be is lwar's byte order: every multi-byte field is big-endian (the
// original server packs them most significant byte first; the original
// client reads packets with a big-endian buffer reader).
const be = codec.BigEndian

// Header is the spec's "Packet Header", the 12 bytes at the start of every
// UDP packet: appId, ack and timestamp, each a big-endian uint32.
//
// The appId is not a field: it "must always be 0xf27087c5" (AppID), so
// AppendBinary always writes it and Decode rejects a packet that carries
// another value with a wire.ErrInvalid error naming the field appId.
type Header struct {
	// Ack is "ack": the sequence number of the last reliable message that
	// has been processed (0 before any).
	Ack uint32 `json:"ack"`
	// Timestamp is "timestamp": the timestamp of the unreliable messages
	// contained in the packet. The original peers send milliseconds.
	Timestamp uint32 `json:"timestamp"`
}

// headerErrors are the errors of the packet header, built once: short
// input in appId, ack or timestamp, a wrong appId, trailing bytes.
var headerErrors = struct {
	short             [3]wire.Error
	appID, trailing   wire.Error
	tooLong, tooLarge wire.Error
}{
	short: [3]wire.Error{
		{Protocol: "lwar", Message: "Packet Header", Field: "appId", Offset: 0, Err: wire.ErrShort},
		{Protocol: "lwar", Message: "Packet Header", Field: "ack", Offset: 4, Err: wire.ErrShort},
		{Protocol: "lwar", Message: "Packet Header", Field: "timestamp", Offset: 8, Err: wire.ErrShort},
	},
	appID:    wire.Error{Protocol: "lwar", Message: "Packet Header", Field: "appId", Offset: 0, Err: wire.ErrInvalid},
	trailing: wire.Error{Protocol: "lwar", Message: "Packet Header", Offset: HeaderSize, Err: wire.ErrTrailing},
	// tooLong is a packet over MaxPacketSize; tooLarge one over the
	// most any reader accepts (HardMaxPacketSize).
	tooLong:  wire.Error{Protocol: "lwar", Message: "Packet", Offset: MaxPacketSize, Err: wire.ErrTooLong},
	tooLarge: wire.Error{Protocol: "lwar", Message: "Packet", Offset: HardMaxPacketSize, Err: wire.ErrTooLong},
}

// Size returns HeaderSize.
func (h *Header) Size() int { return HeaderSize }

// AppendBinary appends the packet header, appId included.
func (h *Header) AppendBinary(b []byte) ([]byte, error) {
	b = be.AppendU32(b, AppID)
	b = be.AppendU32(b, h.Ack)
	return be.AppendU32(b, h.Timestamp), nil
}

// MarshalBinary returns the 12 bytes of the header.
func (h *Header) MarshalBinary() ([]byte, error) {
	return h.AppendBinary(make([]byte, 0, HeaderSize))
}

// Decode reads the header from the start of b and returns HeaderSize. It
// fails with wire.ErrShort if b holds fewer than 12 bytes and with
// wire.ErrInvalid (field appId) if the packet's appId is not AppID: such
// a packet was not sent by an lwar peer and must be dropped.
func (h *Header) Decode(b []byte) (int, error) {
	*h = Header{}
	if len(b) < HeaderSize {
		i := len(b) / 4
		return 4 * i, &headerErrors.short[i]
	}
	if be.U32(b) != AppID {
		return 0, &headerErrors.appID
	}
	h.Ack = be.U32(b[4:])
	h.Timestamp = be.U32(b[8:])
	return HeaderSize, nil
}

// UnmarshalBinary decodes a header that is all of b.
func (h *Header) UnmarshalBinary(b []byte) error {
	if n, err := h.Decode(b); err != nil || n == len(b) {
		return err
	}
	return &headerErrors.trailing
}
