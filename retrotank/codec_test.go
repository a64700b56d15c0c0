package retrotank_test

import (
	"testing"

	"github.com/gamewire/gamewire/fuzz/retrotankgen"
	"github.com/gamewire/gamewire/internal/codectest"
	"github.com/gamewire/gamewire/retrotank"
)

// TestCodecs runs the shared harness (internal/codectest) on every form of
// both tables: round trips both ways, prefixes, trailing bytes, reuse,
// allocations, mutated inputs.
func TestCodecs(t *testing.T) {
	n := codectest.Samples(150)
	if raceEnabled || testing.Short() {
		n = codectest.Samples(40)
	}
	t.Run("Ack", func(t *testing.T) { codectest.Check[retrotank.Ack](t, retrotankgen.Ack(), n) })
	t.Run("ConnReq", func(t *testing.T) { codectest.Check[retrotank.ConnReq](t, retrotankgen.ConnReq(), n) })
	t.Run("ConnDeny", func(t *testing.T) { codectest.Check[retrotank.ConnDeny](t, retrotankgen.ConnDeny(), n) })
	t.Run("ConnAccept", func(t *testing.T) { codectest.Check[retrotank.ConnAccept](t, retrotankgen.ConnAccept(), n) })
	t.Run("ConnDisconn", func(t *testing.T) { codectest.Check[retrotank.ConnDisconn](t, retrotankgen.ConnDisconn(), n) })
	t.Run("Option", func(t *testing.T) { codectest.Check[retrotank.Option](t, retrotankgen.Option(), n) })
	// OBSTACLE, SPAWN and GOAL read to the end of the datagram: a prefix
	// at an entry boundary is a message, and a trailing byte a partial entry.
	t.Run("Obstacle", func(t *testing.T) {
		codectest.Check[retrotank.Obstacle](t, retrotankgen.Obstacle(), n, codectest.TakesRest())
	})
	t.Run("Spawn", func(t *testing.T) {
		codectest.Check[retrotank.Spawn](t, retrotankgen.Spawn(), n, codectest.TakesRest())
	})
	t.Run("Goal", func(t *testing.T) { codectest.Check[retrotank.Goal](t, retrotankgen.Goal(), n, codectest.TakesRest()) })
	t.Run("GameStart", func(t *testing.T) { codectest.Check[retrotank.GameStart](t, retrotankgen.GameStart(), n) })
	t.Run("GameOver", func(t *testing.T) { codectest.Check[retrotank.GameOver](t, retrotankgen.GameOver(), n) })
	t.Run("Score", func(t *testing.T) { codectest.Check[retrotank.Score](t, retrotankgen.Score(), n) })
	t.Run("PlayerUpdate", func(t *testing.T) {
		codectest.Check[retrotank.PlayerUpdate](t, retrotankgen.PlayerUpdate(), n, codectest.TakesRest())
	})
	t.Run("PlayerSpawn", func(t *testing.T) { codectest.Check[retrotank.PlayerSpawn](t, retrotankgen.PlayerSpawn(), n) })
	t.Run("TimeRequest", func(t *testing.T) { codectest.Check[retrotank.TimeRequest](t, retrotankgen.TimeRequest(), n) })
	t.Run("TimeReply", func(t *testing.T) { codectest.Check[retrotank.TimeReply](t, retrotankgen.TimeReply(), n) })
}
