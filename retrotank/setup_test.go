package retrotank_test

import (
	"errors"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/gamewire/gamewire/retrotank"
	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

func randAreas(rng *rand.Rand, n int) []retrotank.Area {
	a := make([]retrotank.Area, n)
	for i := range a {
		a[i] = retrotank.Area{X: uint16(rng.Uint32()), Y: uint16(rng.Uint32()), Width: uint16(rng.Uint32()), Height: uint16(rng.Uint32())}
	}
	return a
}

// randCount returns a count up to max, often at the page boundaries.
func randCount(rng *rand.Rand, max int) int {
	switch rng.IntN(4) {
	case 0:
		return rng.IntN(3)
	case 1:
		k := 62 * (1 + rng.IntN(4))
		return min(max, k-1+rng.IntN(3))
	case 2:
		return max - rng.IntN(2)
	}
	return rng.IntN(max + 1)
}

func randBattlefield(rng *rand.Rand) *retrotank.Battlefield {
	nObs := randCount(rng, 400)
	if rng.IntN(400) == 0 {
		nObs = retrotank.MaxObstacles - rng.IntN(10)
	}
	return &retrotank.Battlefield{
		Flags: uint8(rng.Uint32()), Duration: rng.Uint32(), RedScore: uint16(rng.Uint32()), BlueScore: uint16(rng.Uint32()),
		WinScore: uint16(rng.Uint32()), Width: uint16(rng.Uint32()), Height: uint16(rng.Uint32()),
		Obstacles: randAreas(rng, nObs),
		Spawns:    retrotank.TeamAreas{Red: randAreas(rng, randCount(rng, 255)), Blue: randAreas(rng, randCount(rng, 255))},
		Goals:     retrotank.TeamAreas{Red: randAreas(rng, randCount(rng, 255)), Blue: randAreas(rng, randCount(rng, 255))},
	}
}

// TestSetupRoundTrip: any battlefield within the limits survives build,
// encode, decode, shuffle with duplicates, and assembly; every page passes
// Validate and fits MaxDatagram.
func TestSetupRoundTrip(t *testing.T) {
	n := 2000
	if raceEnabled || testing.Short() {
		n = 200
	}
	dec := retrotank.NewDecoder()
	for seed := 0; seed < n; seed++ {
		rng := rand.New(rand.NewPCG(uint64(seed), 7))
		bf := randBattlefield(rng)
		pages, err := retrotank.BuildPages(bf)
		if err != nil {
			t.Fatalf("seed %d: BuildPages: %v", seed, err)
		}
		var wire [][]byte
		for i, p := range pages {
			p.SetMessageID(retrotank.MessageID(1000 + i))
			if err := p.Validate(); err != nil {
				t.Fatalf("seed %d: page %d: %v", seed, i, err)
			}
			b, err := p.MarshalBinary()
			if err != nil || len(b) > 509 {
				t.Fatalf("seed %d: page %d: %d bytes, %v", seed, i, len(b), err)
			}
			wire = append(wire, b)
			if rng.IntN(5) == 0 { // a resend
				wire = append(wire, b)
			}
		}
		rng.Shuffle(len(wire), func(i, j int) { wire[i], wire[j] = wire[j], wire[i] })
		var asm retrotank.Assembler
		for _, b := range wire {
			if asm.Done() {
				if _, err := asm.Battlefield(); err != nil {
					t.Fatalf("seed %d: done but %v", seed, err)
				}
			}
			m, _, err := dec.Decode(b, retrotank.FromServer)
			if err != nil {
				t.Fatalf("seed %d: decode: %v", seed, err)
			}
			if err := asm.Add(m); err != nil {
				t.Fatalf("seed %d: Add: %v", seed, err)
			}
		}
		got, err := asm.Battlefield()
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		if equalBattlefield(bf, got) {
			continue
		}
		if d := cmp.Diff(bf, got, cmpopts.EquateEmpty()); d != "" {
			t.Fatalf("seed %d: battlefield differs (-built +assembled):\n%s", seed, d)
		}
	}
}

// TestAssemblerRefuses: missing, contradictory and conflicting pages.
func TestAssemblerRefuses(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	bf := &retrotank.Battlefield{Width: 800, Height: 600, Obstacles: randAreas(rng, 130),
		Spawns: retrotank.TeamAreas{Red: randAreas(rng, 40), Blue: randAreas(rng, 40)}, Goals: retrotank.TeamAreas{Red: randAreas(rng, 1)}}
	build := func() []retrotank.Acked {
		p, err := retrotank.BuildPages(bf)
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	pages := build()
	if len(pages) != 1+3+2+1 {
		t.Fatalf("%d pages, want 7", len(pages))
	}
	t.Run("missing", func(t *testing.T) {
		var a retrotank.Assembler
		for i, p := range pages {
			if i != 2 && i != 5 {
				if err := a.Add(p); err != nil {
					t.Fatal(err)
				}
			}
		}
		if a.Done() {
			t.Error("Done with pages missing")
		}
		if m := a.Missing(nil); !slices.Equal(m, []uint16{2, 5}) {
			t.Errorf("Missing = %v, want [2 5]", m)
		}
		if _, err := a.Battlefield(); !errors.Is(err, retrotank.ErrIncomplete) {
			t.Errorf("Battlefield: %v", err)
		}
	})
	cases := []struct {
		name   string
		mutate func(p []retrotank.Acked) retrotank.Message
	}{
		{"other totalMsgs", edited(1, func(o *retrotank.Obstacle) { o.TotalMsgs++ })},
		{"same index, other page", edited(1, func(o *retrotank.Obstacle) { o.Index = 2 })},
		{"other obstacle total", edited(3, func(o *retrotank.Obstacle) {
			o.Total = 7 + 124
			o.Obstacles = append(o.Obstacles, retrotank.Area{})
		})},
		{"other spawn total", edited(5, func(s *retrotank.Spawn) { s.RedTotal = 41 })},
		{"other option", edited(0, func(o *retrotank.Option) { o.Width = 1 })},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			pages := build()
			var a retrotank.Assembler
			for _, p := range pages {
				if err := a.Add(p); err != nil {
					t.Fatal(err)
				}
			}
			if err := a.Add(c.mutate(pages)); !errors.Is(err, retrotank.ErrPageConflict) {
				t.Errorf("Add = %v, want ErrPageConflict", err)
			}
		})
	}
	t.Run("rule broken", func(t *testing.T) {
		var a retrotank.Assembler
		o := *pages[1].(*retrotank.Obstacle)
		o.First = 1
		if err := a.Add(&o); err == nil {
			t.Error("first not a multiple of 62 accepted")
		}
	})
	t.Run("too many", func(t *testing.T) {
		if _, err := retrotank.BuildPages(&retrotank.Battlefield{Goals: retrotank.TeamAreas{Blue: make([]retrotank.Area, 256)}}); !errors.Is(err, retrotank.ErrTooMany) {
			t.Errorf("256 goal areas: %v", err)
		}
	})
	t.Run("empty battlefield", func(t *testing.T) {
		p, err := retrotank.BuildPages(&retrotank.Battlefield{})
		if err != nil || len(p) != 1 {
			t.Fatalf("%d pages, %v", len(p), err)
		}
		var a retrotank.Assembler
		if err := a.Add(p[0]); err != nil || !a.Done() {
			t.Fatalf("%v, done %v", err, a.Done())
		}
	})
}

// edited returns a function that returns a copy of page i of its pages,
// changed by edit.
func edited[T any, P interface {
	*T
	retrotank.Message
}](i int, edit func(P)) func(p []retrotank.Acked) retrotank.Message {
	return func(p []retrotank.Acked) retrotank.Message {
		v := *p[i].(P)
		edit(&v)
		return P(&v)
	}
}

func equalBattlefield(a, b *retrotank.Battlefield) bool {
	return a.Flags == b.Flags && a.Duration == b.Duration && a.RedScore == b.RedScore && a.BlueScore == b.BlueScore &&
		a.WinScore == b.WinScore && a.Width == b.Width && a.Height == b.Height && slices.Equal(a.Obstacles, b.Obstacles) &&
		slices.Equal(a.Spawns.Red, b.Spawns.Red) && slices.Equal(a.Spawns.Blue, b.Spawns.Blue) &&
		slices.Equal(a.Goals.Red, b.Goals.Red) && slices.Equal(a.Goals.Blue, b.Goals.Blue)
}
