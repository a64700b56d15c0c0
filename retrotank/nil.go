package retrotank

import (
	"errors"
	"strconv"
	"unsafe"
)

// ErrNil is returned for a nil message, battlefield or other pointer
// where one is needed: no function of the package panics on nil.
var ErrNil = errors.New("retrotank: nil")

// isNil reports whether v is nil or holds a nil pointer (every message
// type is a pointer). The package reflects on nothing: it reads the
// interface's data word, as wire.CheckSend does.
func isNil(v any) bool {
	return v == nil || (*[2]unsafe.Pointer)(unsafe.Pointer(&v))[1] == nil
}

// detailError is a sentinel error with the details of one case:
// errors.Is finds the sentinel. The package builds its errors without fmt.
type detailError struct {
	err    error
	detail string
}

func (e *detailError) Error() string { return e.err.Error() + ": " + e.detail }
func (e *detailError) Unwrap() error { return e.err }

// playerErr is the ErrPlayerID of a message about player about from
// player from.
func playerErr(msg string, about, from PlayerID) error {
	return &detailError{ErrPlayerID, msg + " for player " + strconv.Itoa(int(about)) + " from player " + strconv.Itoa(int(from))}
}

// codeErr is err with a datagram's type code.
func codeErr(err error, code uint32) error {
	return &detailError{err, "type " + strconv.FormatUint(uint64(code), 10)}
}

// noPlayer is the ErrNoPlayer of player id.
func noPlayer(id PlayerID) error {
	return &detailError{ErrNoPlayer, "player " + strconv.Itoa(int(id))}
}
