package retrotank_test

import (
	"math/rand/v2"
	"testing"
	"time"

	"github.com/gamewire/gamewire/retrotank"
	"github.com/gamewire/gamewire/wire"
)

// hot are the messages of a running game, the ones a peer decodes and
// encodes most.
func hot() []struct {
	name string
	m    retrotank.Message
	from wire.Direction
} {
	a := retrotank.Area{X: 1, Y: 2, Width: 3, Height: 4}
	return []struct {
		name string
		m    retrotank.Message
		from wire.Direction
	}{
		{"Ack4", &retrotank.Ack{Client: 1, IDs: []retrotank.MessageID{1, 2, 3, 4}}, retrotank.FromClient},
		{"PlayerUpdate64", &retrotank.PlayerUpdate{ID: 9, UpdateTime: 77, FirstPlayer: 1, Flags: retrotank.UpdateTank | retrotank.UpdateShell, Data: make([]byte, 64)}, retrotank.FromServer},
		{"PlayerSpawn", &retrotank.PlayerSpawn{ID: 3, Player: 1}, retrotank.FromClient},
		{"Score8", &retrotank.Score{ID: 4, Scores: make([]retrotank.PlayerScore, 8)}, retrotank.FromServer},
		{"GameStart", &retrotank.GameStart{ID: 5, StartTime: 1234}, retrotank.FromServer},
		{"Obstacle62", &retrotank.Obstacle{ID: 6, TotalMsgs: 3, Index: 1, Total: 62, Obstacles: areas(62, a)}, retrotank.FromServer},
		{"Spawn2x31", &retrotank.Spawn{ID: 7, TotalMsgs: 3, Index: 2, RedTotal: 31, BlueTotal: 31, Sets: []retrotank.AreaSet{{Areas: areas(31, a)}, {Team: retrotank.TeamBlue, Areas: areas(31, a)}}}, retrotank.FromServer},
	}
}

func BenchmarkDecode(b *testing.B) {
	for _, h := range hot() {
		data, _ := h.m.MarshalBinary()
		b.Run(h.name, func(b *testing.B) {
			d := retrotank.NewDecoder()
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				if _, _, err := d.Decode(data, h.from); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkAppend(b *testing.B) {
	for _, h := range hot() {
		b.Run(h.name, func(b *testing.B) {
			buf := make([]byte, 0, 600)
			b.SetBytes(int64(h.m.Size()))
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				buf, _ = h.m.AppendBinary(buf[:0])
			}
		})
	}
}

// BenchmarkDecodeMalformed feeds random malformed datagrams of every type
// through the decoder on every core: the error path allocates nothing and
// takes no lock.
func BenchmarkDecodeMalformed(b *testing.B) {
	dgs, _ := sampleDatagrams(b)
	rng := rand.New(rand.NewPCG(3, 3))
	junk := make([][]byte, 1024)
	for i := range junk {
		d := dgs[rng.IntN(len(dgs))]
		junk[i] = append([]byte(nil), d[:rng.IntN(len(d))]...)
	}
	b.ReportAllocs()
	b.RunParallel(func(pb *testing.PB) {
		d := retrotank.NewDecoder()
		i := 0
		for pb.Next() {
			d.Decode(junk[i%len(junk)], wire.FromServer)
			i++
		}
	})
}

// BenchmarkAckerRound: one message queued, sent, received, acknowledged
// and the acknowledgement received, between two Ackers.
func BenchmarkAckerRound(b *testing.B) {
	a := retrotank.NewAcker(retrotank.AckConfig{Window: 64})
	c := retrotank.NewAcker(retrotank.AckConfig{Window: 64})
	da, dc := retrotank.NewDecoder(), retrotank.NewDecoder()
	m := &retrotank.PlayerUpdate{Flags: retrotank.UpdateTank, Data: make([]byte, 32)}
	now := time.Unix(0, 0)
	buf := make([]byte, 0, 600)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		a.Queue(m, now)
		out, _, _ := a.Next(now, buf[:0])
		msg, _, _ := dc.Decode(out, wire.FromServer)
		c.Receive(msg, now)
		out, _, _ = c.Next(now, buf[:0])
		msg, _, _ = da.Decode(out, wire.FromClient)
		a.Receive(msg, now)
	}
	if a.InFlight() != 0 {
		b.Fatal("in flight")
	}
}

// BenchmarkBuildAssemble: a battlefield of 300 obstacles and 100 spawn
// areas a team, split into pages and assembled again.
func BenchmarkBuildAssemble(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 1))
	bf := &retrotank.Battlefield{Obstacles: randAreas(rng, 300), Spawns: retrotank.TeamAreas{Red: randAreas(rng, 100), Blue: randAreas(rng, 100)}}
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		pages, _ := retrotank.BuildPages(bf)
		var s retrotank.Assembler
		for _, p := range pages {
			s.Add(p)
		}
		if _, err := s.Battlefield(); err != nil {
			b.Fatal(err)
		}
	}
}
