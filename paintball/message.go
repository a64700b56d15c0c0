package paintball

import (
	"io"

	"github.com/gamewire/gamewire/wire"
)

// Message is what every packet type of the package implements, through a
// pointer: the codec contract, its form in the table, and Validate.
type Message = wire.Message

// The directions a packet travels in.
const (
	FromClient = wire.FromClient
	FromServer = wire.FromServer
)

// New returns a new, zero packet of the type for code sent in direction
// from, or nil for a code the table does not define in that direction.
func New(code uint32, from wire.Direction) Message {
	f := table.Lookup(code, from)
	if f == nil {
		return nil
	}
	return table.New(f)
}

// Decode decodes the packet at the start of b, sent in direction from,
// into a new value the caller owns, and returns it with the number of
// bytes it took. A code the table does not define for that direction
// fails with wire.ErrUnknownCode; Decode does not run Validate. For hot
// loops use NewDecoder, which allocates nothing.
func Decode(b []byte, from wire.Direction) (Message, int, error) {
	code, err := table.Code(b)
	if err != nil {
		return nil, 0, err
	}
	if len(b) > 0 && b[0] != Marker {
		return nil, 0, table.RawForm().Err("marker", wire.ErrInvalid)
	}
	m := New(code, from)
	if m == nil {
		return nil, 0, table.RawForm().Err("type", wire.ErrUnknownCode)
	}
	return wire.DecodeNew(m, b)
}

// NewStream returns a wire.Stream that reads the packets from sends, from
// r: split by the '*' marker and the type (see docs/errata/paintball.md,
// 6 and 7), decoded without allocating, validated by default.
func NewStream(r io.Reader, from wire.Direction) *wire.Stream { return wire.NewStream(table, r, from) }

// NewConn returns a wire.Conn over rw that reads what peer sends and
// writes packets the other way, each in one Write call.
func NewConn(rw io.ReadWriter, peer wire.Direction) *wire.Conn { return wire.NewConn(table, rw, peer) }

// NewDecoder returns a decoder of Paintball packets that allocates
// nothing in steady state: it reuses one value per form (see
// wire.Decoder).
func NewDecoder() *wire.Decoder { return wire.NewDecoder(table) }
