package tfighters

import (
	"bytes"
	"io"

	"github.com/gamewire/gamewire/wire"
)

// HeaderLen is the length of every message's header: "[len (u16)][type
// (u16)]".
const HeaderLen = 4

// MaxFrame is the largest frame, header included, that the stream layer
// accepts: the original builds every message in a buffer of 8194 bytes
// (server/send.c and client/send.cpp, xpacket[8194]), so no original peer
// sends more. See docs/errata/tfighters.md.
const MaxFrame = 8194

// FrameLen returns the total length of the frame that starts with hdr (at
// least the two bytes of the len field). The spec's "len = length of
// packet including type field" counts the type and the data but not the
// len field itself, so a frame is 2+len bytes; a len below 2 (no room for
// the type) announces no valid frame.
func FrameLen(hdr []byte) (int, error) {
	if len(hdr) < 2 {
		return 0, wire.NewError(proto, "frame", "len", 0, wire.ErrShort)
	}
	l := int(le.U16(hdr))
	if l < 2 {
		return 0, wire.NewError(proto, "frame", "len", 0, wire.ErrInvalid)
	}
	return 2 + l, nil
}

// NewFrameReader returns a reader that splits a TFighters byte stream
// into frames of at most MaxFrame bytes, with one reused buffer.
func NewFrameReader(r io.Reader) *wire.FrameReader {
	fr := wire.NewFrameReader(r, HeaderLen, MaxFrame, FrameLen)
	fr.Protocol = proto
	return fr
}

// appendHeader appends the len and type fields of a message of size bytes
// (header included).
func appendHeader(b []byte, c Code, size int) ([]byte, error) {
	if size-2 > 0xffff {
		return b, wire.NewError(proto, c.errName(), "len", 0, wire.ErrTooLong)
	}
	b = le.AppendU16(b, uint16(size-2))
	return le.AppendU16(b, uint16(c)), nil
}

// open starts decoding a message with code c at the start of b. It returns
// a Reader limited to the frame (or to b, if b ends first), positioned
// after the header, and the frame's end as its len field announces it.
func open(b []byte, c Code) (r wire.Reader, end int) {
	end = len(b)
	if len(b) >= 2 {
		if n := 2 + int(le.U16(b)); n < end {
			end = n
		}
	}
	r = wire.NewReader(b[:end], le, proto, c.errName())
	l := int(r.U16("len"))
	if r.Err() == nil && l < 2 {
		r.FailAt("len", 0, wire.ErrInvalid)
	}
	if t := Code(r.U16("type")); r.Err() == nil && t != c {
		r.FailAt("type", 2, wire.ErrInvalid)
	}
	return r, 2 + l
}

// finish ends decoding a message with code c from b: the fields read by r
// must fill the frame, which ends at end, exactly.
func finish(r *wire.Reader, b []byte, c Code, end int) (int, error) {
	if err := r.Err(); err != nil {
		return 0, err
	}
	if end > len(b) {
		// The fields are all there, but the frame len announces goes on.
		return 0, wire.NewError(proto, c.errName(), "len", len(b), wire.ErrShort)
	}
	if r.Offset() != end {
		// The frame holds more than the fields: the original ignores the
		// rest, but keeping it would make the value lossy.
		return 0, wire.NewError(proto, c.errName(), "len", r.Offset(), wire.ErrTrailing)
	}
	return end, nil
}

// unmarshal is UnmarshalBinary for every message: Decode, then no bytes
// after the frame. No Decode aliases its input.
func unmarshal(m Message, b []byte) error {
	n, err := m.Decode(b)
	if err != nil {
		return err
	}
	if n != len(b) {
		return wire.NewError(proto, m.Code().errName(), "", n, wire.ErrTrailing)
	}
	return nil
}

// checkStr reports a "str" field that cannot travel: a NUL inside it
// would end it early on the wire.
func checkStr(s []byte, c Code, field string, off int) error {
	if i := bytes.IndexByte(s, 0); i >= 0 {
		return wire.NewError(proto, c.errName(), field, off+i, wire.ErrInvalid)
	}
	return nil
}

// appendText appends a message whose only field is a str.
func appendText(b []byte, c Code, field string, s []byte) ([]byte, error) {
	if err := checkStr(s, c, field, HeaderLen); err != nil {
		return b, err
	}
	b, err := appendHeader(b, c, HeaderLen+len(s)+1)
	if err != nil {
		return b, err
	}
	return wire.AppendCString(b, s), nil
}

// decodeText decodes a message whose only field is a str into *s,
// reusing its capacity.
func decodeText(b []byte, c Code, field string, s *wire.Text) (int, error) {
	end, str, ok := strFrame(b, c, HeaderLen)
	if !ok {
		*s = (*s)[:0]
		return 0, fixedError(b, c, []Field{{field, "str", HeaderLen}})
	}
	*s = append((*s)[:0], str...)
	return end, nil
}

// appendIDText appends a message of an id (u32) and a str.
func appendIDText(b []byte, c Code, field string, id uint32, s []byte) ([]byte, error) {
	if err := checkStr(s, c, field, HeaderLen+4); err != nil {
		return b, err
	}
	b, err := appendHeader(b, c, HeaderLen+4+len(s)+1)
	if err != nil {
		return b, err
	}
	return wire.AppendCString(le.AppendU32(b, id), s), nil
}

// decodeIDText decodes a message of an id (u32) and a str into *id and
// *s, reusing the capacity of *s.
func decodeIDText(b []byte, c Code, field string, id *uint32, s *wire.Text) (int, error) {
	end, str, ok := strFrame(b, c, HeaderLen+4)
	if !ok {
		*id, *s = 0, (*s)[:0]
		return 0, fixedError(b, c, []Field{{"id", "u32", HeaderLen}, {field, "str", HeaderLen + 4}})
	}
	*id = le.U32(b[HeaderLen:])
	*s = append((*s)[:0], str...)
	return end, nil
}

// isFrame reports whether b starts with a whole, well-formed frame of code
// c that is exactly size bytes long: the fast path of fixed layouts.
func isFrame(b []byte, c Code, size int) bool {
	return len(b) >= size && int(le.U16(b)) == size-2 && Code(le.U16(b[2:])) == c
}

// strFrame reports whether b starts with a whole, well-formed frame of
// code c whose fields are fixed bytes of fixed layout and a str that ends
// the frame: the fast path of layouts with a string. It returns the
// frame's length and the string, without its NUL, aliasing b.
func strFrame(b []byte, c Code, fixed int) (end int, s []byte, ok bool) {
	if len(b) < HeaderLen || Code(le.U16(b[2:])) != c {
		return 0, nil, false
	}
	end = 2 + int(le.U16(b))
	if end <= fixed || end > len(b) || bytes.IndexByte(b[fixed:end], 0) != end-fixed-1 {
		return 0, nil, false
	}
	return end, b[fixed : end-1], true
}

// fixedError explains why b holds no frame of code c with the given
// layout: the slow path, which names the field.
func fixedError(b []byte, c Code, fields []Field) error {
	r, end := open(b, c)
	for _, f := range fields {
		if f.Type == "str" {
			r.CString(f.Name, 0)
		} else {
			r.Skip(f.Name, f.Size())
		}
	}
	if _, err := finish(&r, b, c, end); err != nil {
		return err
	}
	return wire.NewError(proto, c.errName(), "", 0, wire.ErrInvalid) // not reached
}
