package lwar_test

import (
	"math/rand"
	"testing"
	"time"

	"github.com/gamewire/gamewire/internal/codectest"
	"github.com/gamewire/gamewire/lwar"
	"github.com/gamewire/gamewire/wire"
)

// malformed returns n datagrams for the error paths, drawn with a fixed
// seed: random bytes, random bytes after a good packet header, good
// packets with flipped bytes, cut short, with any type byte spliced in,
// and grown past 512 and past HardMaxPacketSize bytes.
func malformed(t testing.TB, n int) [][]byte {
	hdr := codectest.Hex(t, "f27087c5 00000003 000003e8")
	var seeds [][]byte
	for _, g := range golden {
		seeds = append(seeds, append(append([]byte{}, hdr...), codectest.Hex(t, g.hex)...))
	}
	for _, d := range realTraffic {
		seeds = append(seeds, codectest.Hex(t, d.hex))
	}
	pkt, _ := benchPacket(t)
	big, _ := oversizePacket(t)
	seeds = append(seeds, pkt, big)

	rng := rand.New(rand.NewSource(10))
	random := func(k int) []byte {
		b := make([]byte, k)
		rng.Read(b)
		return b
	}
	out := make([][]byte, 0, n)
	for i := 0; len(out) < n; i++ {
		s := seeds[rng.Intn(len(seeds))]
		var b []byte
		switch i % 6 {
		case 0:
			b = random(rng.Intn(900))
		case 1:
			b = append(append([]byte{}, hdr...), random(rng.Intn(800))...)
		case 2:
			b = append([]byte{}, s...)
			for k := rng.Intn(4); k >= 0; k-- {
				b[rng.Intn(len(b))] ^= byte(1 + rng.Intn(255))
			}
		case 3:
			b = append([]byte{}, s[:rng.Intn(len(s))]...)
		case 4:
			cut := lwar.HeaderSize + rng.Intn(len(s)-lwar.HeaderSize+1)
			b = append(append(append([]byte{}, s[:cut]...), byte(rng.Intn(256))), random(rng.Intn(16))...)
		case 5:
			b = append(append([]byte{}, s...), random(max(0, lwar.MaxPacketSize-len(s)+1)+rng.Intn(400))...)
		}
		out = append(out, b)
	}
	return out
}

// errorKinds counts decode outcomes by sentinel, without errors.Is (a
// type assertion, so that counting allocates nothing either).
type errorKinds struct{ ok, short, invalid, unknown, tooLong, other int }

func (k *errorKinds) add(err error) {
	e, _ := err.(*wire.Error)
	switch {
	case err == nil:
		k.ok++
	case e == nil:
		k.other++
	case e.Err == wire.ErrShort:
		k.short++
	case e.Err == wire.ErrInvalid:
		k.invalid++
	case e.Err == wire.ErrUnknownCode:
		k.unknown++
	case e.Err == wire.ErrTooLong:
		k.tooLong++
	default:
		k.other++
	}
}

// TestErrorPathAllocs parses 30,000 random and mutated datagrams through
// the Iterator (every policy and direction), Validate, the Header, the
// Channel's receive path (Receive and Admit) and a wire.Decoder over the
// table, and counts the allocations of the whole pass exactly: there must
// be none (issue 10, point 7; the interned error table of old cost 0.02
// allocations per random datagram).
func TestErrorPathAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("allocation counts are not meaningful under the race detector")
	}
	inputs := malformed(t, samples(30000))
	its := []lwar.Iterator{
		{Policy: wire.Checked},
		{Policy: wire.Lax, From: lwar.FromServer},
		{Policy: wire.Strict, From: lwar.FromClient},
	}
	now := time.Unix(1370350283, 0)
	ch := lwar.NewChannel(lwar.ChannelConfig{}, now)
	decs := []*wire.Decoder{wire.NewDecoder(lwar.Table()), wire.NewDecoder(lwar.Table())}
	decs[1].Policy = wire.Strict
	var h lwar.Header
	var walk, valid, recv, decoded errorKinds
	run := func() {
		for i, b := range inputs {
			it := &its[i%len(its)]
			if err := it.Reset(b); err != nil {
				walk.add(err)
			} else {
				for it.Next() {
					valid.add(it.Message().Validate())
				}
				walk.add(it.Err())
			}
			msgs, err := ch.Receive(b, now)
			recv.add(err)
			if msgs != nil && it.Reset(b) == nil {
				for it.Next() {
					ch.Admit(it.Bytes())
				}
			}
			h.Decode(b)
			if len(b) > lwar.HeaderSize {
				_, _, err := decs[i/2%2].Decode(b[lwar.HeaderSize:], wire.Direction(1+i%2))
				decoded.add(err)
			}
		}
	}
	// AllocsPerRun with one run warms up once (values per form, list
	// capacities), then counts the mallocs of one whole pass exactly,
	// with GOMAXPROCS at 1: nothing is divided, nothing rounds down.
	if n := testing.AllocsPerRun(1, run); n != 0 {
		t.Errorf("%v allocations over %d datagrams, want 0", n, len(inputs))
	}
	// The inputs reach every error path, and some decode.
	t.Logf("walks %+v; Validate %+v; Receive %+v; wire.Decoder %+v", walk, valid, recv, decoded)
	for name, k := range map[string]errorKinds{"walk": walk, "decoder": decoded} {
		if k.ok == 0 || k.short == 0 || k.invalid == 0 || k.unknown == 0 || k.other != 0 {
			t.Errorf("%s: outcomes %+v: the inputs miss an error path", name, k)
		}
	}
	if walk.tooLong == 0 || recv.tooLong == 0 || valid.invalid+valid.tooLong == 0 {
		t.Errorf("outcomes: walks %+v, Receive %+v, Validate %+v", walk, recv, valid)
	}
}

// BenchmarkMalformedParallel feeds the malformed datagrams through an
// Iterator per goroutine: errors take no lock and allocate nothing, so
// this scales with the cores.
func BenchmarkMalformedParallel(b *testing.B) {
	inputs := malformed(b, 4096)
	b.ReportAllocs()
	b.RunParallel(func(pb *testing.PB) {
		var it lwar.Iterator
		i := 0
		for pb.Next() {
			if it.Reset(inputs[i%len(inputs)]) == nil {
				for it.Next() {
				}
			}
			i++
		}
	})
}
