package session

import (
	"context"
	"net"
	"net/netip"
	"time"

	"github.com/gamewire/gamewire/wire"
)

// Listener drives a Server session over the connections a net.Listener
// accepts: one goroutine accepts, one per connection reads and frames it,
// and Poll, on the caller's goroutine, does everything else (Connected,
// Handle, Disconnected, Tick, Transmit and the writes), so the server's
// game code calls the session between Polls without a lock. A peer is the
// remote address of its connection.
type Listener struct {
	loop
	l     net.Listener
	srv   Server
	peers map[netip.AddrPort]*peerConn
	// WriteTimeout bounds each write to a peer (0: none); a peer whose
	// write fails or times out is disconnected.
	WriteTimeout time.Duration
}

// peerConn is one accepted connection and its reader.
type peerConn struct {
	c    net.Conn
	peer netip.AddrPort
	r    reader
}

// NewListener returns a driver of srv over the connections l accepts, and
// starts accepting. A nil l or srv is refused with an error.
func NewListener(l net.Listener, srv Server) (*Listener, error) {
	if l == nil || srv == nil {
		return nil, errNil
	}
	if t, _ := srv.Framing(); t == nil {
		return nil, errNoTable
	}
	d := &Listener{loop: newLoop(srv), l: l, srv: srv, peers: map[netip.AddrPort]*peerConn{}}
	d.loop.write = d.writeUnit
	d.loop.end = d.ended
	d.loop.connect = d.connected
	d.loop.hangups = d.hangup
	go d.accept()
	return d, nil
}

// accept hands every accepted connection to the loop.
func (d *Listener) accept() {
	for {
		c, err := d.l.Accept()
		if err != nil {
			return
		}
		select {
		case d.in <- arrival{conn: c}:
		case <-d.closing:
			c.Close()
			return
		}
	}
}

// read frames one peer's connection and hands each frame to the loop.
func (d *Listener) read(p *peerConn) {
	t, from := d.srv.Framing()
	s := wire.NewStream(t, p.c, from)
	for {
		b, err := s.NextFrame()
		if wire.IsTimeout(err) {
			continue
		}
		if !d.send(&p.r, arrival{from: p.peer, unit: b, err: err}) {
			return
		}
	}
}

// Poll does what Conn.Poll does for every peer: it sends what the session
// has, waits at most max (or until the deadline) for a connection or a
// unit, hands it over, ticks, and sends again. A peer whose connection
// ends, or whose write fails, is Disconnected and closed. It returns nil,
// a *Refused for a unit the session refused, ctx's error (a nil ctx is
// the background one), ErrDone once the session is Done (its last units
// written), or the listener's error.
func (d *Listener) Poll(ctx context.Context, max time.Duration) error { return d.poll(ctx, max) }

// Run polls until ctx is done or a final error, which it returns;
// refused units are skipped. It does not close the driver.
func (d *Listener) Run(ctx context.Context) error { return d.run(ctx) }

// Flush sends what the session has to send now, without waiting.
func (d *Listener) Flush() error { return d.flushNow() }

// ended disconnects the peer whose reader ended; the listener goes on.
func (d *Listener) ended(now time.Time, a arrival) error {
	d.drop(now, d.peers[a.from])
	return nil
}

// connected tells the session of a new connection and starts its reader,
// or closes it when the session refuses it.
func (d *Listener) connected(now time.Time, c net.Conn) {
	peer := netip.MustParseAddrPort("0.0.0.0:0")
	if a, ok := c.RemoteAddr().(*net.TCPAddr); ok {
		peer = a.AddrPort()
	} else if ap, err := netip.ParseAddrPort(c.RemoteAddr().String()); err == nil {
		peer = ap
	}
	if _, dup := d.peers[peer]; dup || d.srv.Connected(now, peer) != nil {
		c.Close()
		return
	}
	p := &peerConn{c: c, peer: peer, r: reader{ack: make(chan struct{}, 1)}}
	d.peers[peer] = p
	go d.read(p)
}

// drop disconnects p, if it is still connected.
func (d *Listener) drop(now time.Time, p *peerConn) {
	if p == nil || d.peers[p.peer] != p {
		return
	}
	delete(d.peers, p.peer)
	p.c.Close()
	d.srv.Disconnected(now, p.peer)
}

// writeUnit writes a unit to its peer, disconnecting a peer whose write
// fails; a unit for a peer that is gone is dropped.
func (d *Listener) writeUnit(to netip.AddrPort, unit []byte) error {
	if p := d.peers[to]; p != nil {
		if d.WriteTimeout > 0 {
			p.c.SetWriteDeadline(time.Now().Add(d.WriteTimeout))
		}
		if _, err := p.c.Write(unit); err != nil {
			d.drop(d.now, p)
		}
	}
	return nil
}

// hangup closes the peers the session hangs up on.
func (d *Listener) hangup(now time.Time) {
	for {
		peer, ok := d.srv.Hangup()
		if !ok {
			return
		}
		d.drop(now, d.peers[peer])
	}
}

// Peers returns how many connections are open.
func (d *Listener) Peers() int { return len(d.peers) }

// Addr returns the listener's address.
func (d *Listener) Addr() net.Addr {
	if d.l == nil {
		return nil
	}
	return d.l.Addr()
}

// Close stops accepting, closes every connection and stops the readers.
// The session is not told: it is the caller's, to drop or to keep.
func (d *Listener) Close() error {
	d.close()
	for _, p := range d.peers {
		p.c.Close()
	}
	clear(d.peers)
	if d.l == nil {
		return errNil
	}
	return d.l.Close()
}
