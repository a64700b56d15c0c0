package bzflag_test

import (
	"bytes"
	"io"
	"math/rand"
	"testing"

	"github.com/gamewire/gamewire/bzflag"
	"github.com/gamewire/gamewire/fuzz/bzflaggen"
	"github.com/gamewire/gamewire/internal/codectest"
	"github.com/gamewire/gamewire/wire"
)

// malformedFrames returns n frames, from the side each form is sent by, of
// every code of the table (and codes it does not know): random bodies of
// random lengths, valid frames with one byte changed, cut, or with a
// length of another form. Each frame's length field covers its body, so a
// stream of them stays in step: every failure is a decoding failure, not
// a framing one.
func malformedFrames(n int, seed int64) (frames [][]byte, from []bzflag.Direction) {
	rng := rand.New(rand.NewSource(seed))
	t := bzflag.Table()
	var valid [][]byte
	var validFrom []bzflag.Direction
	for _, v := range sample(bzflaggen.Message(), 300) {
		m := v.(bzflag.Message)
		b, _ := m.MarshalBinary()
		valid = append(valid, b)
		d := bzflag.FromServer
		if m.Form().From.Has(bzflag.FromClient) {
			d = bzflag.FromClient
		}
		validFrom = append(validFrom, d)
	}
	for len(frames) < n {
		var b []byte
		var d bzflag.Direction
		switch k := rng.Intn(4); k {
		case 0: // a form's code, a random body
			f := &t.Forms[rng.Intn(len(t.Forms))]
			body := make([]byte, rng.Intn(f.MaxSize-bzflag.HeaderLen+1))
			rng.Read(body)
			b = append([]byte{byte(len(body) >> 8), byte(len(body)), byte(f.Code >> 8), byte(f.Code)}, body...)
			d = f.From
			if d == wire.Both {
				d = bzflag.FromClient
			}
		case 1, 2: // a valid frame, one byte changed or the body cut
			i := rng.Intn(len(valid))
			b = append([]byte(nil), valid[i]...)
			d = validFrom[i]
			if k == 1 && len(b) > bzflag.HeaderLen {
				b[bzflag.HeaderLen+rng.Intn(len(b)-bzflag.HeaderLen)] ^= byte(1 + rng.Intn(255))
			} else if len(b) > bzflag.HeaderLen {
				b = b[:bzflag.HeaderLen+rng.Intn(len(b)-bzflag.HeaderLen)]
				b[0], b[1] = byte((len(b)-bzflag.HeaderLen)>>8), byte(len(b)-bzflag.HeaderLen)
			}
		default: // any code, any body
			body := make([]byte, rng.Intn(64))
			rng.Read(body)
			b = append([]byte{byte(len(body) >> 8), byte(len(body)), byte(rng.Intn(256)), byte(rng.Intn(256))}, body...)
			d = bzflag.FromClient + bzflag.Direction(rng.Intn(2))
		}
		frames = append(frames, b)
		from = append(from, d)
	}
	return frames, from
}

// TestErrorPathAllocs decodes thousands of random and mutated frames of
// every code, most of them malformed, through a wire.Decoder under each
// policy, through a wire.Stream frame by frame, and through a Stream
// reading them all as one byte stream, and counts the heap allocations
// exactly (over one run: an average over many would round a few down to
// zero): after a warm-up that creates the decoders' values, there must be
// none.
func TestErrorPathAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("allocation counts are not meaningful under the race detector")
	}
	frames, from := malformedFrames(20000, 1)
	var all []byte
	for _, b := range frames {
		all = append(all, b...)
	}
	decs := []*wire.Decoder{bzflag.NewDecoder(), bzflag.NewDecoder(), bzflag.NewDecoder()}
	decs[1].Policy, decs[2].Policy = wire.Strict, wire.Lax
	streams := [2]*wire.Stream{bzflag.NewStream(nil, bzflag.FromClient), bzflag.NewStream(nil, bzflag.FromServer)}
	whole := bzflag.NewStream(nil, bzflag.FromServer)
	r := bytes.NewReader(all)
	failed := 0
	run := func() {
		for i, b := range frames {
			for _, d := range decs {
				if _, _, err := d.Decode(b, from[i]); err != nil {
					failed++
				}
			}
			streams[from[i]-1].Decode(b)
		}
		r.Reset(all)
		whole.Reset(r)
		for {
			if _, err := whole.Next(); err == io.EOF {
				break
			} else if err != nil {
				failed++
			}
		}
	}
	run() // warm-up: every form's value exists, every buffer is allocated
	failed = 0
	// codectest.ExactAllocs counts whole passes exactly (nothing divided,
	// GOMAXPROCS 1), the least of up to three, so that an allocation of the
	// runtime's own in the background is not taken for ours.
	if n := codectest.ExactAllocs(run); n != 0 {
		t.Errorf("%d frames allocated %v times, want 0", len(frames), n)
	}
	failed /= 2 // ExactAllocs runs run at least twice: a warm-up and the pass counted
	if failed < len(frames) {
		t.Errorf("only %d failures in %d frames x 3 policies: the test does not exercise the error path", failed, len(frames))
	}
}

// BenchmarkMalformedStream feeds random malformed frames of every code
// through stream decoders on every core at once (b.RunParallel): the error
// path takes no lock and allocates nothing.
func BenchmarkMalformedStream(b *testing.B) {
	frames, from := malformedFrames(4096, 2)
	b.ReportAllocs()
	b.RunParallel(func(pb *testing.PB) {
		streams := [2]*wire.Stream{bzflag.NewStream(nil, bzflag.FromClient), bzflag.NewStream(nil, bzflag.FromServer)}
		i := 0
		for pb.Next() {
			streams[from[i]-1].Decode(frames[i])
			if i++; i == len(frames) {
				i = 0
			}
		}
	})
}
