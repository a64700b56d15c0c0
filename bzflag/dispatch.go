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
// message of the right type, and returns it with the frame's length. A
// code the table has no form for fails with wire.ErrUnknownCode. The
// message does not alias b. Decode does not apply the spec's rules: call
// Validate.
//
// On failure it returns a nil message, the byte offset of the failure and
// an error naming the message, the field and the offset.
func Decode(b []byte, from Direction) (Message, int, error) {
	if from != FromClient && from != FromServer {
		return nil, 0, errDirection
	}
	c, err := table.Code(b)
	if err != nil {
		return nil, 0, err
	}
	f := table.Lookup(c, from)
	if f == nil {
		return nil, 0, errUnknownCode
	}
	return wire.DecodeNew(table.New(f), b)
}

// Errors of Decode that no form's table entry holds, built once.
var (
	errDirection   = &wire.Error{Protocol: proto, Field: "direction", Err: wire.ErrInvalid}
	errUnknownCode = &wire.Error{Protocol: proto, Message: "unknown", Field: "code", Offset: 2, Err: wire.ErrUnknownCode}
)

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

// NewConn returns a connection over rw that reads the messages sent by
// peer (FromServer on a client's connection, FromClient on a server's)
// and writes each frame with one Write call. See wire.Conn.
func NewConn(rw io.ReadWriter, peer Direction) *wire.Conn { return wire.NewConn(table, rw, peer) }
