package bzflag_test

import (
	"bytes"
	"encoding/hex"
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/gamewire/gamewire/bzflag"
	"github.com/gamewire/gamewire/internal/codectest"
	"github.com/gamewire/gamewire/internal/nettest"
	"github.com/gamewire/gamewire/wire"
	"github.com/google/go-cmp/cmp"
)

// frames encodes ms one after the other.
func frames(t testing.TB, ms ...bzflag.Message) []byte {
	t.Helper()
	var b []byte
	for _, m := range ms {
		var err error
		if b, err = m.AppendBinary(b); err != nil {
			t.Fatalf("%v: %v", bzflag.CodeOf(m), err)
		}
	}
	return b
}

// hexFrame decodes hex digits, ignoring spaces.
func hexFrame(t testing.TB, s string) []byte {
	t.Helper()
	b, err := hex.DecodeString(strings.ReplaceAll(s, " ", ""))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func serverMessages() []bzflag.Message {
	return []bzflag.Message{
		&bzflag.Accept{},
		&bzflag.TeamUpdate{Team: bzflag.RedTeam, Players: 2, Active: 2, Wins: 3},
		&bzflag.AddPlayer{ID: otherID, Type: bzflag.TankPlayer, Team: bzflag.BlueTeam, CallSign: bzflag.NewCallSign("other"), Email: bzflag.NewEmail("o@x")},
		&bzflag.PlayerUpdate{ID: otherID, Position: bzflag.Vec3{1, 2, 3}, Azimuth: 0.5},
		&bzflag.MessageFromServer{From: otherID, Team: bzflag.RogueTeam, Text: bzflag.NewMessageText("hello")},
		&bzflag.SuperKill{},
	}
}

func TestStreamReadsWhatWasWritten(t *testing.T) {
	want := serverMessages()
	s := bzflag.NewStream(bytes.NewReader(frames(t, want...)), bzflag.FromServer)
	for i, w := range want {
		m, err := s.Next()
		if err != nil {
			t.Fatalf("message %d: %v", i, err)
		}
		if d := cmp.Diff(w, m); d != "" {
			t.Errorf("message %d differs (-want +got):\n%s", i, d)
		}
	}
	if _, err := s.Next(); err != io.EOF {
		t.Errorf("after the last frame: %v, want io.EOF", err)
	}
}

func TestStreamDirection(t *testing.T) {
	// MsgAlive has one layout per direction: the same bytes read as
	// AliveFromClient from a client, and fail from a server.
	b := frames(t, &bzflag.AliveFromClient{Position: bzflag.Vec3{1, 2, 3}, Forward: bzflag.Vec3{0, 1, 0}})
	m, err := bzflag.NewStream(bytes.NewReader(b), bzflag.FromClient).Next()
	if _, ok := m.(*bzflag.AliveFromClient); !ok || err != nil {
		t.Fatalf("from client: %T, %v", m, err)
	}
	if m, err := bzflag.NewStream(bytes.NewReader(b), bzflag.FromServer).Next(); err == nil {
		t.Errorf("a client's MsgAlive read as from the server: %T", m)
	}
}

func TestStreamUnknownCode(t *testing.T) {
	unknown := hexFrame(t, "0003 7a7a 010203") // code 'zz'
	b := append(unknown, frames(t, &bzflag.Accept{})...)
	s := bzflag.NewStream(bytes.NewReader(b), bzflag.FromServer)
	m, err := s.Next()
	raw, ok := m.(*wire.Raw)
	if err != nil || !ok || raw.Code != 0x7a7a || !bytes.Equal(raw.Frame, unknown) {
		t.Fatalf("unknown code: %#v, %v", m, err)
	}
	if m, err := s.Next(); err != nil || bzflag.CodeOf(m) != bzflag.CodeAccept {
		t.Fatalf("after the unknown frame: %v, %v", m, err)
	}

	s = bzflag.NewStream(bytes.NewReader(b), bzflag.FromServer)
	s.SetPolicy(wire.Strict)
	if _, err := s.Next(); !errors.Is(err, wire.ErrUnknownCode) {
		t.Fatalf("strict: %v, want ErrUnknownCode", err)
	}
	if m, err := s.Next(); err != nil || bzflag.CodeOf(m) != bzflag.CodeAccept {
		t.Fatalf("strict, after the unknown frame: %v, %v", m, err)
	}
}

func TestStreamErrors(t *testing.T) {
	accept := frames(t, &bzflag.Accept{})
	for _, c := range []struct {
		name string
		in   []byte
		err  error
		goOn bool // the next frame (an Accept) is still readable
	}{
		{"body too short for its layout", append(hexFrame(t, "0001 746f 00"), accept...), wire.ErrShort, true},
		{"frame over MaxPacketLen", append(hexFrame(t, "03fd 6163"), make([]byte, 1021)...), wire.ErrTooLong, false},
		{"stream ends in a header", hexFrame(t, "00"), wire.ErrShort, false},
		{"stream ends in a body", hexFrame(t, "0002 746f 00"), io.ErrUnexpectedEOF, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := bzflag.NewStream(bytes.NewReader(c.in), bzflag.FromServer)
			if _, err := s.Next(); !errors.Is(err, c.err) {
				t.Fatalf("Next = %v; want %v", err, c.err)
			}
			if c.goOn {
				if m, err := s.Next(); err != nil || bzflag.CodeOf(m) != bzflag.CodeAccept {
					t.Errorf("next frame: %v, %v", m, err)
				}
			}
		})
	}
}

func TestStreamValidates(t *testing.T) {
	// A call sign without its terminating NUL decodes but breaks the
	// spec's rule; the message comes back with Validate's error.
	var cs bzflag.CallSign
	for i := range cs {
		cs[i] = 'x'
	}
	b := frames(t, &bzflag.AddPlayer{ID: otherID, CallSign: cs})
	s := bzflag.NewStream(bytes.NewReader(b), bzflag.FromServer)
	m, err := s.Next()
	if err == nil || m == nil {
		t.Fatalf("invalid call sign: %v, %v; want the message and an error", m, err)
	}
	s = bzflag.NewStream(bytes.NewReader(b), bzflag.FromServer)
	s.SetPolicy(wire.Lax)
	if m, err := s.Next(); err != nil || m == nil {
		t.Fatalf("Lax: %v, %v", m, err)
	}
}

func TestStreamAllocs(t *testing.T) {
	s := bzflag.NewStream(&nettest.Repeat{B: frames(t, serverMessages()[:5]...)}, bzflag.FromServer)
	for range 10 {
		if _, err := s.Next(); err != nil {
			t.Fatal(err)
		}
	}
	if a := testing.AllocsPerRun(200, func() {
		if _, err := s.Next(); err != nil {
			t.Fatal(err)
		}
	}); a != 0 {
		t.Errorf("Stream.Next allocates %v times per message", a)
	}
}

func BenchmarkStreamNext(b *testing.B) {
	for _, c := range []struct {
		name string
		m    bzflag.Message
	}{
		{"PlayerUpdate", &bzflag.PlayerUpdate{ID: otherID, Position: bzflag.Vec3{1, 2, 3}}},
		{"AddPlayer", &bzflag.AddPlayer{ID: otherID, CallSign: bzflag.NewCallSign("other")}},
		{"MessageFromServer", &bzflag.MessageFromServer{From: otherID, Text: bzflag.NewMessageText("hi")}},
	} {
		b.Run(c.name, func(b *testing.B) {
			f := frames(b, c.m)
			s := bzflag.NewStream(&nettest.Repeat{B: f}, bzflag.FromServer)
			b.ReportAllocs()
			b.SetBytes(int64(len(f)))
			for b.Loop() {
				if _, err := s.Next(); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// TestStreamResetAllocs: a Stream reused for another connection or file
// (Reset) costs no allocation, so decoding many short captures is as cheap
// as one long one.
func TestStreamResetAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("allocation counts are not meaningful under the race detector")
	}
	capture := frames(t, serverMessages()...)
	r := bytes.NewReader(capture)
	s := bzflag.NewStream(r, bzflag.FromServer)
	n := 0
	read := func() { n += codectest.ReadAll(t, s, r, capture) }
	read()
	if a := testing.AllocsPerRun(50, read); a != 0 {
		t.Errorf("Reset and a whole capture: %v allocations, want 0", a)
	}
	if want := 52 * len(serverMessages()); n != want {
		t.Errorf("read %d messages, want %d", n, want)
	}
}
