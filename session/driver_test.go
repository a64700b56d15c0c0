package session_test

import (
	"context"
	"errors"
	"io"
	"net"
	"net/netip"
	"slices"
	"testing"
	"time"

	"github.com/gamewire/gamewire/session"
	"github.com/gamewire/gamewire/wire"
)

// pollUntil polls every driver in turn until ok holds, failing t after 5
// seconds; refused units are not errors here.
func pollUntil(t *testing.T, ok func() bool, drivers ...interface {
	Poll(context.Context, time.Duration) error
}) {
	t.Helper()
	ctx := context.Background()
	for end := time.Now().Add(5 * time.Second); !ok(); {
		if time.Now().After(end) {
			t.Fatal("timed out")
		}
		for _, d := range drivers {
			var r *session.Refused
			if err := d.Poll(ctx, 2*time.Millisecond); err != nil && !errors.As(err, &r) {
				t.Fatalf("Poll: %v", err)
			}
		}
	}
}

// listen starts a Listener of srv on a loopback port.
func listen(t *testing.T, srv session.Server) *session.Listener {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	d, err := session.NewListener(l, srv)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Close() })
	return d
}

// dial connects a Conn of c to the listener.
func dial(t *testing.T, ln *session.Listener, c session.Framed) *session.Conn {
	t.Helper()
	nc, err := net.Dial("tcp", ln.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	d, err := session.NewConn(nc, c)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Close() })
	return d
}

// TestStream runs a server and two clients over loopback TCP: what one
// says both hear, in order; "bye" gets a client hung up on, which its
// Conn reports as io.EOF and the server as Disconnected.
func TestStream(t *testing.T) {
	srv := newServer()
	ln := listen(t, srv)
	a, b := newClient(), newClient()
	da, db := dial(t, ln, a), dial(t, ln, b)
	pollUntil(t, func() bool { return len(srv.peers) == 2 }, ln)
	a.say("hello")
	a.say("again")
	pollUntil(t, func() bool { return len(b.heard) == 2 && len(a.heard) == 2 }, da, ln, db)
	if !slices.Equal(b.heard, []string{"hello", "again"}) || !slices.Equal(a.heard, b.heard) {
		t.Fatalf("heard %q and %q", a.heard, b.heard)
	}
	b.say("bye")
	var err error
	for end := time.Now().Add(5 * time.Second); err == nil && time.Now().Before(end); {
		ln.Poll(context.Background(), time.Millisecond)
		if err = db.Poll(context.Background(), time.Millisecond); errors.As(err, new(*session.Refused)) {
			err = nil
		}
	}
	if err != io.EOF {
		t.Fatalf("the hung-up client's Poll: %v, want io.EOF", err)
	}
	pollUntil(t, func() bool { return len(srv.gone) == 1 && ln.Peers() == 1 }, ln)
	if !slices.Equal(srv.peers, []netip.AddrPort{netip.MustParseAddrPort(da.LocalAddr().String())}) {
		t.Errorf("peers left %v, want a's", srv.peers)
	}
	// The ended driver keeps its error.
	if err := db.Flush(); err != io.EOF {
		t.Errorf("Flush after the end: %v", err)
	}
}

// TestStreamRefused: a frame the session refuses comes back from Poll
// as a *Refused wrapping Handle's error, and the connection goes on.
func TestStreamRefused(t *testing.T) {
	srv := newServer()
	ln := listen(t, srv)
	nc, err := net.Dial("tcp", ln.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer nc.Close()
	pollUntil(t, func() bool { return len(srv.peers) == 1 }, ln)
	nc.Write([]byte{3, 9, 'x'}) // code 9: no such message
	var r *session.Refused
	for end := time.Now().Add(5 * time.Second); ; {
		err := ln.Poll(context.Background(), time.Millisecond)
		if errors.As(err, &r) {
			break
		}
		if err != nil || time.Now().After(end) {
			t.Fatalf("Poll: %v, want a *Refused", err)
		}
	}
	if r.From != srv.peers[0] || !errors.Is(r, wire.ErrUnknownCode) || r.Error() == "" {
		t.Errorf("refused %v from %v", r.Err, r.From)
	}
	// The connection goes on: a good line comes back.
	nc.Write([]byte{4, 1, 'o', 'k'})
	buf := make([]byte, 4)
	pollUntil(t, func() bool { return len(srv.out.lines) > 0 && srv.out.len() == 0 }, ln)
	nc.SetReadDeadline(time.Now().Add(5 * time.Second))
	if _, err := io.ReadFull(nc, buf); err != nil || string(buf) != "\x04\x01ok" {
		t.Errorf("echo: %q, %v", buf, err)
	}
}

// TestStreamDeadline: a client's deadline gets it ticked; it says "bye"
// and is done, and Poll returns ErrDone once "bye" is written.
func TestStreamDeadline(t *testing.T) {
	srv := newServer()
	ln := listen(t, srv)
	c := newClient()
	c.quitAt = time.Now().Add(20 * time.Millisecond)
	dc := dial(t, ln, c)
	var err error
	for end := time.Now().Add(5 * time.Second); err == nil && time.Now().Before(end); {
		err = dc.Poll(context.Background(), time.Second)
	}
	if err != session.ErrDone || c.ticks != 1 {
		t.Fatalf("Poll: %v after %d ticks, want ErrDone after 1", err, c.ticks)
	}
	pollUntil(t, func() bool { return len(srv.gone) == 1 }, ln)
}

// TestContext: a cancelled context ends Poll and Run at once.
func TestContext(t *testing.T) {
	srv := newServer()
	ln := listen(t, srv)
	dc := dial(t, ln, newClient())
	ctx, cancel := context.WithCancel(context.Background())
	go func() { time.Sleep(10 * time.Millisecond); cancel() }()
	start := time.Now()
	if err := dc.Run(ctx); err != context.Canceled {
		t.Errorf("Conn.Run: %v", err)
	}
	if err := ln.Run(ctx); err != context.Canceled {
		t.Errorf("Listener.Run: %v", err)
	}
	if time.Since(start) > 5*time.Second {
		t.Errorf("Run took %v to see the cancellation", time.Since(start))
	}
}

// TestRefusedConnection: a connection the server refuses is closed.
func TestRefusedConnection(t *testing.T) {
	srv := newServer()
	srv.refuse = true
	ln := listen(t, srv)
	c := newClient()
	dc := dial(t, ln, c)
	var err error
	for end := time.Now().Add(5 * time.Second); err == nil && time.Now().Before(end); {
		ln.Poll(context.Background(), time.Millisecond)
		err = dc.Poll(context.Background(), time.Millisecond)
	}
	if err != io.EOF || ln.Peers() != 0 {
		t.Errorf("Poll: %v, %d peers; want io.EOF and none", err, ln.Peers())
	}
}

// TestPacket runs the toy server over loopback UDP with two clients.
func TestPacket(t *testing.T) {
	srv := newServer()
	ds := packet(t, srv, netip.AddrPort{})
	a, b := newClient(), newClient()
	server := netip.MustParseAddrPort(ds.LocalAddr().String())
	da, db := packet(t, a, server), packet(t, b, server)
	// A datagram server learns its peers from their datagrams.
	srv.peers = []netip.AddrPort{addr(da), addr(db)}
	a.say("over")
	pollUntil(t, func() bool { return len(a.heard) == 1 && len(b.heard) == 1 }, da, ds, db)
	if a.heard[0] != "over" || b.heard[0] != "over" {
		t.Errorf("heard %q, %q", a.heard, b.heard)
	}
	// A datagram the session refuses is reported, and the socket goes on.
	nc, err := net.Dial("udp", ds.LocalAddr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer nc.Close()
	nc.Write([]byte{1})
	var r *session.Refused
	for end := time.Now().Add(5 * time.Second); !errors.As(ds.Poll(context.Background(), time.Millisecond), &r); {
		if time.Now().After(end) {
			t.Fatal("no *Refused")
		}
	}
	if r.From.Port() == 0 || !errors.Is(r, wire.ErrShort) {
		t.Errorf("refused %v from %v", r.Err, r.From)
	}
}

// TestPacketDone: a datagram client that is done sends its last datagram
// and ends with ErrDone; Close ends the server's Poll.
func TestPacketDone(t *testing.T) {
	srv := newServer()
	ds := packet(t, srv, netip.AddrPort{})
	c := newClient()
	c.quitAt = time.Now()
	dc := packet(t, c, netip.MustParseAddrPort(ds.LocalAddr().String()))
	if err := dc.Poll(context.Background(), time.Second); err != session.ErrDone {
		t.Fatalf("Poll: %v", err)
	}
	if err := dc.Flush(); err != session.ErrDone {
		t.Errorf("Flush after the end: %v", err)
	}
	pollUntil(t, func() bool { return len(srv.hangups) == 1 }, ds)
	ds.Close()
	if err := ds.Poll(context.Background(), time.Second); err == nil || errors.As(err, new(*session.Refused)) {
		t.Errorf("Poll of a closed socket: %v", err)
	}
}

// TestNil: the drivers refuse nil sockets and sessions.
func TestNil(t *testing.T) {
	if _, err := session.NewConn(nil, newClient()); err == nil {
		t.Error("NewConn(nil, ...) returned no error")
	}
	c1, c2 := net.Pipe()
	defer c1.Close()
	defer c2.Close()
	if _, err := session.NewConn(c1, nil); err == nil {
		t.Error("NewConn(c, nil) returned no error")
	}
	if _, err := session.NewListener(nil, newServer()); err == nil {
		t.Error("NewListener(nil, ...) returned no error")
	}
	if _, err := session.NewPacket(nil, newClient(), netip.AddrPort{}); err == nil {
		t.Error("NewPacket(nil, ...) returned no error")
	}
}

// TestSteadyStateAllocs: a round trip of a line through a client's Conn,
// the server's Listener and back allocates nothing, nor does a Poll that
// waits in vain.
func TestSteadyStateAllocs(t *testing.T) {
	srv := newServer()
	ln := listen(t, srv)
	c := newClient()
	c.quiet = true
	dc := dial(t, ln, c)
	pollUntil(t, func() bool { return len(srv.peers) == 1 }, ln)
	ctx := context.Background()
	roundTrip := func() {
		want := c.count + 1
		c.say("ping")
		for c.count < want {
			dc.Poll(ctx, time.Millisecond)
			ln.Poll(ctx, time.Millisecond)
		}
	}
	for range 10 {
		roundTrip()
	}
	if n := testing.AllocsPerRun(50, roundTrip); n > 0 {
		t.Errorf("a round trip allocates %v times", n)
	}
	if n := testing.AllocsPerRun(20, func() { dc.Poll(ctx, 0) }); n > 0 {
		t.Errorf("an idle Poll allocates %v times", n)
	}
}

func packet(t *testing.T, s session.Session, remote netip.AddrPort) *session.Packet {
	t.Helper()
	pc, err := net.ListenUDP("udp", &net.UDPAddr{IP: net.IPv4(127, 0, 0, 1)})
	if err != nil {
		t.Fatal(err)
	}
	d, err := session.NewPacket(pc, s, remote)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Close() })
	return d
}

func addr(d *session.Packet) netip.AddrPort {
	return netip.MustParseAddrPort(d.LocalAddr().String())
}

// TestZeroDrivers: a driver its constructor did not make returns errors,
// never panics.
func TestZeroDrivers(t *testing.T) {
	drivers := []interface {
		Poll(context.Context, time.Duration) error
		Run(context.Context) error
		Flush() error
		Close() error
	}{&session.Conn{}, &session.Listener{}, &session.Packet{}}
	for _, d := range drivers {
		//lint:ignore SA1012 a nil context is part of the zero values this test hands over
		if d.Poll(nil, 0) == nil || d.Run(nil) == nil || d.Flush() == nil || d.Close() == nil {
			t.Errorf("%T: a zero driver answered without an error", d)
		}
	}
	if (&session.Conn{}).LocalAddr() != nil || (&session.Packet{}).LocalAddr() != nil || (&session.Listener{}).Addr() != nil {
		t.Error("a zero driver has an address")
	}
	if (&session.Refused{}).Error() == "" {
		t.Error("a zero Refused says nothing")
	}
}

// TestNilContext: a nil context is the background one.
func TestNilContext(t *testing.T) {
	srv := newServer()
	ln := listen(t, srv)
	dc := dial(t, ln, newClient())
	//lint:ignore SA1012 a nil context is what this test hands over
	if err := dc.Poll(nil, time.Millisecond); err != nil {
		t.Errorf("Poll(nil, ...): %v", err)
	}
}
