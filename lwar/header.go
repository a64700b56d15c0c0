package lwar

import "github.com/gamewire/gamewire/wire"

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

var headerFields = []Field{
	{Name: "appId", Type: "uint32", Offset: 0, Size: 4},
	{Name: "ack", Type: "uint32", Offset: 4, Size: 4},
	{Name: "timestamp", Type: "uint32", Offset: 8, Size: 4},
}

// HeaderFields returns the layout of the packet header. The slice is
// shared: do not modify it.
func HeaderFields() []Field { return headerFields }

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
		for _, f := range headerFields {
			if f.Offset+f.Size > len(b) {
				return 0, wire.NewError(proto, "Packet Header", f.Name, f.Offset, wire.ErrShort)
			}
		}
	}
	if be.U32(b) != AppID {
		return 0, wire.NewError(proto, "Packet Header", "appId", 0, wire.ErrInvalid)
	}
	h.Ack = be.U32(b[4:])
	h.Timestamp = be.U32(b[8:])
	return HeaderSize, nil
}

// UnmarshalBinary decodes a header that is all of b.
func (h *Header) UnmarshalBinary(b []byte) error {
	n, err := h.Decode(b)
	if err != nil {
		return err
	}
	if n != len(b) {
		return wire.NewError(proto, "Packet Header", "", n, wire.ErrTrailing)
	}
	return nil
}
