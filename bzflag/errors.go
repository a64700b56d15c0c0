package bzflag

import (
	"errors"

	"github.com/gamewire/gamewire/wire"
	"github.com/gamewire/gamewire/wire/spec"
)

// proto is the protocol's name in errors.
const proto = "bzflag"

// Errors of the sessions, for errors.Is: of the join sequence (Client),
// of the game (Game) and of the handshake (ReadHandshake).
var (
	// ErrSuperKill reports a MsgSuperKill: the server wants the client
	// gone; close the connection.
	ErrSuperKill = errors.New("bzflag: server sent MsgSuperKill")
	// ErrRejected reports a MsgReject in answer to MsgEnter; see
	// Client.RejectReason.
	ErrRejected = errors.New("bzflag: server rejected MsgEnter")
	// ErrUnexpected reports a message the spec says cannot arrive in the
	// current state. It is wrapped in an *UnexpectedError.
	ErrUnexpected = errors.New("bzflag: unexpected message")

	// ErrRelayRefused reports a MsgReject in answer to MsgNetworkRelay:
	// the 1.7 client leaves, as it cannot reach the other players.
	ErrRelayRefused = errors.New("bzflag: server refused to relay (MsgReject to MsgNetworkRelay)")
	// ErrRelayTimeout reports no answer to MsgNetworkRelay within
	// RelayTimeout: the 1.7 client leaves.
	ErrRelayTimeout = errors.New("bzflag: no answer to MsgNetworkRelay")
	// ErrNotPlaying reports an action that needs the game on.
	ErrNotPlaying = errors.New("bzflag: not playing")
	// ErrExploding reports MsgAlive asked for before the tank is done
	// exploding (ExplodeDuration).
	ErrExploding = errors.New("bzflag: the tank is still exploding")
	// ErrTableFull reports a MsgAddPlayer with every player slot taken
	// (the world's maximum number of players); the 1.7 client calls it a
	// server error.
	ErrTableFull = errors.New("bzflag: more players than the world allows")

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
