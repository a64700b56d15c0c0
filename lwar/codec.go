package lwar

import (
	"unicode/utf8"

	"github.com/gamewire/gamewire/wire"
)

// proto is the protocol name in errors.
const proto = "lwar"

// be is lwar's byte order: every multi-byte field is big-endian (the
// original server packs them most significant byte first; the original
// client reads packets with a big-endian buffer reader).
const be = wire.BigEndian

var errUnknownTypeName = wire.NewError(proto, "Type", "", 0, wire.ErrUnknownCode)

// shortError returns the ErrShort error for a message of type t whose
// fixed part (fields) is cut at n bytes: it names the first field that
// does not fit.
func shortError(t Type, fields []Field, n int) error {
	for _, f := range fields {
		if f.Entry || f.Size == 0 {
			break
		}
		if f.Offset+f.Size > n {
			return wire.NewError(proto, t.String(), f.Name, f.Offset, wire.ErrShort)
		}
	}
	return wire.NewError(proto, t.String(), "", n, wire.ErrShort)
}

// begin checks that b starts a message of type t and holds its fixed part
// (fields, of size fixed).
func begin(b []byte, t Type, fields []Field, fixed int) error {
	if len(b) == 0 {
		return wire.NewError(proto, t.String(), "type", 0, wire.ErrShort)
	}
	if Type(b[0]) != t {
		return wire.NewError(proto, t.String(), "type", 0, wire.ErrInvalid)
	}
	if len(b) < fixed {
		return shortError(t, fields, len(b))
	}
	return nil
}

// appendReliableHeader appends the reliable message header: type, seqno.
func appendReliableHeader(b []byte, t Type, seqno uint32) []byte {
	return append(b, byte(t), byte(seqno>>24), byte(seqno>>16), byte(seqno>>8), byte(seqno))
}

// readString reads the length-prefixed string whose "len" byte is at
// b[off], copying it into dst's storage. It returns the string and the
// offset after it.
func readString(b []byte, off int, t Type, field string, dst wire.Text) (wire.Text, int, error) {
	if off >= len(b) {
		return dst[:0], 0, wire.NewError(proto, t.String(), "len", off, wire.ErrShort)
	}
	n := int(b[off])
	if off+1+n > len(b) {
		return dst[:0], 0, wire.NewError(proto, t.String(), field, off+1, wire.ErrShort)
	}
	return append(dst[:0], b[off+1:off+1+n]...), off + 1 + n, nil
}

// appendString appends a length-prefixed string the caller has checked
// is at most 255 bytes long.
func appendString(b []byte, s []byte) []byte { return append(append(b, byte(len(s))), s...) }

// tooLong returns the ErrTooLong error of AppendBinary for a string that
// does not fit its uint8 length (the string's limit of the spec is
// Validate's business).
func tooLong(t Type, field string, off int) error {
	return wire.NewError(proto, t.String(), field, off, wire.ErrTooLong)
}

// validString checks a string field against its limit and for UTF-8.
func validString(s []byte, max int, t Type, field string, off int) error {
	if len(s) > max {
		return wire.NewError(proto, t.String(), field, off, wire.ErrTooLong)
	}
	if !utf8.Valid(s) {
		return wire.NewError(proto, t.String(), field, off, wire.ErrInvalid)
	}
	return nil
}

// validSeqno checks the rule that sequence numbers start at 1: a reliable
// message never carries 0.
func validSeqno(seqno uint32, t Type) error {
	if seqno == 0 {
		return wire.NewError(proto, t.String(), "seqno", 1, wire.ErrInvalid)
	}
	return nil
}

// trailing returns the ErrTrailing error of UnmarshalBinary.
func trailing(t Type, n int) error { return wire.NewError(proto, t.String(), "", n, wire.ErrTrailing) }

// entryReader is implemented by the pointer to a list entry type.
type entryReader[E any] interface {
	*E
	read(b []byte)
}

// entryAppender is implemented by a list entry type.
type entryAppender interface {
	append(b []byte) []byte
}

// decodeList decodes a counted list message of type t (type, num, then
// num entries of fields) into dst's storage. The count is checked against
// the bytes present before anything is sized from it.
func decodeList[E any, P entryReader[E]](b []byte, t Type, fields []Field, dst []E) ([]E, int, error) {
	if err := begin(b, t, fields, 2); err != nil {
		return dst[:0], 0, err
	}
	size := entrySize(fields)
	n := int(b[1])
	rest := b[2:]
	if len(rest) < n*size {
		i := len(rest) / size
		cut := len(rest) - i*size
		for _, f := range fields {
			if f.Entry && f.Offset+f.Size > cut {
				return dst[:0], 0, wire.NewError(proto, t.String(), f.Name, 2+i*size+f.Offset, wire.ErrShort)
			}
		}
		return dst[:0], 0, wire.NewError(proto, t.String(), "", len(b), wire.ErrShort)
	}
	if cap(dst) < n {
		dst = make([]E, n) // bounded: n entries of size bytes are present
	}
	dst = dst[:n]
	for i := range dst {
		P(&dst[i]).read(rest[i*size : (i+1)*size])
	}
	return dst, 2 + n*size, nil
}

// appendList appends a counted list message of type t.
func appendList[E entryAppender](b []byte, t Type, entries []E) ([]byte, error) {
	if len(entries) > MaxEntries {
		return b, wire.NewError(proto, t.String(), "num", 1, wire.ErrTooLong)
	}
	b = append(b, byte(t), byte(len(entries)))
	for _, e := range entries {
		b = e.append(b)
	}
	return b, nil
}
