package wire_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/gamewire/gamewire/wire"
)

// TestAllocs checks that every hot operation allocates nothing: the text
// functions into a buffer with capacity, a Decoder's answers and errors,
// a Stream's NextFrame and Next and a Conn's Next and WriteMessage in
// steady state, and a Stream's framing error.
func TestAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("allocation counts are not meaningful under the race detector")
	}
	for _, g := range hotGroups() {
		for _, op := range g.ops {
			op.fn() // first occurrence: buffers grow, values are made
			if n := testing.AllocsPerRun(100, op.fn); n != 0 {
				t.Errorf("%s/%s: %v allocations per call, want 0", g.name, op.name, n)
			}
		}
	}
}

// TestHotOps checks that the hot operations do what their names say, so
// that the allocation tests and benchmarks measure the intended path.
func TestHotOps(t *testing.T) {
	for _, g := range hotGroups() {
		for _, op := range g.ops {
			sinkErr, sinkBytes, sinkMsg = nil, nil, nil
			op.fn()
			name := g.name + "/" + op.name
			var want error
			switch {
			case strings.HasSuffix(name, "/short"):
				want = wire.ErrShort
			case strings.HasSuffix(name, "/toolong"), name == "Frame/Stream/Reset":
				want = wire.ErrTooLong
			case strings.HasSuffix(name, "/invalid"):
				want = wire.ErrInvalid
			case strings.HasSuffix(name, "/unknown"):
				want = wire.ErrUnknownCode
			}
			switch {
			case want != nil && !errors.Is(sinkErr, want):
				t.Errorf("%s: error %v, want %v", name, sinkErr, want)
			case want == nil && g.name != "Frame" && sinkErr != nil:
				t.Errorf("%s: %v", name, sinkErr)
			case name == "Frame/Stream/NextFrame" && (sinkErr != nil || len(sinkBytes) != 32):
				t.Errorf("%s: %d bytes, %v; want a 32-byte frame", name, len(sinkBytes), sinkErr)
			case strings.HasSuffix(name, "/ok") && sinkMsg == nil:
				t.Errorf("%s: no message", name)
			case g.name == "Decoder" && strings.Contains(name, "/strict/") && sinkMsg != nil:
				t.Errorf("%s: a message under Strict", name)
			}
		}
	}
	// The Frame group's reads and writes succeed, over and over (the
	// Stream's third frame breaks a rule, which it says with the message).
	for _, op := range frameOps()[:4] {
		for i := range 6 {
			sinkErr, sinkMsg = nil, nil
			op.fn()
			if sinkErr != nil && !(op.name == "Stream/Next" && i%3 == 2 && errors.Is(sinkErr, wire.ErrInvalid) && sinkMsg != nil) {
				t.Errorf("Frame/%s, call %d: %v", op.name, i, sinkErr)
			}
		}
	}
}

// frameRepeater returns one whole frame per Read, forever, so that every
// NextFrame goes through a Read (and its error checks).
type frameRepeater struct{ frame []byte }

func (r frameRepeater) Read(p []byte) (int, error) { return copy(p, r.frame), nil }

// TestStreamReadPathAllocs: the read path itself allocates nothing.
// (AllocsPerRun divides whole allocations by runs, so an operation that
// reads only now and then could hide one; here every call reads, one
// frame of 8 bytes, and goes back to the start of its 4 KB buffer when
// it is full.)
func TestStreamReadPathAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("allocation counts are not meaningful under the race detector")
	}
	s := wire.NewStream(framing(32, nil), frameRepeater{stream("hihi")}, wire.FromClient)
	next := func() {
		if f, err := s.NextFrame(); err != nil || len(f) != 8 {
			t.Fatalf("NextFrame = %q, %v", f, err)
		}
	}
	next()
	if n := testing.AllocsPerRun(1000, next); n != 0 {
		t.Errorf("Stream.NextFrame with one Read per frame: %v allocations, want 0", n)
	}
}
