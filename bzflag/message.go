package bzflag

import "github.com/gamewire/gamewire/wire"

// Message is what every message type of the package implements, through a
// pointer (*Enter, *PlayerUpdate, ...).
//
// AppendBinary appends the whole frame: the body length, the code, then
// the body. Decode reads one whole frame from the start of b into the
// value, which it resets first, and returns the frame's length;
// UnmarshalBinary also requires that nothing follows. Validate checks the
// spec's rules that the wire format itself cannot enforce.
type Message interface {
	wire.Codec
	Code() Code
	Validate() error
}

// marshal is MarshalBinary for every message type.
func marshal(m Message) ([]byte, error) { return m.AppendBinary(make([]byte, 0, m.Size())) }

// unmarshal is UnmarshalBinary for every message type.
func unmarshal(m Message, l *Layout, b []byte) error {
	n, err := m.Decode(b)
	if err != nil {
		return err
	}
	if n != len(b) {
		return wire.NewError(proto, l.Name, "", n, wire.ErrTrailing)
	}
	return nil
}

// decodeEmpty decodes a frame with an empty body.
func decodeEmpty(b []byte, l *Layout) (int, error) {
	if _, err := checkHeader(b, l); err != nil {
		return 0, err
	}
	return HeaderLen, nil
}

// decodeU16 decodes a frame whose body is one uint16.
func decodeU16(b []byte, l *Layout) (uint16, int, error) {
	if _, err := checkHeader(b, l); err != nil {
		return 0, 0, err
	}
	return be.U16(b[4:]), HeaderLen + 2, nil
}

// appendU16Frame appends a frame whose body is one uint16.
func appendU16Frame(b []byte, c Code, v uint16) []byte {
	return append(b, 0, 2, byte(c>>8), byte(c), byte(v>>8), byte(v))
}

// decodeID decodes a frame whose body is one player id.
func decodeID(b []byte, l *Layout) (PlayerID, int, error) {
	if _, err := checkHeader(b, l); err != nil {
		return PlayerID{}, 0, err
	}
	return getPlayerID(b[4:]), HeaderLen + PlayerIDLen, nil
}

// appendIDFrame appends a frame whose body is one player id.
func appendIDFrame(b []byte, c Code, id *PlayerID) []byte {
	return appendPlayerID(appendHeader(b, c, PlayerIDLen), id)
}
