package lwar

import (
	"unicode/utf8"

	"github.com/gamewire/gamewire/wire"
)

// be is lwar's byte order: every multi-byte field is big-endian (the
// original server packs them most significant byte first; the original
// client reads packets with a big-endian buffer reader).
const be = wire.BigEndian

// The helpers below serve the message codecs. Every error they return is
// one the table built once (wire.Form.Err), so no decode or encode path
// allocates for an error.

// begin checks that b starts a message of form f and holds its fixed
// part, the first fixed bytes. On failure it returns the offset of the
// first field that is cut and its error.
func begin(b []byte, f *wire.Form, fixed int) (int, error) {
	if len(b) == 0 {
		return 0, f.ErrAt(0, wire.ErrShort)
	}
	if uint32(b[0]) != f.Code {
		return 0, f.ErrAt(0, wire.ErrInvalid)
	}
	if len(b) >= fixed {
		return 0, nil
	}
	all := f.Layout()
	for i := range all {
		fl := &all[i]
		if fl.Offset < 0 {
			break
		}
		if fl.Offset+max(fl.Size, 1) > len(b) {
			return fl.Offset, f.ErrAt(i, wire.ErrShort)
		}
	}
	return len(b), f.Err("", wire.ErrShort)
}

// appendReliableHeader appends the reliable message header: type, seqno.
func appendReliableHeader(b []byte, t Type, seqno uint32) []byte {
	return append(b, byte(t), byte(seqno>>24), byte(seqno>>16), byte(seqno>>8), byte(seqno))
}

// readString reads the str8 field called field of form f, whose length
// byte is at b[off], copying it into dst's storage. It returns the string
// and the offset after it; a string cut by the end of b fails at its
// length byte.
func readString(b []byte, off int, f *wire.Form, field string, dst wire.Text) (wire.Text, int, error) {
	if off >= len(b) || off+1+int(b[off]) > len(b) {
		return dst[:0], off, f.Err(field, wire.ErrShort)
	}
	n := int(b[off])
	return append(dst[:0], b[off+1:off+1+n]...), off + 1 + n, nil
}

// appendString appends a str8 string the caller has checked is at most
// 255 bytes long.
func appendString(b []byte, s []byte) []byte { return append(append(b, byte(len(s))), s...) }

// validString checks a string field against the spec's limit and for
// UTF-8.
func validString(s []byte, limit int, f *wire.Form, field string) error {
	if len(s) > limit {
		return f.Err(field, wire.ErrTooLong)
	}
	if !utf8.Valid(s) {
		return f.Err(field, wire.ErrInvalid)
	}
	return nil
}

// validSeqno checks the rule that sequence numbers start at 1: a reliable
// message never carries 0 (docs/errata/lwar.md, E3).
func validSeqno(seqno uint32, f *wire.Form) error {
	if seqno == 0 {
		return f.Err("seqno", wire.ErrInvalid)
	}
	return nil
}

// unmarshal is UnmarshalBinary: Decode and no trailing bytes.
func unmarshal(m wire.Message, b []byte) error {
	n, err := m.Decode(b)
	if err == nil && n != len(b) {
		err = m.Form().Err("", wire.ErrTrailing)
	}
	return err
}

// entryReader is implemented by the pointer to a list entry type.
type entryReader[E any] interface {
	*E
	read(b []byte)
}

// entryAppender is implemented by a list entry type.
type entryAppender interface {
	append(b []byte) []byte
}

// decodeList decodes a counted list message of form f (type, num, then
// num entries of size bytes) into dst's storage. The count is checked
// against the bytes present before anything is sized from it.
func decodeList[E any, P entryReader[E]](b []byte, f *wire.Form, size int, dst []E) ([]E, int, error) {
	if off, err := begin(b, f, 2); err != nil {
		return dst[:0], off, err
	}
	n := int(b[1])
	rest := b[2:]
	if len(rest) < n*size {
		return dst[:0], 2, f.ErrAt(2, wire.ErrShort)
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

// appendList appends a counted list message of form f.
func appendList[E entryAppender](b []byte, f *wire.Form, entries []E) ([]byte, error) {
	if len(entries) > MaxEntries {
		return b, f.ErrAt(1, wire.ErrTooLong)
	}
	b = append(b, byte(f.Code), byte(len(entries)))
	for _, e := range entries {
		b = e.append(b)
	}
	return b, nil
}
