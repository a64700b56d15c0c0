package paintball_test

import (
	"math/rand"
	"testing"

	"github.com/gamewire/gamewire/internal/codectest"
	"github.com/gamewire/gamewire/internal/nettest"
	"github.com/gamewire/gamewire/paintball"
	"github.com/gamewire/gamewire/wire"
)

func BenchmarkAppend(b *testing.B) {
	for _, m := range hot {
		b.Run(m.Form().Name, func(b *testing.B) { codectest.BenchEncode(b, m) })
	}
}

func BenchmarkDecode(b *testing.B) {
	for _, m := range hot {
		b.Run(m.Form().Name, func(b *testing.B) {
			frame, _ := m.AppendBinary(nil)
			codectest.BenchDecode(b, paintball.Table().New(m.Form()), frame)
		})
	}
}

// BenchmarkStream reads a warm Stream of one of each packet a side
// sends, repeated for ever.
func BenchmarkStream(b *testing.B) {
	for _, from := range []wire.Direction{paintball.FromClient, paintball.FromServer} {
		b.Run(from.String(), func(b *testing.B) {
			data := traffic(b, from)
			s := paintball.NewStream(&nettest.Repeat{B: data}, from)
			b.ReportAllocs()
			b.SetBytes(int64(len(data)))
			for b.Loop() {
				for range len(hot) {
					if m, err := s.Next(); m == nil {
						b.Fatal(err)
					}
				}
			}
		})
	}
}

// BenchmarkMalformed feeds random malformed packets of every type through
// the Decoder on every core: the error path allocates nothing and takes
// no lock.
func BenchmarkMalformed(b *testing.B) {
	rng := rand.New(rand.NewSource(1))
	var frames [][]byte
	for _, m := range hot {
		f, _ := m.AppendBinary(nil)
		for range 16 {
			g := append([]byte(nil), f[:rng.Intn(len(f))]...) // cut short
			if rng.Intn(2) == 0 {
				g = append([]byte{'+'}, f[1:]...) // no marker
			}
			frames = append(frames, g)
		}
	}
	frames = append(frames, []byte("*\x00B"), []byte("*\x00F\x00\x01\x00"), []byte("*\x00F\x00\x04\xf0\x9f\x98\x80"))
	b.ReportAllocs()
	b.RunParallel(func(pb *testing.PB) {
		d := wire.NewDecoder(paintball.Table())
		i := 0
		for pb.Next() {
			if _, _, err := d.Decode(frames[i%len(frames)], paintball.FromServer); err == nil {
				b.Fatalf("%x decodes", frames[i%len(frames)])
			}
			i++
		}
	})
}

func BenchmarkMirrorApply(b *testing.B) {
	var mr paintball.Mirror
	u := *hot[0].(*paintball.Update)
	for i := range int32(64) {
		u.ObjectID = i
		mr.Apply(&u)
	}
	b.ReportAllocs()
	i := int32(0)
	for b.Loop() {
		u.ObjectID = i & 63
		mr.Apply(&u)
		i++
	}
}
