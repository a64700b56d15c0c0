package bzflag

import (
	"errors"

	"github.com/gamewire/gamewire/wire"
	"github.com/gamewire/gamewire/wire/spec"
)

// proto is the protocol's name in errors.
const proto = "bzflag"

// Errors of the sessions, for errors.Is: of the join sequence (Client),
// of the game (Game), of the server (Server) and of the handshake
// (ReadHandshake).
var (
	// ErrUnexpected reports a message the spec says cannot arrive in the
	// current state. It is wrapped in an *UnexpectedError.
	ErrUnexpected = errors.New("bzflag: unexpected message")
	// ErrSequence reports an action, or a message to send, that the
	// session's state does not allow (a shot before the game is on, a
	// second MsgEnter). It is wrapped in a *session.SequenceError.
	ErrSequence = errors.New("bzflag: out of sequence")

	// ErrRelayRefused reports a MsgReject in answer to MsgNetworkRelay:
	// the 1.7 client leaves, as it cannot reach the other players (the
	// Err of EventLeft).
	ErrRelayRefused = errors.New("bzflag: server refused to relay (MsgReject to MsgNetworkRelay)")
	// ErrRelayTimeout reports no answer to MsgNetworkRelay within
	// RelayTimeout: the 1.7 client leaves (the Err of EventLeft).
	ErrRelayTimeout = errors.New("bzflag: no answer to MsgNetworkRelay")
	// ErrExploding reports MsgAlive asked for before the tank is done
	// exploding (ExplodeDuration).
	ErrExploding = errors.New("bzflag: the tank is still exploding")
	// ErrCannotShoot reports a shot the 1.7 client would not fire: every
	// one of the world's shots is still in flight (reloading), or the
	// tank is not alive or is paused.
	ErrCannotShoot = errors.New("bzflag: cannot shoot now (reloading, dead or paused)")
	// ErrTableFull reports a MsgAddPlayer with every player slot taken
	// (the world's maximum number of players); the 1.7 client calls it a
	// server error.
	ErrTableFull = errors.New("bzflag: more players than the world allows")

	// ErrNotClients reports, on a Server, a frame a client does not send:
	// a code with no form from the client (a server's message).
	ErrNotClients = errors.New("bzflag: not a message a client sends")
	// ErrNotYours reports, on a Server, a message that names another
	// player as its sender (MsgPlayerUpdate, MsgShotBegin).
	ErrNotYours = errors.New("bzflag: a message in another player's name")
	// ErrNoGame reports a UDPLink that belongs to no Game (its zero
	// value): use Game.UDPLink.
	ErrNoGame = errors.New("bzflag: a UDP link of no game (use Game.UDPLink)")
	// ErrNilMessage reports a nil message or pointer.
	ErrNilMessage = errors.New("bzflag: nil")

	// ErrIncompatible reports a server whose version this client cannot
	// play with (see Version.Compatible).
	ErrIncompatible = errors.New("bzflag: incompatible server version")
	// ErrRefused reports a server that answered with reconnect port 0.
	ErrRefused = errors.New("bzflag: server refused the connection (reconnect port 0)")
)

// UnexpectedError is a message that cannot arrive in a state of the join
// sequence. It wraps ErrUnexpected.
type UnexpectedError struct {
	State ClientState
	Code  Code
}

// Error returns "bzflag: unexpected message MsgX while <state>".
func (e *UnexpectedError) Error() string {
	return "bzflag: unexpected message " + e.Code.String() + " while " + e.State.String()
}

// Unwrap returns ErrUnexpected.
func (e *UnexpectedError) Unwrap() error { return ErrUnexpected }

// invalid reports a value of field name that f's rules forbid.
func invalid(f *spec.Form, name string) error { return f.Err(name, wire.ErrInvalid) }

// tooLong reports that field name of form f does not fit in a frame.
func tooLong(f *spec.Form, name string) error { return f.Err(name, wire.ErrTooLong) }
