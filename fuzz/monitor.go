package fuzz

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"os/exec"
	"sync"
	"time"
)

// Monitor runs the server under test for the fuzzer: it tells the
// fuzzer whether the server died and how, and restarts it after a crash
// or a hang. ExecMonitor runs a command; a test may run a server of its
// own in the same process.
type Monitor interface {
	// Restart starts the server, stopping it first if it runs (a hung
	// server is stopped too), and returns once it accepts connections.
	Restart(ctx context.Context) error
	// Exited reports whether the server has died since it was last
	// started, and how ("exit status 2", "signal: segmentation fault").
	Exited() (bool, string)
	// Stop stops the server, at the end of a run.
	Stop() error
}

// ExecMonitor runs the server as a command (`gamewire fuzz -exec`): it
// starts it, watches its exit, records the exit status or signal of each
// run, and restarts it.
type ExecMonitor struct {
	// Path and Args are the command and its arguments (Args without the
	// command's name).
	Path string
	Args []string
	// Dir is the command's working directory ("" for the current one).
	Dir string
	// Output, if set, receives the server's standard output and error.
	Output io.Writer
	// Target is the address the server listens at: Restart waits until
	// it accepts connections (TCP) or for ReadyWait (UDP).
	Target string
	// Network is "tcp" or "udp" ("" for tcp).
	Network string
	// StartTimeout bounds the wait for a started server to accept
	// connections (0: 10s).
	StartTimeout time.Duration
	// ReadyWait is how long a UDP server is given to start (0: 200ms).
	ReadyWait time.Duration

	mu    sync.Mutex
	cmd   *exec.Cmd
	done  chan struct{}
	state string   // the exit of the current run, "" while it runs
	exits []string // every exit seen, in order
	tail  tailBuffer
}

// Exits returns how each run of the server ended, in order, as Exited
// said it.
func (m *ExecMonitor) Exits() []string {
	m.mu.Lock()
	defer m.mu.Unlock()
	return append([]string(nil), m.exits...)
}

// Tail returns the last bytes (up to 4 KiB) the server wrote to its
// standard output and error: a crash's panic or sanitizer report.
func (m *ExecMonitor) Tail() string { return m.tail.String() }

// Restart stops the server if it runs, starts it again and waits until
// it accepts connections at Target.
func (m *ExecMonitor) Restart(ctx context.Context) error {
	m.Stop()
	cmd := exec.Command(m.Path, m.Args...)
	cmd.Dir = m.Dir
	var out io.Writer = &m.tail
	if m.Output != nil {
		out = io.MultiWriter(m.Output, &m.tail)
	}
	cmd.Stdout, cmd.Stderr = out, out
	setProcessGroup(cmd)
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("fuzz: starting %s: %w", m.Path, err)
	}
	done := make(chan struct{})
	m.mu.Lock()
	m.cmd, m.done, m.state = cmd, done, ""
	m.mu.Unlock()
	go func() {
		err := cmd.Wait()
		how := "exited"
		if cmd.ProcessState != nil {
			how = cmd.ProcessState.String()
		} else if err != nil {
			how = err.Error()
		}
		m.mu.Lock()
		m.state = how
		m.exits = append(m.exits, how)
		m.mu.Unlock()
		close(done)
	}()
	return m.waitReady(ctx, done)
}

// waitReady waits until the server accepts a connection at Target.
func (m *ExecMonitor) waitReady(ctx context.Context, done chan struct{}) error {
	if m.Network == "udp" {
		d := m.ReadyWait
		if d == 0 {
			d = 200 * time.Millisecond
		}
		select {
		case <-time.After(d):
		case <-done:
		case <-ctx.Done():
			return ctx.Err()
		}
		if dead, how := m.Exited(); dead {
			return fmt.Errorf("fuzz: the server exited as it started: %s", how)
		}
		return nil
	}
	limit := m.StartTimeout
	if limit == 0 {
		limit = 10 * time.Second
	}
	deadline := time.Now().Add(limit)
	for {
		if dead, how := m.Exited(); dead {
			return fmt.Errorf("fuzz: the server exited as it started: %s: %s", how, m.tail.lastLine())
		}
		c, err := net.DialTimeout("tcp", m.Target, time.Second)
		if err == nil {
			c.Close()
			return nil
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("fuzz: the server does not accept connections at %s after %s", m.Target, limit)
		}
		select {
		case <-time.After(20 * time.Millisecond):
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}

// Exited reports whether the current run of the server has ended, and
// how.
func (m *ExecMonitor) Exited() (bool, string) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.cmd == nil {
		return false, ""
	}
	return m.state != "", m.state
}

// Stop kills the server (and its process group) if it runs and waits for
// it.
func (m *ExecMonitor) Stop() error {
	m.mu.Lock()
	cmd, done := m.cmd, m.done
	m.mu.Unlock()
	if cmd == nil {
		return nil
	}
	select {
	case <-done:
		return nil
	default:
	}
	killProcess(cmd)
	select {
	case <-done:
		return nil
	case <-time.After(10 * time.Second):
		return errors.New("fuzz: the server did not stop when killed")
	}
}

// tailBuffer keeps the last 4 KiB written to it.
type tailBuffer struct {
	mu  sync.Mutex
	buf []byte
}

const tailMax = 4096

func (t *tailBuffer) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.buf = append(t.buf, p...)
	if len(t.buf) > tailMax {
		t.buf = append(t.buf[:0], t.buf[len(t.buf)-tailMax:]...)
	}
	return len(p), nil
}

func (t *tailBuffer) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return string(t.buf)
}

// lastLine returns the last non-empty line written.
func (t *tailBuffer) lastLine() string {
	s := t.String()
	for len(s) > 0 && (s[len(s)-1] == '\n' || s[len(s)-1] == '\r') {
		s = s[:len(s)-1]
	}
	for i := len(s) - 1; i >= 0; i-- {
		if s[i] == '\n' {
			return s[i+1:]
		}
	}
	return s
}
