package compare

import "encoding/binary"

// binaryCodec decodes and encodes with encoding/binary: binary.Decode and
// binary.Append on the whole plain struct of a fixed layout (the same
// structs as the hand-written code), and for a variable layout
// binary.Decode and binary.Append on its fixed part and the byte order's
// functions for the rest (the struct's decodeBinary and appendBinary).
type binaryCodec struct {
	order binary.ByteOrder
	// hand is the hand-written codec, which picks the struct a unit
	// decodes into.
	hand Codec
	// frameLen, if not nil, returns the length a frame's header gives,
	// which a fixed layout's size must match.
	frameLen func(b []byte) int
	// tails reads and writes the strings of tailed layouts, if the
	// protocol has any.
	tails tailCodec
}

// binaryDecoder is a variable layout's decoding with encoding/binary.
type binaryDecoder interface {
	decodeBinary(b []byte, o binary.ByteOrder) (int, error)
}

// binaryAppender is a variable layout's encoding with encoding/binary.
type binaryAppender interface {
	appendBinary(b []byte, o binary.ByteOrder) ([]byte, error)
}

// appendFixedU16 is the appendBinary of a variable layout that is a fixed
// part, a uint16 v and then the bytes s: binary.Append on fixed, then the
// byte order's function for v.
func appendFixedU16(b []byte, o binary.ByteOrder, fixed any, v uint16, s []byte) ([]byte, error) {
	b, err := binary.Append(b, o, fixed)
	if err != nil {
		return b, err
	}
	b = append(b, 0, 0)
	o.PutUint16(b[len(b)-2:], v)
	return append(b, s...), nil
}

// tailed is a variable layout that is a fixed part and one string after
// it: tail returns both, and the protocol's tailCodec reads and writes
// them (with binary.Decode and binary.Append on the fixed part).
type tailed interface {
	tail() (fixed any, s *[]byte)
}

// tailCodec is how a protocol's strings follow the fixed part of a
// tailed layout, for encoding/binary: the hand-written codec of a
// protocol with such layouts says.
type tailCodec interface {
	decodeTail(b []byte, o binary.ByteOrder, fixed any, s *[]byte) (int, error)
	appendTail(b []byte, o binary.ByteOrder, fixed any, s []byte) ([]byte, error)
}

func newBinary(o binary.ByteOrder, hand Codec, frameLen func([]byte) int) *binaryCodec {
	tails, _ := hand.(tailCodec)
	return &binaryCodec{order: o, hand: hand, frameLen: frameLen, tails: tails}
}

func (c *binaryCodec) Decode(b []byte, k Kind) (any, int, error) {
	v := pick(c.hand, b, k)
	if v == nil {
		return nil, 0, errUnknownCode
	}
	var n int
	var err error
	switch d := v.(type) {
	case binaryDecoder:
		n, err = d.decodeBinary(b, c.order)
	case tailed:
		fixed, s := d.tail()
		n, err = c.tails.decodeTail(b, c.order, fixed, s)
	default:
		return c.decodeFixed(b, k, v)
	}
	if err != nil {
		return nil, 0, err
	}
	return v, n, nil
}

// decodeFixed decodes a fixed layout whole with binary.Decode.
func (c *binaryCodec) decodeFixed(b []byte, k Kind, v any) (any, int, error) {
	n, err := binary.Decode(b, c.order, v)
	if err != nil {
		return nil, 0, err
	}
	if c.frameLen != nil && k != PacketHeader && c.frameLen(b) != n {
		return nil, 0, errBadLength
	}
	return v, n, nil
}

func (c *binaryCodec) Appender(v any) Appender { return binaryValue{v, c} }

// binaryValue encodes its value with encoding/binary.
type binaryValue struct {
	v any
	c *binaryCodec
}

func (bv binaryValue) AppendBinary(b []byte) ([]byte, error) {
	switch v := bv.v.(type) {
	case binaryAppender:
		return v.appendBinary(b, bv.c.order)
	case tailed:
		fixed, s := v.tail()
		return bv.c.tails.appendTail(b, bv.c.order, fixed, *s)
	}
	return binary.Append(b, bv.c.order, bv.v)
}
