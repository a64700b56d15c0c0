package bzflag

import (
	"context"
	"net"
	"strconv"
	"time"

	"github.com/gamewire/gamewire/wire"
)

// Dial connects to the BZFlag server at addr ("host:port") as a 1.7 client
// does ("connect to server"): it connects, reads the handshake and checks
// it as a client of version v (ErrIncompatible, ErrRefused), connects
// again to the same host at the reconnect port, with TCP_NODELAY, then
// closes the first connection, and returns the second with the handshake:
// the game connection, for a session.Conn driving a Game (or for NewConn).
// ctx bounds the whole exchange: cancelling it ends Dial with ctx's
// error, and its deadline applies to every step.
//
// Dial is Dialer.Dial with no hook; a Dialer records or logs the game
// connection.
func Dial(ctx context.Context, addr string, v Version) (net.Conn, Handshake, error) {
	return (&Dialer{}).Dial(ctx, addr, v)
}

// errNilContext is Dial's error for a nil context.
var errNilContext = &wire.Error{Protocol: proto, Message: "Dial", Field: "ctx", Err: wire.ErrInvalid}

// Dialer connects as Dial does, with a hook that sees the game connection
// (the second one; the handshake travels on the first): to record a
// session, log it, or put something between the game and the socket.
type Dialer struct {
	// Wrap, if set, wraps the game connection, and Dial returns what it
	// returned. Nothing has been read from or written to the connection
	// yet.
	Wrap func(net.Conn) net.Conn
}

// Dial connects to addr as the package's Dial does, then applies Wrap.
func (dd *Dialer) Dial(ctx context.Context, addr string, v Version) (net.Conn, Handshake, error) {
	if ctx == nil {
		return nil, Handshake{}, errNilContext
	}
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
	if dd.Wrap != nil {
		c = dd.Wrap(c)
	}
	return c, h, nil
}

// ServeHandshake is the server's side of Dial's first connection: it
// accepts connections on l and writes each the handshake (the
// ServerVersion and the reconnect port, where a session.Listener of a
// Server listens), then closes it. It returns when l fails (is closed);
// run it on a goroutine of its own.
func ServeHandshake(l net.Listener, reconnect uint16) error {
	if l == nil {
		return ErrNilMessage
	}
	h := Handshake{Version: ServerVersion, Port: reconnect}
	for {
		c, err := l.Accept()
		if err != nil {
			return err
		}
		WriteHandshake(c, h)
		c.Close()
	}
}
