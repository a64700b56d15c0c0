package session

// SequenceError is a message or a call that a session's state does not
// allow: a request before the login, a second login, a message of the
// wrong direction. It wraps the protocol package's sentinel.
type SequenceError struct {
	Protocol string // the protocol's name, such as "paintball"
	What     string // the message or the call
	State    string // the session's state when it came
	Err      error  // the protocol package's sentinel, such as paintball.ErrSequence
}

// Error says what came out of sequence, and in which state.
func (e *SequenceError) Error() string {
	return e.Protocol + ": " + e.What + " out of sequence in state " + e.State
}

// Unwrap returns the protocol package's sentinel.
func (e *SequenceError) Unwrap() error { return e.Err }
