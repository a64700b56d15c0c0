package world_test

import (
	"testing"

	"github.com/gamewire/gamewire/bzflag/world"
	"github.com/gamewire/gamewire/fuzz/bzflaggen"
	"github.com/gamewire/gamewire/internal/codectest"
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
	codectest.Check[world.World](t, bzflaggen.World(), codectest.Samples(100))
}

func TestValidWorld(t *testing.T) {
	codectest.Check[world.World](t, bzflaggen.ValidWorld(), codectest.Samples(50))
}
