package tfighters

import (
	"io"

	"github.com/gamewire/gamewire/wire"
)

// Conn speaks TFighters over a byte stream such as a net.Conn: it reads
// frames into one bounded, reused buffer (MaxFrame bytes) and decodes them
// with a Decoder, and it builds each outgoing message in one reused buffer
// written with a single Write.
//
// Messages returned by ReadMessage are owned by the Conn and valid until
// the next message of the same type. A Conn is not safe for concurrent
// use, except that one goroutine may read while another writes.
type Conn struct {
	// NoValidate turns off the Validate checks of ReadMessage and
	// WriteMessage.
	NoValidate bool

	fr  *wire.FrameReader
	fw  *wire.FrameWriter
	dec Decoder
	err error // sticky framing error
}

// NewConn returns a Conn over rw that reads the messages peer sends: use
// FromServer on a client, FromClient on a server. Codes the spec does not
// define are read as *Raw, so a session survives them.
func NewConn(rw io.ReadWriter, peer Direction) *Conn {
	return &Conn{
		fr:  NewFrameReader(rw),
		fw:  wire.NewFrameWriter(rw),
		dec: Decoder{From: peer},
	}
}

// ReadMessage reads and decodes the next message.
//
// Errors come in three kinds. A read timeout (a read deadline passed, as
// in a game loop that polls its connection) is returned as it is and the
// Conn stays usable: the next call goes on where this one stopped. A
// framing error (io.EOF at a clean end, wire.ErrShort for a stream that
// ends inside a frame, an invalid or oversized len field, any other read
// error) ends the stream: every later call returns it again. A message error (a frame that does not decode, a code
// of the wrong direction, or, unless NoValidate, a rule that Validate
// reports) concerns that frame only, which is consumed: the next call
// reads the next frame. For a rule violation the decoded message is
// returned along with the error.
func (c *Conn) ReadMessage() (Message, error) {
	if c.err != nil {
		return nil, c.err
	}
	frame, err := c.fr.Next()
	if err != nil {
		if !wire.IsTimeout(err) {
			c.err = err
		}
		return nil, err
	}
	m, _, err := c.dec.Decode(frame)
	if err != nil {
		return nil, err
	}
	if !c.NoValidate {
		if _, raw := m.(*Raw); !raw {
			if err := m.Validate(); err != nil {
				return m, err
			}
		}
	}
	return m, nil
}

// Broken reports whether a framing error has ended the stream.
func (c *Conn) Broken() bool { return c.err != nil }

// Buffered returns the bytes received and not yet returned as messages.
func (c *Conn) Buffered() []byte { return c.fr.Buffered() }

// WriteMessage validates m (unless NoValidate) and writes it in one Write.
func (c *Conn) WriteMessage(m Message) error {
	if !c.NoValidate {
		if err := m.Validate(); err != nil {
			return err
		}
	}
	return c.fw.WriteMessage(m)
}
