package wire

import (
	"io"

	"github.com/gamewire/gamewire/wire/spec"
)

// Conn is a stream connection of one protocol: a Stream reading what the
// peer sends, and a writer that builds each frame in one reused buffer
// and writes it with one Write call, so the peer never sees half a frame
// from a short write of ours.
//
// Reading and writing may run concurrently with each other, but each is
// for one goroutine at a time.
type Conn struct {
	*Stream
	rw  io.ReadWriter
	out []byte // the frame written last: reused, grown to the largest
	// NoValidateWrites turns off Validate on messages written, so that a
	// fuzzer can send messages that break the spec's rules (nil, another
	// protocol's message and the wrong direction are refused all the same).
	NoValidateWrites bool
	// Tap, if set, sees every whole frame, header included, that the Conn
	// reads (through Next or NextFrame, with the peer's
	// direction) or writes (with the other direction), in the order they
	// pass: to record or log a session. A frame read is seen before it is
	// decoded, so frames that fail to decode are seen too; a frame written
	// is seen once built, just before its Write call. The slice aliases
	// the Conn's buffers: copy what you keep. Tap runs on the goroutine
	// that reads or writes; it must not call the Conn.
	Tap func(from Direction, frame []byte)
}

// NewConn returns a Conn of table t over rw that reads the messages sent
// in direction from (FromServer on a client's connection, FromClient on a
// server's) and writes messages in the other direction.
func NewConn(t *spec.Table, rw io.ReadWriter, from Direction) *Conn {
	return &Conn{Stream: NewStream(t, rw, from), rw: rw}
}

// Reset makes c read from and write to rw, as new, keeping its buffers.
func (c *Conn) Reset(rw io.ReadWriter) {
	if c.Stream != nil {
		c.Stream.Reset(rw)
	}
	c.rw = rw
}

// ReadWriter returns the underlying connection (for deadlines,
// addresses, Close).
func (c *Conn) ReadWriter() io.ReadWriter { return c.rw }

// Next reads and decodes the next message as Stream.Next does, showing
// the frame to Tap first.
func (c *Conn) Next() (Message, error) {
	b, err := c.NextFrame()
	if err != nil {
		return nil, err
	}
	return c.Stream.Decode(b)
}

// NextFrame returns the next whole frame as Stream.NextFrame does,
// showing it to Tap.
func (c *Conn) NextFrame() ([]byte, error) {
	if c.Stream == nil {
		return nil, errNoTable
	}
	b, err := c.Stream.NextFrame()
	if err == nil && c.Tap != nil {
		c.Tap(c.From(), b)
	}
	return b, err
}

// WriteMessage checks m (CheckSend: not nil, of the Conn's protocol, of
// the direction the Conn writes, and valid unless NoValidateWrites) and
// writes its frame in one Write call. It allocates only while the write
// buffer grows to the largest message written so far.
func (c *Conn) WriteMessage(m Message) error {
	if c.Stream == nil || c.rw == nil {
		return errNoConn
	}
	if err := CheckSend(c.Table(), m, c.From().Other(), c.NoValidateWrites); err != nil {
		return err
	}
	b, err := m.AppendBinary(c.out[:0])
	if err != nil {
		return err
	}
	c.out = b
	if c.Tap != nil {
		c.Tap(c.From().Other(), b)
	}
	_, err = c.rw.Write(b)
	return err
}

// errNoConn is the error of a Conn made without a connection, or the zero
// one.
var errNoConn = &Error{Message: "connection", Err: ErrInvalid}

// Close closes the underlying connection if it can be closed (a net.Conn
// can), and returns nil otherwise.
func (c *Conn) Close() error {
	if cl, ok := c.rw.(io.Closer); ok {
		return cl.Close()
	}
	return nil
}
