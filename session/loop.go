package session

import (
	"context"
	"errors"
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
	unit []byte // aliases the reader's buffer until the loop acknowledges it
	err  error  // the reader's final error (io.EOF: the peer closed)
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
	// write writes a unit to a peer, set once by the driver (a method
	// value made per call would allocate); a final error ends the driver.
	write func(to netip.AddrPort, unit []byte) error
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

// wait waits at most max (or until the session's deadline) for an
// arrival, and returns it with ok; ok is false when the wait ended
// without one. It returns ctx's error when ctx is done.
func (l *loop) wait(ctx context.Context, max time.Duration) (a arrival, ok bool, err error) {
	now := time.Now()
	if d := l.s.Deadline(); !d.IsZero() && d.Sub(now) < max {
		max = d.Sub(now)
	}
	if max <= 0 {
		select {
		case a = <-l.in:
			return a, true, nil
		default:
			return a, false, ctx.Err()
		}
	}
	l.timer.Reset(max)
	select {
	case a = <-l.in:
		ok = true
	case <-l.timer.C:
	case <-ctx.Done():
		err = ctx.Err()
	}
	l.timer.Stop()
	return a, ok, err
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

// close stops the readers; it is safe to call twice, and on a zero loop.
func (l *loop) close() {
	if !l.closed && l.closing != nil {
		l.closed = true
		close(l.closing)
	}
}
