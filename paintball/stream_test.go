package paintball_test

import (
	"bytes"
	"errors"
	"io"
	"math"
	"testing"
	"testing/iotest"

	"github.com/gamewire/gamewire/paintball"
	"github.com/gamewire/gamewire/wire"
)

// serverTraffic is a run of server packets whose payloads are full of
// 0x2A, the marker byte: an id of 0x2A004100 holds "*\x00A\x00", what an
// Update header looks like, and a name holds '*'.
func serverTraffic(t testing.TB) [][]byte {
	var frames [][]byte
	for _, m := range []paintball.Message{
		&paintball.Login{Username: paintball.UTF("al*ce")},
		&paintball.Update{ObjectType: paintball.ObjectTypePlayer, ObjectID: 0x2a004100, PositionX: 0x2a2a2a2a, PositionY: 42, Facing: math.Float64frombits(0x2a0041002a004600)},
		&paintball.Login{Username: paintball.UTF("*")},
		&paintball.Update{ObjectType: paintball.ObjectTypePaintball, ObjectID: 42, PositionX: -1, PositionY: -1},
		&paintball.Login{},
		&paintball.Update{ObjectType: paintball.ObjectTypeObstacle, ObjectID: 0x002a0041, VelocityX: 0x2a, VelocityY: -42, Facing: 1},
	} {
		b, err := m.AppendBinary(nil)
		if err != nil {
			t.Fatal(err)
		}
		frames = append(frames, b)
	}
	return frames
}

// readAll reads s to its end and returns the frames of the messages it
// returned (re-encoded) and the error that ended it.
func readAll(t *testing.T, s *wire.Stream) ([][]byte, error) {
	var got [][]byte
	for range 1000 {
		m, err := s.Next()
		if m != nil {
			b, aerr := m.AppendBinary(nil)
			if aerr != nil {
				t.Fatal(aerr)
			}
			got = append(got, b)
			continue
		}
		if err != nil {
			return got, err
		}
	}
	t.Fatal("the stream does not end")
	return nil, nil
}

// TestHostileStreams breaks valid traffic at every frame boundary in
// every way a stream can break: a missing marker, an undefined type (B,
// and F as a number), a stream cut inside a frame. Every frame before the
// break is returned, exactly; the break is reported with its kind and
// field; nothing after it is decoded (no resynchronisation on a '*' in a
// payload, which would invent packets); Buffered starts at the break.
func TestHostileStreams(t *testing.T) {
	frames := serverTraffic(t)
	breaks := []struct {
		name  string
		bad   []byte
		kind  error
		field string
	}{
		{"garbage byte", []byte{'x'}, wire.ErrInvalid, "marker"},
		{"a 0x00 where '*' belongs", []byte{0, 0x00, 0x41}, wire.ErrInvalid, "marker"},
		{"type B", []byte{'*', 0, 'B', '*', 0, 'A'}, wire.ErrUnknownCode, "type"},
		{"type F as the number 15", []byte{'*', 0, 0x0f, 0, 1, 'a'}, wire.ErrUnknownCode, "type"},
		{"type 'A' in the high byte", []byte{'*', 'A', 0}, wire.ErrUnknownCode, "type"},
	}
	for _, br := range breaks {
		for k := 0; k <= len(frames); k++ {
			var stream []byte
			for _, f := range frames[:k] {
				stream = append(stream, f...)
			}
			at := len(stream)
			stream = append(stream, br.bad...)
			for _, f := range frames[k:] {
				stream = append(stream, f...)
			}
			for _, one := range []bool{false, true} {
				var r io.Reader = bytes.NewReader(stream)
				if one {
					r = iotest.OneByteReader(r)
				}
				s := paintball.NewStream(r, paintball.FromServer)
				got, err := readAll(t, s)
				if len(got) != k {
					t.Fatalf("%s after %d frames: %d messages returned", br.name, k, len(got))
				}
				for i := range got {
					if !bytes.Equal(got[i], frames[i]) {
						t.Fatalf("%s after %d frames: message %d is %x, sent %x", br.name, k, i, got[i], frames[i])
					}
				}
				var e *wire.Error
				if !errors.Is(err, br.kind) || !errors.As(err, &e) || e.Field != br.field {
					t.Fatalf("%s after %d frames: error %v, want %v on %s", br.name, k, err, br.kind, br.field)
				}
				if buf := s.Buffered(); len(buf) == 0 || !bytes.HasPrefix(stream[at:], buf) {
					t.Fatalf("%s after %d frames: Buffered %x is not the start of %x", br.name, k, buf, stream[at:])
				}
				// Stopped for good: no message comes after.
				if m, err2 := s.Next(); m != nil || err2 == nil {
					t.Fatalf("%s: Next after the break = %v, %v", br.name, m, err2)
				}
			}
		}
	}
}

// TestStreamCut: a stream that ends inside a frame returns every whole
// frame, then ErrUnexpectedEnd (which is also ErrShort), with the partial
// frame in Buffered; one that ends between frames returns io.EOF.
func TestStreamCut(t *testing.T) {
	var stream []byte
	var ends []int
	for _, f := range serverTraffic(t) {
		stream = append(stream, f...)
		ends = append(ends, len(stream))
	}
	for cut := 0; cut <= len(stream); cut++ {
		whole, last := 0, 0
		for _, e := range ends {
			if e <= cut {
				whole, last = whole+1, e
			}
		}
		s := paintball.NewStream(bytes.NewReader(stream[:cut]), paintball.FromServer)
		got, err := readAll(t, s)
		if len(got) != whole {
			t.Fatalf("cut at %d: %d messages, want %d", cut, len(got), whole)
		}
		if last == cut {
			if err != io.EOF {
				t.Fatalf("cut at %d (between frames): %v, want io.EOF", cut, err)
			}
			continue
		}
		if !errors.Is(err, wire.ErrUnexpectedEnd) || !errors.Is(err, wire.ErrShort) || !errors.Is(err, io.ErrUnexpectedEOF) {
			t.Fatalf("cut at %d: %v, want ErrUnexpectedEnd", cut, err)
		}
		if !bytes.Equal(s.Buffered(), stream[last:cut]) {
			t.Fatalf("cut at %d: Buffered %x, want %x", cut, s.Buffered(), stream[last:cut])
		}
	}
}

// TestNoResynchronisation shows why the reader does not scan for the
// next '*': in this traffic, resuming at the first '*' after a lost byte
// finds an Update that no one sent.
func TestNoResynchronisation(t *testing.T) {
	frames := serverTraffic(t)
	update := frames[1] // id 0x2A004100: bytes "*\x00A\x00" at offset 5
	i := bytes.IndexByte(update[1:], '*') + 1
	rest := bytes.Join(frames[1:], nil)[i:]
	// The trap decodes (breaking the rules of an Update).
	if m, _, err := paintball.Decode(rest, paintball.FromServer); m != nil {
		if u, ok := m.(*paintball.Update); !ok || u.ObjectID == 0x2a004100 {
			t.Fatalf("the trap decodes as %s %+v", m.Form().Name, m)
		}
	} else {
		t.Fatalf("the trap does not decode as an Update: %v", err)
	}
	// The reader refuses the lost byte instead.
	s := paintball.NewStream(bytes.NewReader(update[1:]), paintball.FromServer)
	if m, err := s.Next(); m != nil || !errors.Is(err, wire.ErrInvalid) {
		t.Fatalf("Next = %v, %v; want the marker error", m, err)
	}
}

// TestStreamPolicy: a packet of the other direction is framed by its known
// length and kept as a *wire.Raw that re-encodes byte for byte (refused
// under Strict, the stream going on); a rule violation comes with its
// message and error (Checked), as an error alone (Strict), or silently
// (Lax).
func TestStreamPolicy(t *testing.T) {
	upd, _ := (&paintball.Update{ObjectType: paintball.ObjectTypePlayer, ObjectID: 1}).AppendBinary(nil)
	bad, _ := (&paintball.ShootUpdateRequest{ShootingState: 7}).AppendBinary(nil)
	dump, _ := (&paintball.GameDumpRequest{}).AppendBinary(nil)
	stream := append(append(append([]byte(nil), upd...), bad...), dump...)
	for _, p := range []wire.Policy{wire.Checked, wire.Strict, wire.Lax} {
		s := paintball.NewStream(bytes.NewReader(stream), paintball.FromClient)
		s.SetPolicy(p)
		m, err := s.Next()
		if p == wire.Strict {
			if m != nil || !errors.Is(err, wire.ErrUnknownCode) {
				t.Errorf("%s: an Update from a client: %v, %v", p, m, err)
			}
		} else {
			raw, ok := m.(*wire.Raw)
			if !ok || err != nil || !bytes.Equal(raw.Frame, upd) || raw.Code != uint32(paintball.CodeUpdate) {
				t.Errorf("%s: an Update from a client: %v, %v; want a Raw", p, m, err)
			}
		}
		m, err = s.Next()
		switch p {
		case wire.Checked:
			if _, ok := m.(*paintball.ShootUpdateRequest); !ok || !errors.Is(err, wire.ErrInvalid) {
				t.Errorf("%s: state 7: %v, %v", p, m, err)
			}
		case wire.Strict:
			if m != nil || !errors.Is(err, wire.ErrInvalid) {
				t.Errorf("%s: state 7: %v, %v", p, m, err)
			}
		case wire.Lax:
			if _, ok := m.(*paintball.ShootUpdateRequest); !ok || err != nil {
				t.Errorf("%s: state 7: %v, %v", p, m, err)
			}
		}
		if m, err := s.Next(); err != nil {
			t.Errorf("%s: the stream did not go on: %v", p, err)
		} else if _, ok := m.(*paintball.GameDumpRequest); !ok {
			t.Errorf("%s: third message %s", p, m.Form().Name)
		}
		if _, err := s.Next(); err != io.EOF {
			t.Errorf("%s: end: %v", p, err)
		}
	}
}

// TestSplitMeasuresEveryForm: the framing tells the length of a packet of
// every form of the table, from its first bytes, as its encoding has it.
func TestSplitMeasuresEveryForm(t *testing.T) {
	table := paintball.Table()
	for i := range table.Forms {
		f := &table.Forms[i]
		m := table.New(f)
		if l, ok := m.(*paintball.Login); ok {
			l.Username = []byte("someone")
		}
		b, err := m.AppendBinary(nil)
		if err != nil {
			t.Fatal(err)
		}
		n, err := table.FrameLen(append(b, "*\x00E"...))
		if err != nil || n != len(b) {
			t.Errorf("%s: FrameLen = %d, %v; want %d", f.Name, n, err, len(b))
		}
		for k := 0; k < len(b) && k < 5; k++ {
			if n, err := table.FrameLen(b[:k]); n != 0 && n != len(b) || err != nil {
				t.Errorf("%s: FrameLen of %d bytes = %d, %v", f.Name, k, n, err)
			}
		}
	}
}
