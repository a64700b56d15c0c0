package fuzz

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net"
	"syscall"
	"time"

	"github.com/gamewire/gamewire/wire"
)

// event is what a connection's reader hands the engine: a frame the
// server sent, or the error that ended reading.
type event struct {
	frame []byte
	hello bool // frame is the server's hello (Protocol.Hello)
	err   error
}

// peer is the fuzzer's end of one connection to the target: writes are
// made by the engine, reads by one goroutine of its own that stops when
// the connection is closed (close waits for it).
type peer struct {
	p      *Protocol
	c      net.Conn
	events chan event
	stop   chan struct{}
	done   chan struct{}
	dec    *wire.Decoder
	err    error // the error that ended reading, once seen
	wbuf   []byte
	// hello is the server's hello, once read; helloLen its length, 0
	// for a connection without one.
	hello    []byte
	helloLen int
}

// errRefused marks a dial the target refused: nothing listens there.
var errRefused = errors.New("connection refused")

// dial connects to addr (TCP, or UDP for a datagram protocol) and starts
// the reader, which reads the server's hello first when hello is set.
func dial(ctx context.Context, p *Protocol, addr string, timeout time.Duration, hello bool) (*peer, error) {
	network := "tcp"
	if p.Datagram() {
		network = "udp"
	}
	d := net.Dialer{Timeout: timeout}
	c, err := d.DialContext(ctx, network, addr)
	if err != nil {
		if isRefused(err) {
			return nil, errRefused
		}
		return nil, err
	}
	pr := &peer{p: p, c: c, events: make(chan event, 256), stop: make(chan struct{}), done: make(chan struct{})}
	if hello {
		pr.helloLen = p.Hello
	}
	pr.dec = wire.NewDecoder(p.Table)
	pr.dec.Policy = wire.Lax
	go pr.read()
	return pr, nil
}

// read runs on the peer's goroutine until the connection fails or close.
func (pr *peer) read() {
	defer close(pr.done)
	send := func(ev event) bool {
		select {
		case pr.events <- ev:
			return true
		case <-pr.stop:
			return false
		}
	}
	if pr.p.Datagram() {
		buf := make([]byte, 65536)
		for {
			n, err := pr.c.Read(buf)
			if err != nil {
				send(event{err: err})
				return
			}
			if !send(event{frame: bytes.Clone(buf[:n])}) {
				return
			}
		}
	}
	if pr.helloLen > 0 {
		b := make([]byte, pr.helloLen)
		if _, err := io.ReadFull(pr.c, b); err != nil {
			send(event{err: err})
			return
		}
		if !send(event{frame: b, hello: true}) {
			return
		}
	}
	s := wire.NewStream(pr.p.Table, pr.c, wire.FromServer)
	for {
		f, err := s.NextFrame()
		if err != nil {
			send(event{err: err})
			return
		}
		if !send(event{frame: bytes.Clone(f)}) {
			return
		}
	}
}

// close closes the connection and waits for the reader to stop.
func (pr *peer) close() {
	select {
	case <-pr.stop:
		return
	default:
	}
	close(pr.stop)
	pr.c.Close()
	<-pr.done
}

// write sends u (Repeat times) with a write deadline.
func (pr *peer) write(u *Unit, timeout time.Duration) error {
	if pr.err != nil {
		return pr.err
	}
	pr.c.SetWriteDeadline(time.Now().Add(timeout))
	if pr.p.Datagram() {
		b := u.Bytes
		if u.Packet != nil {
			b = u.Packet
		}
		for range u.count() {
			if _, err := pr.c.Write(b); err != nil {
				return err
			}
		}
		return nil
	}
	b := u.Bytes
	if u.count() > 1 {
		pr.wbuf = pr.wbuf[:0]
		for range u.count() {
			pr.wbuf = append(pr.wbuf, u.Bytes...)
		}
		b = pr.wbuf
	}
	_, err := pr.c.Write(b)
	return err
}

// poll hands every message that arrives to handle, for up to wait (0:
// only what has arrived), or until handle returns true. It returns
// whether handle did, and the error that ended reading, if it has.
func (pr *peer) poll(wait time.Duration, handle func(wire.Message) bool) (bool, error) {
	if pr.err != nil {
		return false, pr.err
	}
	var timer <-chan time.Time
	if wait > 0 {
		t := time.NewTimer(wait)
		defer t.Stop()
		timer = t.C
	}
	for {
		var ev event
		if timer == nil {
			select {
			case ev = <-pr.events:
			default:
				return false, nil
			}
		} else {
			select {
			case ev = <-pr.events:
			case <-timer:
				return false, nil
			}
		}
		if ev.err != nil {
			pr.err = ev.err
			return false, ev.err
		}
		if ev.hello {
			pr.hello = ev.frame
			continue
		}
		var m wire.Message
		var err error
		if pr.p.Whole {
			m = wire.NewRaw(pr.p.Table, 0, wire.FromServer, ev.frame)
		} else {
			m, _, err = pr.dec.Decode(ev.frame, wire.FromServer)
		}
		if err != nil || m == nil {
			continue // the server's own malformed frame: not ours to judge
		}
		if handle(m) {
			return true, nil
		}
	}
}

// awaitHello returns the server's hello, waiting up to wait for it (the
// reader hands it over before anything else): nil when it did not come.
func (pr *peer) awaitHello(wait time.Duration) ([]byte, error) {
	if pr.hello != nil || pr.err != nil {
		return pr.hello, pr.err
	}
	t := time.NewTimer(wait)
	defer t.Stop()
	select {
	case ev := <-pr.events:
		if ev.err != nil {
			pr.err = ev.err
			return nil, ev.err
		}
		pr.hello = ev.frame
		return pr.hello, nil
	case <-t.C:
		return nil, nil
	}
}

// isRefused reports whether a dial or read failed because nothing
// listens at the address (ECONNREFUSED, or ICMP port unreachable on UDP).
func isRefused(err error) bool { return errors.Is(err, syscall.ECONNREFUSED) }
