package session

import (
	"context"
	"errors"
	"net"
	"net/netip"
	"syscall"
	"time"
)

// MaxDatagram is the size of a Packet driver's read buffer: the largest
// UDP payload.
const MaxDatagram = 65535

// Packet drives a session over a datagram socket: a client's, whose units
// go to one server, or a server's, whose peers are the addresses its
// datagrams come from. A goroutine of its own reads the socket; Poll, on
// the caller's goroutine, does everything else. With a *net.UDPConn a
// Poll allocates nothing in steady state.
type Packet struct {
	loop
	pc     net.PacketConn
	remote netip.AddrPort
	r      reader
}

// NewPacket returns a driver of s over pc, and starts its reader. A unit
// the session sends to the zero address goes to remote: a client's
// server (a server's session names every peer, and may pass the zero
// AddrPort). A nil pc or s is refused with an error.
func NewPacket(pc net.PacketConn, s Session, remote netip.AddrPort) (*Packet, error) {
	if pc == nil || s == nil {
		return nil, errNil
	}
	d := &Packet{loop: newLoop(s), pc: pc, remote: remote, r: reader{ack: make(chan struct{}, 1)}}
	d.loop.write = d.writeUnit
	d.loop.end = final
	go d.read()
	return d, nil
}

// udpConn is what a *net.UDPConn offers beyond net.PacketConn: reads and
// writes that take and give a netip.AddrPort, without allocating.
type udpConn interface {
	ReadFromUDPAddrPort(b []byte) (int, netip.AddrPort, error)
	WriteToUDPAddrPort(b []byte, addr netip.AddrPort) (int, error)
}

// read hands every datagram to the loop; a read error other than a
// timeout ends the reader (a closed socket).
func (d *Packet) read() {
	buf := make([]byte, MaxDatagram)
	u, fast := d.pc.(udpConn)
	for {
		var (
			n    int
			from netip.AddrPort
			err  error
		)
		if fast {
			n, from, err = u.ReadFromUDPAddrPort(buf)
		} else {
			var a net.Addr
			n, a, err = d.pc.ReadFrom(buf)
			from = addrPort(a)
		}
		if isTemporary(err) {
			continue
		}
		if !d.send(&d.r, arrival{from: from, unit: buf[:n], err: err}) {
			return
		}
	}
}

// isTemporary reports a read error a datagram socket survives: a
// deadline, or the ICMP error of an earlier datagram (a peer's port
// unreachable), which Linux reports on the next read.
func isTemporary(err error) bool {
	if err == nil {
		return false
	}
	var ne net.Error
	return errors.As(err, &ne) && ne.Timeout() || errors.Is(err, errRefused)
}

// addrPort returns a's address and port, or the zero AddrPort.
func addrPort(a net.Addr) netip.AddrPort {
	if u, ok := a.(*net.UDPAddr); ok {
		return u.AddrPort()
	}
	if a != nil {
		ap, _ := netip.ParseAddrPort(a.String())
		return ap
	}
	return netip.AddrPort{}
}

// Poll sends what the session has, waits at most max (less when the
// session's deadline comes first) for a datagram, hands it over, calls
// Tick when the deadline has passed, and sends again. It returns nil, a
// *Refused for a datagram the session refused (go on polling), ctx's
// error (a nil ctx is the background one), ErrDone once the session is
// Done and its last units are sent, or the socket's error.
func (d *Packet) Poll(ctx context.Context, max time.Duration) error { return d.poll(ctx, max) }

// Run polls until ctx is done or a final error, which it returns;
// refused datagrams are skipped. It does not close the driver.
func (d *Packet) Run(ctx context.Context) error { return d.run(ctx) }

// Flush sends what the session has to send now, without waiting.
func (d *Packet) Flush() error { return d.flushNow() }

// writeUnit sends a datagram. A failed send to a peer (unreachable, no
// route) is the datagram's loss, as on the wire: it does not end the
// driver; a closed socket does.
func (d *Packet) writeUnit(to netip.AddrPort, unit []byte) error {
	if !to.IsValid() {
		to = d.remote
	}
	var err error
	if u, ok := d.pc.(udpConn); ok {
		_, err = u.WriteToUDPAddrPort(unit, to)
	} else {
		_, err = d.pc.WriteTo(unit, net.UDPAddrFromAddrPort(to))
	}
	if errors.Is(err, net.ErrClosed) {
		return err
	}
	return nil
}

// LocalAddr returns the socket's address.
func (d *Packet) LocalAddr() net.Addr {
	if d.pc == nil {
		return nil
	}
	return d.pc.LocalAddr()
}

// Close closes the socket and stops the reader; Poll then returns
// net.ErrClosed.
func (d *Packet) Close() error {
	d.close()
	if d.pc == nil {
		return errNil
	}
	return d.pc.Close()
}

// errRefused is the error a read reports for an earlier datagram's ICMP
// "port unreachable".
var errRefused error = syscall.ECONNREFUSED
