package nettest

import (
	"bytes"
	"io"
	"net"
	"path/filepath"
	"slices"
	"testing"
)

// TestServerRecorder: a client's bytes reach a server's loop through an
// event per connection, and the client's Recorder keeps both directions.
func TestServerRecorder(t *testing.T) {
	type event struct{ nc net.Conn }
	got := make(chan []byte, 1)
	s := StartServer(t, func(nc net.Conn) event { return event{nc} }, func(s *Server[event]) {
		for {
			select {
			case <-s.Done():
				return
			case ev := <-s.Events:
				s.Go(func() {
					defer ev.nc.Close()
					b := make([]byte, 5)
					if _, err := io.ReadFull(ev.nc, b); err == nil {
						ev.nc.Write(bytes.ToUpper(b))
					}
					got <- b
				})
			}
		}
	})
	c := Dial(t, s.Addr())
	if _, err := c.Write([]byte("hello")); err != nil {
		t.Fatal(err)
	}
	if b, _ := io.ReadAll(c); string(b) != "HELLO" {
		t.Errorf("read %q", b)
	}
	if b := <-got; string(b) != "hello" {
		t.Errorf("the server read %q", b)
	}
	if string(c.Sent()) != "hello" || string(c.Received()) != "HELLO" {
		t.Errorf("recorded %q sent, %q received", c.Sent(), c.Received())
	}
}

// TestHexLines: a capture written as hex lines reads back the same, with
// comments and blank lines passed over.
func TestHexLines(t *testing.T) {
	dgs := [][]byte{{1, 2, 3}, {0xff}, {}}
	path := filepath.Join(t.TempDir(), "sub", "capture.hex")
	WriteFiles(t, File{Path: path, Data: append([]byte("# a comment\n\n"), HexLines(dgs)...)})
	if got := ReadHexLines(t, path); !slices.EqualFunc(got, dgs[:2], bytes.Equal) {
		t.Errorf("read back %x, want %x", got, dgs[:2])
	}
}

// TestListenUDP: the socket is on 127.0.0.1 and carries a datagram.
func TestListenUDP(t *testing.T) {
	a, b := ListenUDP(t), ListenUDP(t)
	if _, err := a.WriteTo([]byte{7}, b.LocalAddr()); err != nil {
		t.Fatal(err)
	}
	buf := make([]byte, 4)
	if n, from, err := b.ReadFrom(buf); err != nil || n != 1 || from.String() != a.LocalAddr().String() {
		t.Errorf("read %d bytes from %v: %v", n, from, err)
	}
}

// TestRepeat: the reader wraps around its bytes for ever.
func TestRepeat(t *testing.T) {
	r := &Repeat{B: []byte("abc")}
	p := make([]byte, 7)
	if n, err := r.Read(p); n != 7 || err != nil || string(p) != "abcabca" {
		t.Errorf("Read = %d, %v, %q", n, err, p)
	}
	if n, _ := r.Read(p[:2]); string(p[:n]) != "bc" {
		t.Errorf("then %q", p[:n])
	}
}
