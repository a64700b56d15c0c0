// Package session holds what the clients and servers of every protocol
// package share, whatever the protocol: the queue of messages waiting to
// be sent (Queue, PushValid), the error of a message or call that a
// session's state does not allow (SequenceError), the names of a state
// machine's states (Name, NameOr) and the defaults of a configuration
// (Default).
//
// It sits below the protocol packages (they import it) and above package
// wire. A user of a protocol package meets its SequenceError through
// errors.As; the rest is for the protocol packages' own sessions.
package session
