package compare

import "encoding/binary"

// binaryCodec decodes and encodes with encoding/binary: binary.Decode and
// binary.Append on the whole plain struct of a fixed layout (the same
// structs as the hand-written code), and for a variable layout
// binary.Decode and binary.Append on its fixed part and the byte order's
// functions for the rest (the struct's decodeBinary and appendBinary).
type binaryCodec struct {
	order binary.ByteOrder
	// values picks the struct a unit decodes into, from its code.
	values interface{ value(b []byte, k Kind) any }
	// frameLen, if not nil, returns the length a frame's header gives,
	// which a fixed layout's size must match.
	frameLen func(b []byte) int
}

// binaryDecoder is a variable layout's decoding with encoding/binary.
type binaryDecoder interface {
	decodeBinary(b []byte, o binary.ByteOrder) (int, error)
}

// binaryAppender is a variable layout's encoding with encoding/binary.
type binaryAppender interface {
	appendBinary(b []byte, o binary.ByteOrder) ([]byte, error)
}

func newBinary(o binary.ByteOrder, values interface{ value(b []byte, k Kind) any }, frameLen func([]byte) int) *binaryCodec {
	return &binaryCodec{order: o, values: values, frameLen: frameLen}
}

func (c *binaryCodec) Decode(b []byte, k Kind) (any, int, error) {
	v := c.values.value(b, k)
	if v == nil {
		return nil, 0, errUnknownCode
	}
	if d, ok := v.(binaryDecoder); ok {
		n, err := d.decodeBinary(b, c.order)
		if err != nil {
			return nil, 0, err
		}
		return v, n, nil
	}
	n, err := binary.Decode(b, c.order, v)
	if err != nil {
		return nil, 0, err
	}
	if c.frameLen != nil && k != PacketHeader && c.frameLen(b) != n {
		return nil, 0, errBadLength
	}
	return v, n, nil
}

func (c *binaryCodec) Appender(v any) Appender { return binaryValue{v, c.order} }

// binaryValue encodes its value with encoding/binary.
type binaryValue struct {
	v     any
	order binary.ByteOrder
}

func (bv binaryValue) AppendBinary(b []byte) ([]byte, error) {
	if a, ok := bv.v.(binaryAppender); ok {
		return a.appendBinary(b, bv.order)
	}
	return binary.Append(b, bv.order, bv.v)
}
