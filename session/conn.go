package session

import (
	"context"
	"errors"
	"net"
	"net/netip"
	"time"

	"github.com/gamewire/gamewire/wire"
)

// Conn drives a Framed session over one stream connection: a client's
// session, typically, on the net.Conn it dialled. A goroutine of its own
// reads and frames the connection (a wire.Stream); everything else (the
// session's Handle, Tick and Transmit, and the writes) happens in Poll, on
// the caller's goroutine, so the game calls the session's actions between
// Polls without a lock. In steady state a Poll allocates nothing.
type Conn struct {
	loop
	c      net.Conn
	stream *wire.Stream
	r      reader
	// WriteTimeout bounds each write (0: none); a write that times out
	// ends the connection.
	WriteTimeout time.Duration
}

// NewConn returns a driver of s over c and starts its reader. A nil c or s
// is refused with an error.
func NewConn(c net.Conn, s Framed) (*Conn, error) {
	if c == nil || s == nil {
		return nil, errNil
	}
	t, from := s.Framing()
	if t == nil {
		return nil, errNoTable
	}
	d := &Conn{loop: newLoop(s), c: c, stream: wire.NewStream(t, c, from), r: reader{ack: make(chan struct{}, 1)}}
	d.loop.write = d.writeUnit
	d.loop.end = final
	go d.read()
	return d, nil
}

var (
	errNil     = errors.New("session: a nil connection or session")
	errNoTable = errors.New("session: the session has no table to frame a stream with")
)

// final is the end of a driver's one reader: the driver's end.
func final(_ time.Time, a arrival) error { return a.err }

// read frames the connection and hands each frame to the loop.
func (d *Conn) read() {
	for {
		b, err := d.stream.NextFrame()
		if wire.IsTimeout(err) {
			continue
		}
		if !d.send(&d.r, arrival{unit: b, err: err}) {
			return
		}
	}
}

// Poll sends what the session has to send, waits at most max (less when
// the session's deadline comes first) for a unit, hands it over, calls
// Tick when the deadline has passed, and sends what the session has then.
// It returns nil when it waited in vain or the unit was taken, a *Refused
// when the session refused the unit (go on polling), ctx's error when ctx
// is done (a nil ctx is the background one), ErrDone once the session is
// Done and its last units are written, and the connection's error
// (io.EOF when the peer closed it) otherwise. After a final error, Close
// the driver.
func (d *Conn) Poll(ctx context.Context, max time.Duration) error { return d.poll(ctx, max) }

// Run polls until ctx is done or a final error, which it returns
// (ErrDone when the session ended); refused units are skipped. It does not
// close the driver.
func (d *Conn) Run(ctx context.Context) error { return d.run(ctx) }

// Flush sends what the session has to send now, without waiting: call it
// after a game action when it must leave before the next Poll.
func (d *Conn) Flush() error { return d.flushNow() }

func (d *Conn) writeUnit(_ netip.AddrPort, unit []byte) error {
	if d.WriteTimeout > 0 {
		d.c.SetWriteDeadline(time.Now().Add(d.WriteTimeout))
	}
	_, err := d.c.Write(unit)
	return err
}

// Close closes the connection and stops the reader; Poll then returns
// net.ErrClosed (or the final error it had returned).
func (d *Conn) Close() error {
	d.close()
	if d.c == nil {
		return errNil
	}
	return d.c.Close()
}

// LocalAddr returns the connection's local address.
func (d *Conn) LocalAddr() net.Addr {
	if d.c == nil {
		return nil
	}
	return d.c.LocalAddr()
}
