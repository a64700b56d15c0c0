package paintball

import (
	"io"
	"strconv"

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
func New(code Code, from wire.Direction) Message {
	f := table.Lookup(uint32(code), from)
	if f == nil {
		return nil
	}
	return table.New(f)
}

// Decode decodes the packet at the start of b, sent in direction from,
// into a new value the caller owns, and returns it with the number of
// bytes it took. It answers as NewDecoder's Decoder does under its default
// policy, wire.Checked (see wire.Decode): a type the table does not define
// in that direction comes back as a *wire.Raw, a packet that breaks a rule
// of the spec together with Validate's error. For hot loops use
// NewDecoder, which allocates nothing.
func Decode(b []byte, from wire.Direction) (Message, int, error) { return wire.Decode(table, b, from) }

// NewStream returns a wire.Stream that reads the packets from sends, from
// r: split by the '*' marker and the type (see docs/errata/paintball.md,
// 6 and 7), decoded without allocating, validated by default.
func NewStream(r io.Reader, from wire.Direction) *wire.Stream { return wire.NewStream(table, r, from) }

// NewConn returns a wire.Conn over rw that reads what is sent in
// direction from (FromServer on a client's connection) and writes packets
// the other way, each in one Write call.
func NewConn(rw io.ReadWriter, from wire.Direction) *wire.Conn { return wire.NewConn(table, rw, from) }

// NewDecoder returns a decoder of Paintball packets that allocates
// nothing in steady state: it reuses one value per form (see
// wire.Decoder).
func NewDecoder() *wire.Decoder { return wire.NewDecoder(table) }

// String returns the spec's name of the packet type ("Login"), or its
// number for a type the spec does not define ("0x42").
func (c Code) String() string {
	if f := table.Lookup(uint32(c), 0); f != nil {
		return f.Name
	}
	return "0x" + strconv.FormatUint(uint64(c), 16)
}
