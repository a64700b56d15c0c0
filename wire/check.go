package wire

import (
	"unsafe"

	"github.com/gamewire/gamewire/wire/spec"
)

// SendError is the error of a message that may not be sent where it was
// given: nil, of another protocol's table, or of a form that travels the
// other way. It wraps ErrInvalid. Such a message is a mistake of the
// program, not of its peer, so the error is built when it happens.
type SendError struct {
	Protocol string // the connection's or session's protocol, such as "paintball"
	Message  string // the spec's name of the message; "nil" for none
	Reason   string // what is wrong, such as "sent by the server, not the client"
}

// Error returns a lowercase, one-line description such as "paintball:
// cannot send Update: sent by the server, not the client".
func (e *SendError) Error() string {
	return e.Protocol + ": cannot send " + e.Message + ": " + e.Reason
}

// Unwrap returns ErrInvalid.
func (e *SendError) Unwrap() error { return ErrInvalid }

// CheckSend returns nil if m may be sent in direction from on a
// connection of table t, and the reason otherwise: m is nil (or a nil
// pointer), m is a message of another protocol (its form is not in t; a
// *Raw is t's when it was made for t), or m's form does not travel in
// direction from, each a *SendError; or, unless lax, the error of
// m.Validate. Every session and every Conn calls it before a message
// leaves; lax is for a fuzzer, which sends what breaks the spec's rules.
func CheckSend(t *spec.Table, m Message, from Direction, lax bool) error {
	if t == nil {
		return &SendError{Message: "message", Reason: "no table to check it against"}
	}
	if IsNil(m) {
		return &SendError{Protocol: t.Name, Message: "nil", Reason: "no message"}
	}
	f := m.Form()
	if r, ok := m.(*Raw); ok {
		if r.table != t {
			return &SendError{Protocol: t.Name, Message: f.Name, Reason: "a frame of another protocol's table"}
		}
	} else if f == nil || f.Table() != t {
		name, proto := "message", "another protocol"
		if f != nil {
			name, proto = f.Name, f.Protocol
		}
		return &SendError{Protocol: t.Name, Message: name, Reason: "a message of " + proto + ", not " + t.Name}
	} else if !f.From.Has(from) {
		return &SendError{Protocol: t.Name, Message: f.Name, Reason: "sent by the " + f.From.String() + ", not the " + from.String()}
	}
	if lax {
		return nil
	}
	return m.Validate()
}

// IsNil reports whether m is nil or holds a nil pointer (a message, or
// anything that appends one): every message type is a pointer, and a
// method of a nil one may dereference it, so a function that takes a
// message checks it first. The library takes no reflection: it reads the
// interface's data word.
func IsNil(m any) bool {
	return m == nil || (*[2]unsafe.Pointer)(unsafe.Pointer(&m))[1] == nil
}
