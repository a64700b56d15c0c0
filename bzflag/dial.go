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
// closes the first connection, and returns the second with the handshake.
// The connection's ReadWriter is the net.Conn (for deadlines and Close).
// ctx bounds the whole exchange: cancelling it ends Dial with ctx's
// error, and its deadline applies to every step.
func Dial(ctx context.Context, addr string, v Version) (*wire.Conn, Handshake, error) {
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
