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

// listed is a variable layout that is a fixed part and a list of
// fixed-size entries after it, as many as the fixed part's count says
// (count not nil), or else up to the end of the unit: list returns them,
// and binary.Decode and binary.Append read and write each whole.
type listed interface {
	list() (fixed any, count *uint8, l entryList)
}

// entryList is a listed layout's list.
type entryList interface {
	entrySize() int
	decode(b []byte, o binary.ByteOrder, n int) (int, error)
	append(b []byte, o binary.ByteOrder) ([]byte, error)
}

// entries is a list of entries of size bytes, an entryList.
type entries[E any] struct {
	s    *[]E
	size int
}

func (l entries[E]) entrySize() int { return l.size }

// decode decodes n entries from b into the list.
func (l entries[E]) decode(b []byte, o binary.ByteOrder, n int) (int, error) {
	*l.s = append((*l.s)[:0], make([]E, n)...)
	return binary.Decode(b, o, *l.s)
}

func (l entries[E]) append(b []byte, o binary.ByteOrder) ([]byte, error) {
	return binary.Append(b, o, *l.s)
}

// decodeList decodes a listed layout (listed says how).
func (c *binaryCodec) decodeList(b []byte, fixed any, count *uint8, l entryList) (int, error) {
	n, err := binary.Decode(b, c.order, fixed)
	if err != nil {
		return 0, err
	}
	k, size := (len(b)-n)/l.entrySize(), l.entrySize()
	if count != nil {
		k = int(*count)
	} else if (len(b)-n)%size != 0 {
		return 0, errBadLength
	}
	if len(b)-n < k*size {
		return 0, errShortFrame
	}
	m, err := l.decode(b[n:], c.order, k)
	return n + m, err
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
	case listed:
		fixed, count, l := d.list()
		n, err = c.decodeList(b, fixed, count, l)
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
	case listed:
		fixed, _, l := v.list()
		b, err := binary.Append(b, bv.c.order, fixed)
		if err != nil {
			return b, err
		}
		return l.append(b, bv.c.order)
	}
	return binary.Append(b, bv.c.order, bv.v)
}
