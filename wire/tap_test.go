package wire_test

import (
	"bytes"
	"errors"
	"io"
	"testing"

	"github.com/gamewire/gamewire/wire"
	"github.com/gamewire/gamewire/wire/internal/toy"
)

// recording is what a Conn's Tap saw, frame by frame, per direction.
type recording struct {
	from [2][]byte // bytes sent by the client, by the server
	seq  []wire.Direction
}

func (r *recording) tap(from wire.Direction, frame []byte) {
	i := 0
	if from == wire.FromServer {
		i = 1
	}
	r.from[i] = append(r.from[i], frame...)
	r.seq = append(r.seq, from)
}

// failAppend is a message whose encoding fails.
type failAppend struct{ toy.Ping }

var errAppend = errors.New("append fails")

func (*failAppend) AppendBinary(b []byte) ([]byte, error) { return b, errAppend }

// TestConnTap records a session through Tap and checks that what it saw
// is, byte for byte, what the connection read and wrote, in order: reads
// with the peer's direction (a frame that fails to decode included),
// writes with the other.
func TestConnTap(t *testing.T) {
	bad := toy.Frame(&toy.Say{Kind: 1, Text: []byte("x"), Pad: 1}) // trailing byte: decode fails
	in := bytes.Join([][]byte{toy.Frame(&toy.Pong{X: 1}), bad, toy.Frame(&toy.Pong{Y: 2})}, nil)
	c := &rw{r: bytes.NewReader(in)}
	conn := wire.NewConn(toy.Table, c, wire.FromServer)
	var rec recording
	conn.Tap = rec.tap
	if _, err := conn.Next(); err != nil {
		t.Fatal(err)
	}
	if err := conn.WriteMessage(&toy.Ping{Value: 7}); err != nil {
		t.Fatal(err)
	}
	if _, err := conn.Next(); !errors.Is(err, wire.ErrTrailing) {
		t.Fatalf("the padded frame: %v", err)
	}
	if err := conn.WriteMessage(&toy.Ping{Value: 13}); !errors.Is(err, wire.ErrInvalid) {
		t.Fatalf("a rule-breaking write: %v", err)
	}
	if err := conn.WriteMessage(&failAppend{}); err != errAppend {
		t.Fatalf("a failing encoding: %v", err)
	}
	if b, err := conn.NextFrame(); err != nil || !bytes.Equal(b, toy.Frame(&toy.Pong{Y: 2})) {
		t.Fatalf("NextFrame: % x, %v", b, err)
	}
	if _, err := conn.Next(); err != io.EOF {
		t.Fatalf("the end: %v", err)
	}
	if !bytes.Equal(rec.from[1], in) {
		t.Errorf("reads seen: % x\nwant % x", rec.from[1], in)
	}
	if !bytes.Equal(rec.from[0], c.out.Bytes()) || c.out.Len() != 8 {
		t.Errorf("writes seen: % x, written % x", rec.from[0], c.out.Bytes())
	}
	want := []wire.Direction{wire.FromServer, wire.FromClient, wire.FromServer, wire.FromServer}
	if len(rec.seq) != len(want) {
		t.Fatalf("order %v, want %v", rec.seq, want)
	}
	for i := range want {
		if rec.seq[i] != want[i] {
			t.Errorf("order %v, want %v", rec.seq, want)
		}
	}
	// Writes without a Tap go the shorter way.
	conn.Tap = nil
	if err := conn.WriteMessage(&toy.Ping{Value: 1}); err != nil || c.out.Len() != 16 {
		t.Errorf("untapped write: %v, %d bytes", err, c.out.Len())
	}
}

// TestConnTapAllocs checks that a Tap that keeps nothing costs nothing.
func TestConnTapAllocs(t *testing.T) {
	in := bytes.Repeat(toy.Frame(&toy.Pong{X: 1}), 200)
	r := bytes.NewReader(in)
	c := &rw{r: r}
	conn := wire.NewConn(toy.Table, c, wire.FromServer)
	n := 0
	conn.Tap = func(wire.Direction, []byte) { n++ }
	ping := &toy.Ping{Value: 1}
	allocs := testing.AllocsPerRun(100, func() {
		if _, err := conn.Next(); err != nil {
			t.Fatal(err)
		}
		c.out.Reset()
		if err := conn.WriteMessage(ping); err != nil {
			t.Fatal(err)
		}
	})
	if allocs != 0 || n == 0 {
		t.Errorf("%v allocations per tapped read and write (%d taps)", allocs, n)
	}
}
