package paintball

import "errors"

// ErrSequence reports a packet or a call that the session's state does not
// allow (a request before Login, a second Login, a packet of the wrong
// direction).
var ErrSequence = errors.New("paintball: out of sequence")

// sequenceError is an ErrSequence with its place.
type sequenceError struct{ what, state string }

// Error says what came out of sequence, and in which state.
func (e *sequenceError) Error() string {
	return "paintball: " + e.what + " out of sequence in state " + e.state
}

// Unwrap returns ErrSequence.
func (e *sequenceError) Unwrap() error { return ErrSequence }
