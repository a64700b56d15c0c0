package wire

import "io"

// Conn is a stream connection of one protocol: a Stream reading what the
// peer sends, and a writer that builds each frame in one reused buffer
// and writes it with one Write call, so the peer never sees half a frame
// from a short write of ours.
//
// Reading and writing may run concurrently with each other, but each is
// for one goroutine at a time.
type Conn struct {
	*Stream
	rw io.ReadWriter
	w  FrameWriter
	// NoValidateWrites turns off Validate on messages written, so that a
	// fuzzer can send messages that break the spec's rules.
	NoValidateWrites bool
}

// NewConn returns a Conn of table t over rw that reads the messages sent
// by peer (FromServer on a client's connection, FromClient on a
// server's) and writes messages in the other direction.
func NewConn(t *Table, rw io.ReadWriter, peer Direction) *Conn {
	return &Conn{Stream: NewStream(t, rw, peer), rw: rw, w: FrameWriter{w: rw}}
}

// Reset makes c read from and write to rw, as new, keeping its buffers.
func (c *Conn) Reset(rw io.ReadWriter) {
	c.Stream.Reset(rw)
	c.rw, c.w.w = rw, rw
}

// ReadWriter returns the underlying connection (for deadlines,
// addresses, Close).
func (c *Conn) ReadWriter() io.ReadWriter { return c.rw }

// ReadMessage reads the next message; see Stream.Next.
func (c *Conn) ReadMessage() (Message, error) { return c.Next() }

// WriteMessage validates m (unless NoValidateWrites) and writes its frame
// in one Write call. It allocates only while the write buffer grows to
// the largest message written so far.
func (c *Conn) WriteMessage(m Message) error {
	if !c.NoValidateWrites {
		if err := m.Validate(); err != nil {
			return err
		}
	}
	return c.w.WriteMessage(m)
}

// Close closes the underlying connection if it can be closed (a net.Conn
// can), and returns nil otherwise.
func (c *Conn) Close() error {
	if cl, ok := c.rw.(io.Closer); ok {
		return cl.Close()
	}
	return nil
}
