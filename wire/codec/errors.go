package codec

import (
	"errors"
	"io"
	"strconv"
)

// Sentinel errors. Every error returned by a gamewire decoder wraps exactly
// one of them, so callers can classify failures with errors.Is.
var (
	// ErrShort reports input that ends before the message or field does.
	ErrShort = errors.New("short input")
	// ErrTrailing reports bytes left over after a complete message where
	// none are allowed (UnmarshalBinary).
	ErrTrailing = errors.New("trailing bytes")
	// ErrTooLong reports a value longer than its field or frame may hold.
	ErrTooLong = errors.New("too long")
	// ErrUnknownCode reports a message code or type id the protocol does
	// not define.
	ErrUnknownCode = errors.New("unknown code")
	// ErrInvalid reports a value that the wire format can carry but the
	// protocol forbids.
	ErrInvalid = errors.New("invalid value")
)

// Error is a decoding or encoding error with its place: which protocol,
// which message, which field and at which byte offset of the message. Err
// is one of the package's sentinels.
//
// A frame too long for a stream reader (a wire.Stream) also says how
// long: Length is the length its header announced and Limit the most the
// reader accepts. Both are 0 in every other error, a frame too long whose
// length is not known included.
//
// Errors taken from a table (package spec) are shared between callers,
// and one a Decoder, Stream or World returns is its own value, overwritten
// by its next failure: treat them as read-only, and copy one (e := *err)
// to keep it. Decode paths never build one with fmt or on the heap: a
// flood of malformed input allocates nothing and takes no lock.
type Error struct {
	Protocol string // such as "bzflag"
	Message  string // the spec's name of the message, such as "MsgEnter"
	Field    string // the spec's name of the field; empty for the message as a whole
	Offset   int    // byte offset in the message (header included) where the problem is; -1 if not known
	Err      error  // ErrShort, ErrTrailing, ErrTooLong, ErrUnknownCode or ErrInvalid
	Length   int    // the length of a frame too long, header included; else 0
	Limit    int    // the most a frame may be, with Length; else 0
}

// Error returns a lowercase, one-line description such as
// "bzflag: MsgEnter: field callSign at byte 8: short input". A frame too
// long whose length is known says that length and the limit instead of
// the field and the kind: "tfighters: frame length 9002 exceeds 8194".
func (e *Error) Error() string {
	b := make([]byte, 0, 64)
	if e.Protocol != "" {
		b = append(b, e.Protocol...)
		b = append(b, ": "...)
	}
	if e.Length > 0 {
		if e.Message != "" {
			b = append(b, e.Message...)
			b = append(b, ' ')
		}
		b = append(b, "length "...)
		b = strconv.AppendInt(b, int64(e.Length), 10)
		b = append(b, " exceeds "...)
		b = strconv.AppendInt(b, int64(e.Limit), 10)
		return string(b)
	}
	if e.Message != "" {
		b = append(b, e.Message...)
		b = append(b, ": "...)
	}
	if e.Field != "" {
		b = append(b, "field "...)
		b = append(b, e.Field...)
		b = append(b, ' ')
	}
	if e.Offset >= 0 {
		b = append(b, "at byte "...)
		b = strconv.AppendInt(b, int64(e.Offset), 10)
		b = append(b, ": "...)
	} else if e.Field != "" {
		b[len(b)-1] = ':'
		b = append(b, ' ')
	}
	if e.Err != nil {
		b = append(b, e.Err.Error()...)
	} else {
		b = append(b, "error"...)
	}
	return string(b)
}

// Unwrap returns the sentinel, for errors.Is.
func (e *Error) Unwrap() error { return e.Err }

// Shift returns err with its offset moved on by base, for a message
// decoded inside a larger unit (lwar's messages inside a packet): the
// copy is written to dst, storage the caller owns, so nothing allocates.
// An error that is not a *Error, or whose offset is not known (-1), is
// returned as it is.
func Shift(dst *Error, err error, base int) error {
	e, ok := err.(*Error)
	if !ok || e.Offset < 0 {
		return err
	}
	*dst = *e
	dst.Offset += base
	return dst
}

// ErrUnexpectedEnd is the kind of the error for a stream that ends inside
// a frame. It matches both ErrShort and io.ErrUnexpectedEOF with errors.Is.
var ErrUnexpectedEnd error = unexpectedEnd{}

type unexpectedEnd struct{}

func (unexpectedEnd) Error() string { return "stream ends inside a frame: short input" }

// Is makes the error match both ErrShort and io.ErrUnexpectedEOF.
func (unexpectedEnd) Is(target error) bool {
	return target == ErrShort || target == io.ErrUnexpectedEOF
}

// CStringError is the error of a NUL-terminated string of at most max
// bytes, NUL included, whose first n bytes hold no NUL: ErrTooLong when n
// is max or more, else ErrShort (the input ends first).
func CStringError(n, max int) error {
	if n >= max {
		return ErrTooLong
	}
	return ErrShort
}

// CountedError is the error of a string of n bytes, after its length, at
// most max bytes, that does not fit: ErrTooLong when n is over max, else
// ErrShort (the input ends first).
func CountedError(n, max int) error {
	if n > max {
		return ErrTooLong
	}
	return ErrShort
}
