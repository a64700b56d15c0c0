package world_test

import (
	"testing"

	"github.com/gamewire/gamewire/bzflag/world"
	"github.com/gamewire/gamewire/internal/codectest"
)

// benchWorld is a database the size of a typical bzfs 1.7 random map:
// 4 bases, 4 walls, 40 boxes, 20 pyramids, 8 teleporters with 16 links.
func benchWorld() *world.World {
	w := &world.World{Style: goldenStyle}
	for range 4 {
		w.Bases = append(w.Bases, goldenBase)
		w.Walls = append(w.Walls, goldenWall)
	}
	for range 40 {
		w.Boxes = append(w.Boxes, goldenBox)
	}
	for range 20 {
		w.Pyramids = append(w.Pyramids, goldenPyr)
	}
	for i := range 8 {
		w.Teleporters = append(w.Teleporters, goldenTele)
		w.Links = append(w.Links, world.Link{From: uint16(2 * i), To: uint16(2*i + 1)}, world.Link{From: uint16(2*i + 1), To: uint16(2 * i)})
	}
	w.SetOrder()
	return w
}

func BenchmarkWorldDecode(b *testing.B) {
	db, _ := benchWorld().MarshalBinary()
	codectest.BenchDecode(b, new(world.World), db)
}

func BenchmarkWorldEncode(b *testing.B) {
	codectest.BenchEncode(b, benchWorld())
}

func BenchmarkDownload(b *testing.B) {
	db, _ := benchWorld().MarshalBinary()
	c, _ := world.NewChunker(db, 256)
	var a world.Assembler
	b.ReportAllocs()
	b.SetBytes(int64(len(db)))
	for b.Loop() {
		if err := fetchAll(&a, c); err != nil {
			b.Fatal(err)
		}
	}
}
