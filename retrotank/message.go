package retrotank

import (
	"github.com/gamewire/gamewire/wire"
	"github.com/gamewire/gamewire/wire/spec"
)

// Message is what every Retro Tank message type implements: the codec
// contract, its form in the table, and the spec's rules.
type Message = wire.Message

// The directions, for Decode and New.
const (
	FromClient = wire.FromClient
	FromServer = wire.FromServer
)

// MaxDatagram is the most bytes of one datagram, from the game's design
// page (docs/errata/retrotank.md, E22).
const MaxDatagram = 512

// MaxDatagram is the table's maxDatagram (retrotank/forms.go), written out so that go doc
// shows the number; these two lines fail to compile if they differ.
var _ [MaxDatagram - maxDatagram]struct{}
var _ [maxDatagram - MaxDatagram]struct{}

// Ports of the game, from its design page.
const (
	ServerPort   = 26000 // the server's game port
	TimeSyncPort = 26001 // the server's time synchronisation port
	ClientPort   = 26002 // the port clients listen on
)

// Table returns the table of the game port's messages: the one
// description of their wire, which dispatch, errors, `gamewire spec` and
// the generators read. It is read-only.
func Table() *spec.Table { return table }

// New returns a new zero message of type code sent in direction from, or
// nil when the table has no such form.
func New(code MsgType, from wire.Direction) Message {
	f := table.Lookup(uint32(code), from)
	if f == nil {
		return nil
	}
	return table.New(f)
}

// NewDecoder returns a zero-allocation decoder of the game port's
// datagrams (see wire.Decoder): one reused value per message type.
func NewDecoder() *wire.Decoder { return wire.NewDecoder(table) }

// Decode decodes the message at the start of b, one datagram sent in
// direction from, into a new value that the caller owns, and returns it
// with the number of bytes it took: fewer than len(b) when the datagram
// holds bytes after its message, which the spec does not allow (a
// datagram is one message; docs/errata/retrotank.md). It answers as
// NewDecoder's Decoder does under its default policy, wire.Checked (see
// wire.Decode): a code the table does not define in that direction comes
// back as a *wire.Raw, a message that breaks a rule of the spec together
// with Validate's error. The message does not alias b.
func Decode(b []byte, from wire.Direction) (Message, int, error) { return wire.Decode(table, b, from) }

// Acked is a message of the acknowledgement system: it carries a message
// id (every message from MSG_TYPE_CONN_ACCEPT on).
type Acked interface {
	Message
	// MessageID returns the message's id.
	MessageID() MessageID
	// SetMessageID sets the message's id.
	SetMessageID(MessageID)
}
