package tfighters_test

import (
	"bytes"
	"io"
	"math/rand"
	"testing"

	"github.com/gamewire/gamewire/fuzz/tfightersgen"
	"github.com/gamewire/gamewire/internal/codectest"
	"github.com/gamewire/gamewire/internal/nettest"
	"github.com/gamewire/gamewire/tfighters"
	"github.com/gamewire/gamewire/wire"
	"github.com/gamewire/gamewire/wire/codec"
)

// malformed returns n frames of every code of the table, and of undefined
// codes, most of them broken: random bodies, valid encodings with bytes
// flipped, cut, or with their type changed. Every frame's len matches its
// size, so a stream of them stays in step. rng makes it reproducible.
func malformed(t testing.TB, rng *rand.Rand, n int) [][]byte {
	tab := tfighters.Table()
	valid := draw(t, tfightersgen.Message(), 256)
	var out [][]byte
	for len(out) < n {
		var body []byte
		var code uint16
		switch k := rng.Intn(4); {
		case k == 0: // a random body of a form's code
			f := &tab.Forms[rng.Intn(len(tab.Forms))]
			code = uint16(f.Code)
			body = make([]byte, rng.Intn(f.Size+8))
			rng.Read(body)
		default: // a valid frame, mutated
			b := codectest.Encode(t, valid[rng.Intn(len(valid))])
			code = codec.LittleEndian.U16(b[2:])
			body = b[4:]
			switch k {
			case 1:
				if len(body) > 0 {
					body[rng.Intn(len(body))] ^= byte(1 + rng.Intn(255))
				}
			case 2:
				body = body[:rng.Intn(len(body)+1)]
			case 3:
				code = uint16(tab.Forms[rng.Intn(len(tab.Forms))].Code)
			}
		}
		f := codec.LittleEndian.AppendU16(nil, uint16(2+len(body)))
		f = codec.LittleEndian.AppendU16(f, code)
		out = append(out, append(f, body...))
	}
	return out
}

// TestErrorPathAllocs decodes many thousands of random and mutated frames
// of every code, through a Decoder (both directions, every policy) and
// through a Stream (reset for every round, and once onto a stream whose
// framing breaks), and counts the heap allocations exactly: there must be
// none. (testing.AllocsPerRun over many runs would round a few down to 0;
// with one run it counts them exactly, from runtime.ReadMemStats.)
func TestErrorPathAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector allocates")
	}
	rng := rand.New(rand.NewSource(1))
	frames := malformed(t, rng, 20000)
	stream := bytes.Join(frames, nil)
	cut := append(append([]byte(nil), stream[:len(stream)/2]...), 0x01, 0x00, 0xff)
	d := tfighters.NewDecoder()
	r := bytes.NewReader(nil)
	var src io.Reader = r
	s := tfighters.NewStream(src, tfighters.FromServer)
	var errs, msgs int
	round := func() {
		for _, p := range []wire.Policy{wire.Checked, wire.Strict, wire.Lax} {
			d.Policy = p
			for _, f := range frames {
				for _, from := range []wire.Direction{tfighters.FromServer, tfighters.FromClient} {
					if m, _, err := d.Decode(f, from); err != nil {
						errs++
						_ = err.Error // the error value itself, not its text
					} else if m != nil {
						msgs++
					}
				}
			}
		}
		for _, in := range [][]byte{stream, cut} {
			r.Reset(in)
			s.Reset(src)
			for {
				m, err := s.Next()
				if err == io.EOF || broken(err) {
					break
				}
				if err != nil {
					errs++
				} else if m != nil {
					msgs++
				}
			}
		}
	}
	// AllocsPerRun runs round once to warm up (every form's value exists,
	// the buffer is allocated), then once more, measured, with GOMAXPROCS
	// at 1 and nothing divided: the count is exact.
	a := codectest.ExactAllocs(func() {
		errs, msgs = 0, 0
		round()
	})
	if a != 0 {
		t.Errorf("%v allocations for %d errors and %d messages", a, errs, msgs)
	}
	if errs < len(frames) || msgs < len(frames)/10 {
		t.Errorf("%d errors and %d messages: the inputs do not exercise both paths", errs, msgs)
	}
}

// BenchmarkMalformed feeds random malformed frames of every code through
// the stream decoder on every core at once (b.RunParallel): the error path
// takes no lock and allocates nothing.
func BenchmarkMalformed(b *testing.B) {
	frames := malformed(b, rand.New(rand.NewSource(2)), 4096)
	stream := bytes.Join(frames, nil)
	b.SetBytes(int64(len(stream) / len(frames)))
	b.ReportAllocs()
	b.RunParallel(func(pb *testing.PB) {
		r := &nettest.Repeat{B: stream}
		s := tfighters.NewStream(r, tfighters.FromServer)
		for pb.Next() {
			if _, err := s.Next(); broken(err) {
				b.Fatal(err)
			}
		}
	})
}
