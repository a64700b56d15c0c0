package codectest

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/gamewire/gamewire/wire"
)

// CheckCapture reads a recorded stream with next until io.EOF: every
// message must come without error and re-encode to the next bytes of data,
// so that together they are all of data. It calls each, if not nil, with
// every message in order (the message may be valid only until next is
// called again), and returns the spec names of their forms, in order.
// name names the capture in failures.
func CheckCapture(t FTB, name string, data []byte, next func() (wire.Message, error), each func(wire.Message)) []string {
	t.Helper()
	var names []string
	for off := 0; ; {
		m, err := next()
		if errors.Is(err, io.EOF) {
			if off != len(data) {
				t.Fatalf("%s: %d messages re-encode to %d bytes of %d", name, len(names), off, len(data))
			}
			return names
		}
		if err != nil {
			t.Fatalf("%s: message %d at byte %d: %v", name, len(names), off, err)
			return names
		}
		re, err := m.AppendBinary(nil)
		if err != nil || !bytes.HasPrefix(data[off:], re) {
			t.Fatalf("%s: message %d at byte %d (%s) re-encodes to %x, %v; want a prefix of %x", name, len(names), off, m.Form().Name, re, err, data[off:])
			return names
		}
		off += len(re)
		names = append(names, m.Form().Name)
		if each != nil {
			each(m)
		}
	}
}

// Holds fails t unless names, the forms of a capture's messages
// (CheckCapture), include every form in want.
func Holds(t TB, capture string, names []string, want ...string) {
	t.Helper()
	for _, w := range want {
		if !slices.Contains(names, w) {
			t.Errorf("%s holds no %s", capture, w)
		}
	}
}

// Frames returns a next function for CheckCapture that decodes the frames
// of b, sent by from, one after the other with d, and returns io.EOF at
// the end of b.
func Frames(d *wire.Decoder, b []byte, from wire.Direction) func() (wire.Message, error) {
	return func() (wire.Message, error) {
		if len(b) == 0 {
			return nil, io.EOF
		}
		m, n, err := d.Decode(b, from)
		if err != nil {
			return nil, err
		}
		b = b[n:]
		return m, nil
	}
}

// ReadAll resets s to read data through r and reads every message, up to
// io.EOF, failing t on any other error; it returns how many it read. It
// allocates nothing but what s does, for allocation counts of a reused
// Stream.
func ReadAll(t FTB, s *wire.Stream, r *bytes.Reader, data []byte) int {
	t.Helper()
	r.Reset(data)
	s.Reset(r)
	for n := 0; ; n++ {
		if _, err := s.Next(); err != nil {
			if err != io.EOF {
				t.Fatalf("message %d: %v", n, err)
			}
			return n
		}
	}
}

// Sources calls f with the name and the contents of every Go file of the
// current directory but the tests: a package's own code, for tests that
// keep something out of it.
func Sources(t FTB, f func(name string, src []byte)) {
	t.Helper()
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatalf("%v", err)
		return
	}
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatalf("%v", err)
			return
		}
		f(name, src)
	}
}
