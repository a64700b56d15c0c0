package bzflag

import "github.com/gamewire/gamewire/wire"

// Message is what every message type of the package implements, through a
// pointer (*Enter, *PlayerUpdate, ...): the codec (AppendBinary writes the
// whole frame, header included; Decode reads one back), Form (the type's
// entry in Table) and Validate (the spec's rules the wire format cannot
// enforce).
type Message = wire.Message

// Direction says who sent a message: the spec's "-->" (client to server)
// or "<--" (server to client). Some codes have one layout per direction,
// so decoding needs it.
type Direction = wire.Direction

// The directions.
const (
	// FromClient is "-->": client to server.
	FromClient = wire.FromClient
	// FromServer is "<--": server to client.
	FromServer = wire.FromServer
)

// CodeOf returns the code of m: its form's, or a raw frame's own code.
func CodeOf(m Message) Code {
	if r, ok := m.(*wire.Raw); ok {
		return Code(r.Code)
	}
	return Code(m.Form().Code)
}

// marshal is MarshalBinary for every message type.
func marshal(m Message) ([]byte, error) { return m.AppendBinary(make([]byte, 0, m.Size())) }

// unmarshal is UnmarshalBinary for every message type.
func unmarshal(m Message, f *wire.Form, b []byte) error {
	n, err := m.Decode(b)
	if err != nil {
		return err
	}
	if n != len(b) {
		return f.Err("", wire.ErrTrailing)
	}
	return nil
}

// decodeEmpty decodes a frame with an empty body.
func decodeEmpty(b []byte, f *wire.Form) (int, error) {
	if _, err := checkHeader(b, f); err != nil {
		return 0, err
	}
	return HeaderLen, nil
}

// decodeU16 decodes a frame whose body is one uint16.
func decodeU16(b []byte, f *wire.Form) (uint16, int, error) {
	if _, err := checkHeader(b, f); err != nil {
		return 0, 0, err
	}
	return be.U16(b[4:]), HeaderLen + 2, nil
}

// appendU16Frame appends a frame whose body is one uint16.
func appendU16Frame(b []byte, c Code, v uint16) []byte {
	return append(b, 0, 2, byte(c>>8), byte(c), byte(v>>8), byte(v))
}

// decodeID decodes a frame whose body is one player id.
func decodeID(b []byte, f *wire.Form) (PlayerID, int, error) {
	if _, err := checkHeader(b, f); err != nil {
		return PlayerID{}, 0, err
	}
	return getPlayerID(b[4:]), HeaderLen + PlayerIDLen, nil
}

// appendIDFrame appends a frame whose body is one player id.
func appendIDFrame(b []byte, c Code, id *PlayerID) []byte {
	return appendPlayerID(appendHeader(b, c, PlayerIDLen), id)
}
