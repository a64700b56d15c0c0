package world_test

import (
	"testing"

	"github.com/gamewire/gamewire/bzflag/world"
	"github.com/gamewire/gamewire/fuzz/bzflaggen"
	"github.com/gamewire/gamewire/internal/codectest"
	"github.com/leanovate/gopter"
)

func TestBlocks(t *testing.T) {
	t.Run("Style", func(t *testing.T) { codectest.Check[world.Style](t, bzflaggen.WorldStyle()) })
	t.Run("Base", func(t *testing.T) { codectest.Check[world.Base](t, bzflaggen.WorldBase()) })
	t.Run("Wall", func(t *testing.T) { codectest.Check[world.Wall](t, bzflaggen.WorldWall()) })
	t.Run("Box", func(t *testing.T) { codectest.Check[world.Box](t, bzflaggen.WorldBox()) })
	t.Run("Pyramid", func(t *testing.T) { codectest.Check[world.Pyramid](t, bzflaggen.WorldPyramid()) })
	t.Run("Teleporter", func(t *testing.T) { codectest.Check[world.Teleporter](t, bzflaggen.WorldTeleporter()) })
	t.Run("Link", func(t *testing.T) { codectest.Check[world.Link](t, bzflaggen.WorldLink()) })
	t.Run("End", func(t *testing.T) { codectest.Check[world.End](t, bzflaggen.WorldEnd()) })
}

func TestWorld(t *testing.T) {
	codectest.Check[world.World](t, bzflaggen.World(), codectest.Samples(100), codectest.CmpOptions(ignoreErr))
}

func TestValidWorld(t *testing.T) {
	codectest.Check[world.World](t, bzflaggen.ValidWorld(), codectest.Samples(50), codectest.CmpOptions(ignoreErr))
}

// TestWorldGenerators checks that ValidWorld yields only worlds that pass
// Validate, and World, which breaks the rules at times, some that do not.
func TestWorldGenerators(t *testing.T) {
	params := gopter.DefaultGenParameters()
	params.Rng.Seed(3)
	invalid := 0
	for range 100 {
		if v, ok := bzflaggen.ValidWorld()(params).Retrieve(); ok {
			if err := v.(*world.World).Validate(); err != nil {
				t.Fatalf("ValidWorld gave a world that fails Validate: %v", err)
			}
		}
		if v, ok := bzflaggen.World()(params).Retrieve(); ok && v.(*world.World).Validate() != nil {
			invalid++
		}
	}
	if invalid == 0 {
		t.Error("World gave no world that breaks a rule in 100 draws")
	}
}
