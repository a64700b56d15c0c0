package tfighters_test

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"testing"
	"testing/iotest"
	"time"

	"github.com/gamewire/gamewire/internal/codectest"
	"github.com/gamewire/gamewire/paintball"
	"github.com/gamewire/gamewire/tfighters"
	"github.com/gamewire/gamewire/wire"
)

// rw reads from r and writes to w.
type rw struct {
	io.Reader
	io.Writer
}

func TestConnRead(t *testing.T) {
	var stream bytes.Buffer
	for _, m := range []tfighters.Message{
		&tfighters.Hi{MyVersion: 1, UWID: 5},
		raw(0x7abc, []byte("future")),           // unknown: kept
		&tfighters.ServerAccel{ID: 5, Accel: 7}, // breaks a rule: returned with the error
		&tfighters.Lag{Diff: 3},
	} {
		stream.Write(codectest.Encode(t, m))
	}
	stream.Write(codectest.Hex(t, "0700 0300 01000000 00")) // a frame the fields do not fill: consumed whole
	stream.Write(codectest.Encode(t, &tfighters.SpawnReady{}))
	stream.Write(codectest.Hex(t, "0100"))                     // len below 2: the stream is lost
	stream.Write(codectest.Encode(t, &tfighters.SpawnReady{})) // never reached

	c := tfighters.NewConn(rw{iotest.OneByteReader(&stream), io.Discard}, tfighters.FromServer)
	steps := []struct {
		code tfighters.Code
		kind error
	}{
		{tfighters.CodeHi, nil},
		{0x7abc, nil},
		{tfighters.CodeServerAccel, wire.ErrInvalid},
		{tfighters.CodeLag, nil},
		{0, wire.ErrInvalid}, // len disagrees with SMSG_LAG's fields
		{tfighters.CodeSpawnReady, nil},
		{0, wire.ErrInvalid},
		{0, wire.ErrInvalid}, // sticky
	}
	for i, s := range steps {
		m, err := c.Next()
		if !errors.Is(err, s.kind) || (s.kind == nil && m == nil) {
			t.Fatalf("step %d: %v, %v; want %v", i, m, err, s.kind)
		}
		if m != nil && code(m) != s.code {
			t.Errorf("step %d: %s, want %s", i, code(m), s.code)
		}
		if b := broken(err); b != (i >= 6) {
			t.Errorf("step %d: broken %v", i, b)
		}
	}
}

func TestConnEnds(t *testing.T) {
	hi := codectest.Encode(t, &tfighters.Hi{})
	tests := []struct {
		name string
		in   []byte
		kind error
	}{
		{"clean end", hi, io.EOF},
		{"end inside a frame", append(hi, hi[:5]...), io.ErrUnexpectedEOF},
		{"frame too long", append(hi, 0xff, 0xff, 0x01, 0x00), wire.ErrTooLong},
	}
	for _, tt := range tests {
		c := tfighters.NewConn(rw{bytes.NewReader(tt.in), io.Discard}, tfighters.FromServer)
		if _, err := c.Next(); err != nil {
			t.Fatalf("%s: first frame: %v", tt.name, err)
		}
		if _, err := c.Next(); !errors.Is(err, tt.kind) {
			t.Errorf("%s: %v, want %v", tt.name, err, tt.kind)
		}
	}
}

// TestConnWrite: a client's Conn (reading what the server sends) writes a
// client's message once it passes Validate, or with NoValidateWrites; a
// server's message, nil or another protocol's message never.
func TestConnWrite(t *testing.T) {
	var out bytes.Buffer
	c := tfighters.NewConn(rw{bytes.NewReader(nil), &out}, tfighters.FromServer)
	if err := c.WriteMessage(&tfighters.ClientAccel{Accel: 5}); !errors.Is(err, wire.ErrInvalid) || out.Len() != 0 {
		t.Errorf("invalid message: %v, wrote %x", err, out.Bytes())
	}
	c.NoValidateWrites = true
	for _, m := range []wire.Message{nil, &tfighters.Hi{}, &paintball.GameDumpRequest{}} {
		var se *wire.SendError
		if err := c.WriteMessage(m); !errors.As(err, &se) || out.Len() != 0 {
			t.Errorf("%T: %v, wrote %x; want a *wire.SendError", m, err, out.Bytes())
		}
	}
	if err := c.WriteMessage(&tfighters.ClientAccel{Accel: 5}); err != nil || out.Len() != 17 {
		t.Errorf("NoValidateWrites: %v, wrote %x", err, out.Bytes())
	}
}

// TestConnTimeout: a read deadline is not the end of the stream.
func TestConnTimeout(t *testing.T) {
	client, server := net.Pipe()
	defer client.Close()
	defer server.Close()
	c := tfighters.NewConn(client, tfighters.FromServer)
	client.SetReadDeadline(time.Now().Add(20 * time.Millisecond))
	if _, err := c.Next(); !errors.Is(err, os.ErrDeadlineExceeded) || broken(err) {
		t.Fatalf("first read: %v, broken %v", err, broken(err))
	}
	hi := codectest.Encode(t, &tfighters.Hi{MyVersion: 1, UWID: 2})
	go server.Write(hi)
	client.SetReadDeadline(time.Now().Add(5 * time.Second))
	if m, err := c.Next(); err != nil || code(m) != tfighters.CodeHi {
		t.Fatalf("after the timeout: %v, %v", m, err)
	}
}

// errPoll is a read timeout wrapped as a net.Conn returns it.
var errPoll = fmt.Errorf("read tcp 127.0.0.1:1: %w", os.ErrDeadlineExceeded)

// pollReader delivers its frame, then a read timeout, over and over: a
// game loop polling its connection with a short deadline.
type pollReader struct {
	frame []byte
	late  bool
}

func (r *pollReader) Read(p []byte) (int, error) {
	if r.late = !r.late; !r.late {
		return 0, errPoll
	}
	return copy(p, r.frame), nil
}

// TestConnAllocs: reading a frame and reading into a timeout allocate
// nothing, so a polling game loop stays free.
func TestConnAllocs(t *testing.T) {
	frame := codectest.Encode(t, &tfighters.ServerAccel{ID: 5, Accel: 1})
	c := tfighters.NewConn(rw{&pollReader{frame: frame}, io.Discard}, tfighters.FromServer)
	a := testing.AllocsPerRun(100, func() {
		if m, err := c.Next(); err != nil || code(m) != tfighters.CodeServerAccel {
			t.Fatalf("frame: %v, %v", m, err)
		}
		if _, err := c.Next(); !errors.Is(err, os.ErrDeadlineExceeded) || broken(err) {
			t.Fatalf("poll: %v, broken %v", err, broken(err))
		}
	})
	if a != 0 {
		t.Errorf("Next allocates %v times per frame and timeout", a)
	}
}

// TestConnReset: one Conn (and one Stream) serves many connections or
// files; a Reset and the reading of a whole capture after it allocate
// nothing once the Conn has read one.
func TestConnReset(t *testing.T) {
	var stream []byte
	for _, m := range []tfighters.Message{
		&tfighters.Hi{MyVersion: 1, UWID: 5},
		&tfighters.NickReply{Text: []byte("Ok")},
		&tfighters.ServerSay{ID: 5, Text: []byte("hello")},
		raw(0x7abc, []byte{1}),
	} {
		stream = append(stream, codectest.Encode(t, m)...)
	}
	r := bytes.NewReader(stream)
	var conn io.ReadWriter = rw{r, io.Discard}
	c := tfighters.NewConn(conn, tfighters.FromServer)
	s := tfighters.NewStream(r, tfighters.FromServer)
	readAll := func(next func() (tfighters.Message, error)) int {
		n := 0
		for {
			m, err := next()
			if err == io.EOF {
				return n
			}
			if err != nil || m == nil {
				t.Fatalf("frame %d: %v", n, err)
			}
			n++
		}
	}
	want := readAll(c.Next)
	r.Reset(stream)
	readAll(s.Next)
	if want != 4 {
		t.Fatalf("read %d frames, want 4", want)
	}
	var got int
	a := testing.AllocsPerRun(50, func() {
		r.Reset(stream)
		c.Reset(conn)
		got = readAll(c.Next)
		r.Reset(stream)
		s.Reset(r)
		got += readAll(s.Next)
	})
	if a != 0 || got != 2*want {
		t.Errorf("Reset and a capture: %v allocations, %d frames", a, got)
	}
}
