package nettest

import (
	"bytes"
	"io"
	"net"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/gamewire/gamewire/wire"
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

// idle is a peer that never queues anything.
type idle struct{ n int }

func (*idle) Next() wire.Message { return nil }

// TestEvents: Run runs its function in the loop, which owns the state;
// Peers drops a peer by closing its connection, and Flush, with nothing
// queued, writes nothing.
func TestEvents(t *testing.T) {
	type event = Event[*idle, wire.Message]
	var peers Peers[*idle, wire.Message]
	state := 0
	s := StartServer(t, Accepted[*idle, wire.Message], func(s *Server[event]) {
		s.Loop(time.Hour, func() {}, func(ev event) {
			switch {
			case ev.Call != nil:
				ev.Call()
			case ev.Conn != nil:
				state++
				peers.Add(&idle{state}, ev.Conn, nil)
			}
		}, peers.Flush)
	})
	c := Dial(t, s.Addr())
	var seen int
	for seen == 0 {
		Run(s, func() { seen = state })
	}
	Run(s, func() {
		for p := range peers.All() {
			peers.Drop(p)
			peers.Drop(p)
		}
	})
	if n, err := c.Read(make([]byte, 1)); n != 0 || err != io.EOF {
		t.Errorf("after Drop the client reads %d, %v; want EOF", n, err)
	}
	Run(s, func() {
		if n := len(slices.Collect(peers.All())); n != 0 {
			t.Errorf("%d peers left after Drop", n)
		}
	})
}

// TestEachCapture: the client's capture comes first, from the client.
func TestEachCapture(t *testing.T) {
	dir := t.TempDir()
	client, server := filepath.Join(dir, "c.bin"), filepath.Join(dir, "s.bin")
	WriteFiles(t, File{Path: client, Data: []byte("c")}, File{Path: server, Data: []byte("s")})
	var got []string
	EachCapture(t, client, server, func(path string, from wire.Direction, data []byte) {
		got = append(got, filepath.Base(path)+" "+from.String()+" "+string(data))
	})
	if want := []string{"c.bin client c", "s.bin server s"}; !slices.Equal(got, want) {
		t.Errorf("EachCapture gave %q, want %q", got, want)
	}
}
