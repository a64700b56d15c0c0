package planted

import (
	"context"
	"errors"
	"io"
	"sync"
	"time"
)

// life is one run of a planted server, from Start to its crash or Stop:
// the channel its goroutines quit on, the socket or listener it closes,
// why it went down, and the goroutines to wait for.
type life struct {
	qmu    sync.Mutex // guards quit, closer and dead: never held while waiting
	quit   chan struct{}
	closer io.Closer
	dead   string
	wg     sync.WaitGroup
}

// begin starts a run that closes c when it ends, and returns its quit
// channel.
func (l *life) begin(c io.Closer) chan struct{} {
	quit := make(chan struct{})
	l.qmu.Lock()
	l.quit, l.closer, l.dead = quit, c, ""
	l.qmu.Unlock()
	return quit
}

// end ends the run for reason (kept if the run already had one): quit
// closes and so does the socket, once.
func (l *life) end(reason string) {
	l.qmu.Lock()
	defer l.qmu.Unlock()
	if l.quit == nil {
		return
	}
	if l.dead == "" {
		l.dead = reason
	}
	select {
	case <-l.quit:
	default:
		close(l.quit)
		l.closer.Close()
	}
}

// down returns why the run ended, "" while it runs.
func (l *life) down() string {
	l.qmu.Lock()
	defer l.qmu.Unlock()
	return l.dead
}

// Exited reports whether a planted crash killed the server, and which.
func (l *life) Exited() (bool, string) {
	d := l.down()
	return d != "" && d != "stopped", d
}

// stop ends the run, then calls then (what the server must close
// besides), and waits for the run's goroutines (hung ones included).
func (l *life) stop(then func()) error {
	l.qmu.Lock()
	started := l.quit != nil
	l.qmu.Unlock()
	if !started {
		return nil
	}
	l.end("stopped") // first: a hung handler holds the game's lock until quit closes
	then()
	l.wg.Wait()
	return nil
}

// ticker runs a run's periodic work on a goroutine of the run's: tick
// is called every period until quit closes.
func (l *life) ticker(quit chan struct{}, every time.Duration, tick func(now time.Time)) {
	l.wg.Add(1)
	go func() {
		defer l.wg.Done()
		t := time.NewTicker(every)
		defer t.Stop()
		for {
			select {
			case <-quit:
				return
			case now := <-t.C:
				tick(now)
			}
		}
	}()
}

// restart stops the server and starts it again (on the same address).
func restart(ctx context.Context, stop, start func() error) error {
	if err := stop(); err != nil {
		return err
	}
	if ctx.Err() != nil {
		return errors.Join(errors.New("planted: restart"), ctx.Err())
	}
	return start()
}
