package tfighters

import (
	"io"

	"github.com/gamewire/gamewire/wire"
)

// Message is what every message type of the package satisfies, through a
// pointer, and *wire.Raw too: the codec, its form in the table, and
// Validate.
type Message = wire.Message

// direction returns from, or the direction of code c's range when from
// is neither FromClient nor FromServer.
func direction(c uint32, from wire.Direction) wire.Direction {
	if from != FromClient && from != FromServer {
		return Code(c).From()
	}
	return from
}

// New returns a new, zero message of the type for code c sent in
// direction from (AnyDirection: the code's range tells), or nil for a
// code the table does not define in that direction.
func New(c Code, from wire.Direction) Message {
	f := table.Lookup(uint32(c), direction(uint32(c), from))
	if f == nil {
		return nil
	}
	return table.New(f)
}

// Decode decodes the frame at the start of b, sent in direction from,
// into a new value that the caller owns, and returns it with its length.
// It answers as NewDecoder's Decoder does under its default policy,
// wire.Checked (see wire.Decode): a code the table does not define in that
// direction comes back as a *wire.Raw, a message that breaks a rule of the
// spec together with Validate's error. It allocates; a Decoder does not.
func Decode(b []byte, from wire.Direction) (Message, int, error) { return wire.Decode(table, b, from) }

// NewDecoder returns a zero-allocation decoder of TFighters frames: one
// reused value per form, dispatch by direct lookup of (direction, code),
// codes the table does not know (in the direction given to its Decode) as
// a *wire.Raw, or errors under wire.Strict.
func NewDecoder() *wire.Decoder { return wire.NewDecoder(table) }

// NewStream returns a wire.Stream that reads the frames from sends, from
// r, with one buffer of MaxFrame bytes; Reset reuses it for another
// stream with no allocation.
func NewStream(r io.Reader, from wire.Direction) *wire.Stream { return wire.NewStream(table, r, from) }

// NewConn returns a wire.Conn over rw that reads the messages sent in
// direction from (FromServer on a client, FromClient on a server) and
// writes the others,
// each frame with one Write. The policy is wire.Checked: a code the spec
// does not define (or one of the other direction) is read as a *wire.Raw
// so that a session survives it, and a message that breaks a rule comes
// back with the error of Validate.
func NewConn(rw io.ReadWriter, from wire.Direction) *wire.Conn { return wire.NewConn(table, rw, from) }
