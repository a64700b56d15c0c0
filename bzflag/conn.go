package bzflag

import (
	"context"
	"net"
	"strconv"
	"time"

	"github.com/gamewire/gamewire/wire"
)

// Conn is a BZFlag connection: framed messages over a net.Conn. Reading
// is a Stream (see its doc: bounded buffer, no allocation per message in
// steady state, unknown codes as *Raw); writing builds each frame in one
// reused buffer and writes it with one Write call.
//
// A Conn is for one reader and one writer at a time: ReadMessage and
// WriteMessage may run concurrently with each other, but not with
// themselves.
type Conn struct {
	*Stream
	c net.Conn
	w *wire.FrameWriter
	// NoValidateWrites turns off Validate on messages written, so that a
	// fuzzer can send messages that break the spec's rules.
	NoValidateWrites bool
}

// NewConn returns a Conn over c that reads the messages sent by peer:
// FromServer on a client's connection, FromClient on a server's.
func NewConn(c net.Conn, peer Direction) *Conn {
	return &Conn{Stream: NewStream(c, peer), c: c, w: wire.NewFrameWriter(c)}
}

// NetConn returns the underlying connection (for deadlines, addresses).
func (c *Conn) NetConn() net.Conn { return c.c }

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

// Close closes the connection.
func (c *Conn) Close() error { return c.c.Close() }

// Dial connects to the BZFlag server at addr ("host:port") as a 1.7 client
// does ("connect to server"): it connects, reads the handshake and checks
// it as a client of version v (ErrIncompatible, ErrRefused), connects
// again to the same host at the reconnect port, with TCP_NODELAY, then
// closes the first connection, and returns the second with the handshake.
// ctx bounds the whole exchange: cancelling it ends Dial with ctx's
// error, and its deadline applies to every step.
func Dial(ctx context.Context, addr string, v Version) (*Conn, Handshake, error) {
	var d net.Dialer
	first, err := d.DialContext(ctx, "tcp", addr)
	if err != nil {
		return nil, Handshake{}, err
	}
	if dl, ok := ctx.Deadline(); ok {
		first.SetDeadline(dl)
	}
	// A cancelled ctx interrupts the read of the handshake too.
	stop := context.AfterFunc(ctx, func() { first.SetDeadline(time.Unix(1, 0)) })
	defer stop()
	// The first connection stays open until the second one is made: bzfs
	// 1.7 drops a client whose first connection shows activity (its
	// close) before the reconnection arrives, so "close, then connect" as
	// the spec orders it can lose the race (docs/errata/bzflag.md, part 2,
	// H4). The 1.7 client, too, closes only after reconnecting.
	defer first.Close()
	h, err := ReadHandshake(first, v)
	if err != nil {
		if cerr := ctx.Err(); cerr != nil {
			err = cerr
		}
		return nil, h, err
	}
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return nil, h, err
	}
	c, err := d.DialContext(ctx, "tcp", net.JoinHostPort(host, strconv.Itoa(int(h.Port))))
	if err != nil {
		return nil, h, err
	}
	if tc, ok := c.(*net.TCPConn); ok {
		tc.SetNoDelay(true)
	}
	return NewConn(c, FromServer), h, nil
}
