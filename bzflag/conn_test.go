package bzflag_test

import (
	"context"
	"errors"
	"net"
	"strconv"
	"testing"
	"time"

	"github.com/gamewire/gamewire/bzflag"
	"github.com/gamewire/gamewire/internal/nettest"
)

// discardConn is a net.Conn whose writes go nowhere and whose reads
// repeat a stream.
type discardConn struct {
	net.Conn
	r nettest.Repeat
}

func (d *discardConn) Write(p []byte) (int, error) { return len(p), nil }
func (d *discardConn) Read(p []byte) (int, error)  { return d.r.Read(p) }
func (d *discardConn) Close() error                { return nil }

func TestConnAllocs(t *testing.T) {
	msgs := serverMessages()[:5]
	c := bzflag.NewConn(&discardConn{r: nettest.Repeat{B: frames(t, msgs...)}}, bzflag.FromServer)
	up := &bzflag.PlayerUpdate{ID: myID, Status: bzflag.StatusAlive, Position: bzflag.Vec3{1, 2, 3}}
	chat := &bzflag.MessageFromClient{Team: bzflag.RogueTeam, Text: bzflag.NewMessageText("hi")}
	for range 10 {
		c.Next()
		c.WriteMessage(chat)
	}
	if a := testing.AllocsPerRun(200, func() {
		if _, err := c.Next(); err != nil {
			t.Fatal(err)
		}
		if err := c.WriteMessage(up); err != nil {
			t.Fatal(err)
		}
	}); a != 0 {
		t.Errorf("a read and a write allocate %v times", a)
	}
}

func TestConnValidatesWrites(t *testing.T) {
	c := bzflag.NewConn(&discardConn{r: nettest.Repeat{B: []byte{0}}}, bzflag.FromServer)
	var cs bzflag.CallSign
	for i := range cs {
		cs[i] = 'x' // no terminating NUL
	}
	bad := &bzflag.Enter{ID: myID, CallSign: cs}
	if err := c.WriteMessage(bad); err == nil {
		t.Error("an Enter without a NUL in its call sign was written")
	}
	c.NoValidateWrites = true
	if err := c.WriteMessage(bad); err != nil {
		t.Errorf("NoValidateWrites: %v", err)
	}
}

// handshakeServer answers one connection on a loopback port with h and
// returns the port.
func handshakeServer(t *testing.T, h bzflag.Handshake) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { l.Close() })
	go func() {
		c, err := l.Accept()
		if err != nil {
			return
		}
		bzflag.WriteHandshake(c, h)
		c.Close()
	}()
	return net.JoinHostPort("127.0.0.1", strconv.Itoa(l.Addr().(*net.TCPAddr).Port))
}

func TestDialErrors(t *testing.T) {
	old := bzflag.Version{'B', 'Z', 'F', 'S', '1', '0', '6', 'a'}
	for _, c := range []struct {
		name string
		h    bzflag.Handshake
		err  error
	}{
		{"refused", bzflag.Handshake{Version: bzflag.ServerVersion, Port: 0}, bzflag.ErrRefused},
		{"incompatible", bzflag.Handshake{Version: old, Port: 5156}, bzflag.ErrIncompatible},
	} {
		t.Run(c.name, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			defer cancel()
			conn, _, err := bzflag.Dial(ctx, handshakeServer(t, c.h), bzflag.ServerVersion)
			if !errors.Is(err, c.err) {
				t.Errorf("Dial = %v; want %v", err, c.err)
			}
			if conn != nil {
				conn.Close()
			}
		})
	}
}

func BenchmarkConnWrite(b *testing.B) {
	c := bzflag.NewConn(&discardConn{r: nettest.Repeat{B: []byte{0}}}, bzflag.FromServer)
	up := &bzflag.PlayerUpdate{ID: myID, Status: bzflag.StatusAlive, Position: bzflag.Vec3{1, 2, 3}}
	b.ReportAllocs()
	for b.Loop() {
		if err := c.WriteMessage(up); err != nil {
			b.Fatal(err)
		}
	}
}

// TestDialCancel cancels a Dial whose server accepts and then says
// nothing: Dial must return with the context's error, though the context
// has no deadline.
func TestDialCancel(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	accepted := make(chan net.Conn, 1)
	go func() {
		c, err := l.Accept()
		if err != nil {
			return
		}
		accepted <- c // silent: no handshake
		// Give Dial time to be reading the handshake. Were it still
		// connecting, the cancel would end it too, so the pause can only
		// weaken the test, never fail it.
		time.Sleep(100 * time.Millisecond)
		cancel()
	}()
	done := make(chan error, 1)
	go func() {
		c, _, err := bzflag.Dial(ctx, l.Addr().String(), bzflag.ServerVersion)
		if c != nil {
			c.Close()
		}
		done <- err
	}()
	select {
	case err := <-done:
		if !errors.Is(err, context.Canceled) {
			t.Errorf("Dial = %v; want context.Canceled", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("Dial still waits for the handshake after its context was cancelled")
	}
	if c := <-accepted; c != nil {
		c.Close()
	}
}
