package bzflag

// Direction says who sent a message: the spec's "-->" (client to server)
// or "<--" (server to client). Some codes have one layout per direction,
// so decoding needs it.
type Direction uint8

const (
	// FromClient is "-->": client to server.
	FromClient Direction = iota + 1
	// FromServer is "<--": server to client.
	FromServer
)

// String returns "client", "server" or "invalid".
func (d Direction) String() string {
	switch d {
	case FromClient:
		return "client"
	case FromServer:
		return "server"
	}
	return "invalid"
}

// MarshalText returns the String form.
func (d Direction) MarshalText() ([]byte, error) { return []byte(d.String()), nil }

// UnmarshalText accepts "client" or "server".
func (d *Direction) UnmarshalText(t []byte) error {
	switch string(t) {
	case "client":
		*d = FromClient
	case "server":
		*d = FromServer
	default:
		return errInvalidText
	}
	return nil
}
