package bzflag

import (
	"io"

	"github.com/gamewire/gamewire/wire"
)

// New returns a new zero message of the type for code c sent by from, or
// nil if the table has no form for it.
func New(c Code, from Direction) Message {
	if f := table.Lookup(uint32(c), from); f != nil {
		return table.New(f)
	}
	return nil
}

// Decode decodes the frame at the start of b, sent by from, into a new
// message that the caller owns, and returns it with the frame's length. It
// answers as NewDecoder's Decoder does under its default policy,
// wire.Checked (see wire.Decode): a code the table has no form for comes
// back as a *wire.Raw, and a message that breaks a rule of the spec comes
// back together with Validate's error. The message does not alias b.
//
// On a malformed frame it returns a nil message, the byte offset of the
// failure and an error naming the message, the field and the offset.
func Decode(b []byte, from Direction) (Message, int, error) { return wire.Decode(table, b, from) }

// NewDecoder returns a decoder of BZFlag frames that allocates nothing in
// steady state: it reuses one value per form (see wire.Decoder). Its
// policy is wire.Checked: a code without a form comes back as *wire.Raw,
// and a message that breaks a rule of the spec comes back with Validate's
// error; set Policy to wire.Strict or wire.Lax to change that.
func NewDecoder() *wire.Decoder { return wire.NewDecoder(table) }

// NewStream returns a Stream reading from r the messages sent by from
// (FromServer for what a client receives): frames split by their length
// field in one buffer of MaxPacketLen bytes, allocated once, and decoded
// by a wire.Decoder. Reset makes it read another connection or file with
// no allocation. See wire.Stream for the policy: unknown codes as
// *wire.Raw, rule violations reported with the message, framing errors
// final; a read deadline that passes (wire.IsTimeout) is returned and is
// not final: read again to go on where the read stopped.
func NewStream(r io.Reader, from Direction) *wire.Stream { return wire.NewStream(table, r, from) }

// NewConn returns a connection over rw that reads the messages sent in
// direction from (FromServer on a client's connection, FromClient on a
// server's) and writes each frame with one Write call. See wire.Conn.
func NewConn(rw io.ReadWriter, from Direction) *wire.Conn { return wire.NewConn(table, rw, from) }
