package wire_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/gamewire/gamewire/wire"
)

// TestAllocs checks that every hot operation allocates nothing: every
// Order method, every append into a buffer with capacity, every Reader
// method of a Reader over a form (NewFormReader) on success and on
// failure, FrameReader.Next and FrameWriter.WriteMessage in steady state.
func TestAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("allocation counts are not meaningful under the race detector")
	}
	for _, g := range hotGroups() {
		for _, op := range g.ops {
			op.fn() // first occurrence: buffers grow
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
			sinkErr, sinkBytes = nil, nil
			op.fn()
			name := g.name + "/" + op.name
			switch {
			case strings.HasSuffix(name, "/ok"):
				if sinkErr != nil {
					t.Errorf("%s: %v", name, sinkErr)
				}
			case strings.HasSuffix(name, "/short"):
				if !errors.Is(sinkErr, wire.ErrShort) {
					t.Errorf("%s: error %v, want ErrShort", name, sinkErr)
				}
			case strings.HasSuffix(name, "/toolong"):
				if !errors.Is(sinkErr, wire.ErrTooLong) {
					t.Errorf("%s: error %v, want ErrTooLong", name, sinkErr)
				}
			case name == "Reader/Sticky":
				if !errors.Is(sinkErr, wire.ErrShort) {
					t.Errorf("%s: error %v, want the first failure, ErrShort", name, sinkErr)
				}
			case name == "Frame/FrameReader/Next":
				if sinkErr != nil || len(sinkBytes) != 32 {
					t.Errorf("%s: %d bytes, %v; want a 32-byte frame", name, len(sinkBytes), sinkErr)
				}
			case name == "Frame/FrameWriter/WriteMessage", g.name == "Append" && op.name != "Form.Err":
				if sinkErr != nil {
					t.Errorf("%s: %v", name, sinkErr)
				}
			}
		}
	}
}

// frameRepeater returns one whole frame per Read, forever, so that every
// FrameReader.Next goes through a Read (and its error checks).
type frameRepeater struct{ frame []byte }

func (r frameRepeater) Read(p []byte) (int, error) { return copy(p, r.frame), nil }

// TestFrameReaderReadPathAllocs: the read path itself allocates nothing.
// (AllocsPerRun divides whole allocations by runs, so an operation that
// reads only now and then could hide one; here every call reads.)
func TestFrameReaderReadPathAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("allocation counts are not meaningful under the race detector")
	}
	fr := wire.NewFrameReader(frameRepeater{[]byte{0, 4, 'h', 'i'}}, 2, 4, func(h []byte) (int, error) {
		return int(h[0])<<8 | int(h[1]), nil
	})
	next := func() {
		if f, err := fr.Next(); err != nil || len(f) != 4 {
			t.Fatalf("Next = %q, %v", f, err)
		}
	}
	next()
	if n := testing.AllocsPerRun(1000, next); n != 0 {
		t.Errorf("FrameReader.Next with one Read per frame: %v allocations, want 0", n)
	}
}
