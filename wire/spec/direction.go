package spec

import "github.com/gamewire/gamewire/wire/codec"

// Direction says which peer sends a message: the client, the server, or
// either (a form whose layout is the same both ways).
type Direction uint8

// The directions.
const (
	// FromClient is a message the client sends to the server.
	FromClient Direction = 1 << iota
	// FromServer is a message the server sends to a client.
	FromServer
	// Both is a form either peer sends with the same layout.
	Both = FromClient | FromServer
)

// String returns "client", "server" or "both" ("none" for the zero value,
// "?" for anything else).
func (d Direction) String() string {
	switch d {
	case FromClient:
		return "client"
	case FromServer:
		return "server"
	case Both:
		return "both"
	case 0:
		return "none"
	}
	return "?"
}

// Other returns the opposite direction: FromServer for FromClient and the
// reverse; Both and the zero value are returned as they are.
func (d Direction) Other() Direction {
	switch d {
	case FromClient:
		return FromServer
	case FromServer:
		return FromClient
	}
	return d
}

// Has reports whether a form sent in direction d may travel in direction
// from: d is from, or d is Both.
func (d Direction) Has(from Direction) bool { return from != 0 && d&from == from }

// MarshalText returns String's word.
func (d Direction) MarshalText() ([]byte, error) { return []byte(d.String()), nil }

// UnmarshalText accepts "client", "server" and "both".
func (d *Direction) UnmarshalText(b []byte) error {
	switch string(b) {
	case "client":
		*d = FromClient
	case "server":
		*d = FromServer
	case "both":
		*d = Both
	default:
		return codec.ErrInvalid
	}
	return nil
}
