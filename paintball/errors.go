package paintball

import (
	"errors"

	"github.com/gamewire/gamewire/session"
)

// proto names the protocol in errors.
const proto = "paintball"

// ErrSequence reports a packet or a call that the session's state does not
// allow (a request before Login, a second Login, a packet of the wrong
// direction).
var ErrSequence = errors.New("paintball: out of sequence")

// seqErr is an ErrSequence with its place: what came, in which state.
func seqErr(what, state string) error {
	return &session.SequenceError{Protocol: proto, What: what, State: state, Err: ErrSequence}
}
