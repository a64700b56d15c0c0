// Package session holds the plumbing that the protocol packages' clients
// and servers share, whatever the protocol: the queue of messages waiting
// to be sent (Queue), the error of a message or call that a session's
// state does not allow (SequenceError), the names of a state machine's
// states and of small enumerations (Name, NameOr), the parsing of their
// text (ParseName, ParseNumber, TextError) and the defaults of a
// configuration (Default).
//
// It is internal: the protocol packages export their own types and
// sentinels, and use these only inside.
package session
