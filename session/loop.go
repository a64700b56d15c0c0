package session

import (
	"context"
	"errors"
	"net"
	"net/netip"
	"time"
)

// ErrDone is what a driver's Poll and Run return once the session is Done
// and everything it had to send is written.
var ErrDone = errors.New("session: done")

// Refused is the error Poll returns for a unit the session refused: the
// driver and the session go on. Any other error from Poll is final.
type Refused struct {
	From netip.AddrPort // the peer that sent the unit
	Err  error          // what Handle returned
}

// Error returns Handle's error, with the peer when it is known.
func (e *Refused) Error() string {
	if e.Err == nil {
		return "session: refused a unit"
	}
	if e.From.IsValid() {
		return "session: refused a unit from " + e.From.String() + ": " + e.Err.Error()
	}
	return "session: refused a unit: " + e.Err.Error()
}

// Unwrap returns Handle's error.
func (e *Refused) Unwrap() error { return e.Err }

// arrival is what a reader goroutine hands the loop: a unit, or the end
// of its connection or socket.
type arrival struct {
	from netip.AddrPort
	unit []byte   // aliases the reader's buffer until the loop acknowledges it
	err  error    // the reader's final error (io.EOF: the peer closed)
	conn net.Conn // a connection a Listener accepted, instead of a unit
	src  *reader
}

// reader is one goroutine's side of the handshake with the loop: it sends
// an arrival and waits for ack before it reuses its buffer.
type reader struct {
	ack chan struct{}
}

// loop is what every driver shares: the session, the arrivals of its
// readers, the timer of its deadline, and the write buffer.
type loop struct {
	s       Session
	in      chan arrival
	closing chan struct{} // closed by close: readers stop waiting on the loop
	timer   *time.Timer
	out     []byte
	refused Refused
	closed  bool
	err     error     // the final error, once there is one
	now     time.Time // the time of the flush under way, for write

	// What a driver does its own way, set once by its constructor (a
	// method value made per call would allocate):
	//
	// write writes a unit to a peer; a final error ends the driver.
	write func(to netip.AddrPort, unit []byte) error
	// end takes a reader's final error, and returns the driver's final
	// error (a client's connection) or nil (a server's peer).
	end func(now time.Time, a arrival) error
	// connect takes a connection a Listener accepted (nil elsewhere).
	connect func(now time.Time, c net.Conn)
	// hangups closes the peers the session hangs up on (nil elsewhere).
	hangups func(now time.Time)
}

func newLoop(s Session) loop {
	t := time.NewTimer(time.Hour)
	t.Stop()
	return loop{s: s, in: make(chan arrival), closing: make(chan struct{}), timer: t}
}

// send hands the loop an arrival from r, and waits until the loop has
// taken it; it reports false when the driver is closing.
func (l *loop) send(r *reader, a arrival) bool {
	a.src = r
	select {
	case l.in <- a:
	case <-l.closing:
		return false
	}
	if a.err != nil {
		return false
	}
	select {
	case <-r.ack:
		return true
	case <-l.closing:
		return false
	}
}

// poll is every driver's Poll: it sends what the session has to send,
// waits at most max (less when the session's deadline comes first) for an
// arrival, takes it, calls Tick when the deadline has passed, and sends
// what the session has then.
func (l *loop) poll(ctx context.Context, max time.Duration) error {
	ctx, err := l.ready(ctx)
	if err != nil {
		return err
	}
	if l.err != nil {
		return l.err
	}
	now := time.Now()
	if err := l.flush(now); err != nil {
		return err
	}
	if d := l.s.Deadline(); !d.IsZero() && d.Sub(now) < max {
		max = d.Sub(now)
	}
	var (
		a  arrival
		ok bool
	)
	if max <= 0 {
		select {
		case a = <-l.in:
			ok = true
		default:
			if err := ctx.Err(); err != nil {
				return err
			}
		}
	} else {
		l.timer.Reset(max)
		select {
		case a = <-l.in:
			ok = true
		case <-l.timer.C:
		case <-ctx.Done():
			l.timer.Stop()
			return ctx.Err()
		}
		l.timer.Stop()
	}
	now = time.Now()
	var handled error
	switch {
	case !ok:
	case a.conn != nil:
		l.connect(now, a.conn)
	case a.err != nil:
		if err := l.end(now, a); err != nil {
			l.err = err
			return err
		}
	default:
		handled = l.handle(now, a)
	}
	l.tick(now)
	if err := l.flush(now); err != nil {
		return err
	}
	return handled
}

// run is every driver's Run: poll until ctx is done or a final error.
func (l *loop) run(ctx context.Context) error {
	ctx, err := l.ready(ctx)
	if err != nil {
		return err
	}
	for {
		var r *Refused
		if err := l.poll(ctx, time.Hour); err != nil && !errors.As(err, &r) {
			return err
		}
	}
}

// flush writes what the session has to send, closes the peers it hangs up
// on, and ends the driver with ErrDone once the session is Done.
func (l *loop) flush(now time.Time) error {
	if l.err != nil {
		return l.err
	}
	l.now = now
	err := l.transmit(now)
	if err == nil && l.hangups != nil {
		l.hangups(now)
	}
	if err == nil && l.s.Done() {
		err = ErrDone
	}
	if err != nil {
		l.err = err
	}
	return err
}

// flushNow is every driver's Flush.
func (l *loop) flushNow() error {
	if _, err := l.ready(context.Background()); err != nil {
		return err
	}
	return l.flush(time.Now())
}

// handle hands the session a unit and acknowledges it to its reader,
// returning a *Refused for an error of Handle.
func (l *loop) handle(now time.Time, a arrival) error {
	err := l.s.Handle(now, a.from, a.unit)
	a.src.ack <- struct{}{}
	if err != nil {
		l.refused = Refused{From: a.from, Err: err}
		return &l.refused
	}
	return nil
}

// tick calls Tick when the session's deadline has passed.
func (l *loop) tick(now time.Time) {
	if d := l.s.Deadline(); !d.IsZero() && !now.Before(d) {
		l.s.Tick(now)
	}
}

// transmit writes every unit the session has with l.write, and returns
// the first final error of l.write.
func (l *loop) transmit(now time.Time) error {
	for {
		to, unit, ok := l.s.Transmit(now, l.out[:0])
		if !ok {
			return nil
		}
		l.out = unit[:0]
		if err := l.write(to, unit); err != nil {
			return err
		}
	}
}

// ready returns errNil for a loop its driver's constructor did not make
// (a zero driver), and ctx, or Background for a nil one.
func (l *loop) ready(ctx context.Context) (context.Context, error) {
	if l.s == nil {
		return ctx, errNil
	}
	if ctx == nil {
		ctx = context.Background()
	}
	return ctx, nil
}

// close stops the readers, and Poll then returns net.ErrClosed (or the
// final error it had returned); it is safe to call twice, and on a zero
// loop.
func (l *loop) close() {
	if l.err == nil {
		l.err = net.ErrClosed
	}
	if !l.closed && l.closing != nil {
		l.closed = true
		close(l.closing)
	}
}
