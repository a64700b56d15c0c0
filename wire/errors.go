package wire

import (
	"errors"
	"strconv"
	"sync"
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
// Errors returned by NewError and Reader are shared between callers: treat
// them as read-only.
type Error struct {
	Protocol string // such as "bzflag"
	Message  string // the spec's name of the message, such as "MsgEnter"
	Field    string // the spec's name of the field; empty for the message as a whole
	Offset   int    // byte offset in the message (header included) where the problem is; -1 if not known
	Err      error  // ErrShort, ErrTrailing, ErrTooLong, ErrUnknownCode or ErrInvalid
}

// Error returns a lowercase, one-line description such as
// "bzflag: MsgEnter: field callSign at byte 8: short input".
func (e *Error) Error() string {
	b := make([]byte, 0, 64)
	if e.Protocol != "" {
		b = append(b, e.Protocol...)
		b = append(b, ": "...)
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

// errorKey identifies an interned error.
type errorKey struct {
	proto, msg, field string
	off               int
	kind              error
}

// maxInterned bounds the intern table. When it is full, a new error takes
// the place of an arbitrary old one, so a hostile peer cannot make the
// table grow without limit, and an error that keeps recurring (the steady
// state of a flood of the same malformed packet) is still shared.
const maxInterned = 1 << 14

var interned struct {
	sync.Mutex
	m map[errorKey]*Error
}

// NewError returns an *Error for the given place and sentinel kind. kind
// must be comparable (a sentinel such as ErrShort, never a wrapped error).
//
// Errors are interned: the first call for a given (protocol, message,
// field, offset, kind) allocates, later calls return the same value and
// allocate nothing. That keeps the error path of every decoder free of
// allocations in steady state, so a flood of malformed packets stays cheap.
// The table is bounded; once full, each new combination evicts an
// arbitrary old one.
func NewError(protocol, message, field string, offset int, kind error) error {
	k := errorKey{protocol, message, field, offset, kind}
	interned.Lock()
	e, ok := interned.m[k]
	if !ok {
		e = &Error{Protocol: protocol, Message: message, Field: field, Offset: offset, Err: kind}
		if interned.m == nil {
			interned.m = make(map[errorKey]*Error)
		}
		if len(interned.m) >= maxInterned {
			for old := range interned.m {
				delete(interned.m, old)
				break
			}
		}
		interned.m[k] = e
	}
	interned.Unlock()
	return e
}

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
