package wire

import "github.com/gamewire/gamewire/wire/codec"

// Error is a decoding or encoding error with its place: protocol,
// message, field and byte offset, and for a frame too long its length and
// the limit. Every error a gamewire decoder returns is one, or wraps one
// of the sentinels below; match them with errors.As and errors.Is. It is
// codec.Error, under the name users of the protocol packages import.
type Error = codec.Error

// The sentinels: every decoding error wraps exactly one of them.
var (
	// ErrShort reports input that ends before the message or field does.
	ErrShort = codec.ErrShort
	// ErrTrailing reports bytes left over after a complete message where
	// none are allowed (UnmarshalBinary).
	ErrTrailing = codec.ErrTrailing
	// ErrTooLong reports a value longer than its field or frame may hold.
	ErrTooLong = codec.ErrTooLong
	// ErrUnknownCode reports a message code or type id the protocol does
	// not define.
	ErrUnknownCode = codec.ErrUnknownCode
	// ErrInvalid reports a value that the wire format can carry but the
	// protocol forbids.
	ErrInvalid = codec.ErrInvalid
	// ErrUnexpectedEnd is the kind of the error for a stream that ends
	// inside a frame. It matches both ErrShort and io.ErrUnexpectedEOF.
	ErrUnexpectedEnd = codec.ErrUnexpectedEnd
)
