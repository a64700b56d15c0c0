package lwar_test

import (
	"testing"

	"github.com/gamewire/gamewire/fuzz/lwargen"
	"github.com/gamewire/gamewire/internal/codectest"
	"github.com/gamewire/gamewire/lwar"
)

// lists bounds the samples for the counted lists: a value may hold 255
// entries (2.8 kB), and the harness decodes every prefix of it.
var lists = codectest.Samples(samples(60))

// samples returns n, or a fifth of it under the race detector, which runs
// these loops ten times slower and looks for races, not for inputs (the
// package's tests hit the 10-minute limit with -race -count=3 otherwise).
func samples(n int) int {
	if raceEnabled {
		return max(n/5, 10)
	}
	return n
}

// TestContract runs the shared harness on every message type.
func TestContract(t *testing.T) {
	t.Run("Connect", func(t *testing.T) { codectest.Check[lwar.Connect](t, lwargen.Connect()) })
	t.Run("Disconnect", func(t *testing.T) { codectest.Check[lwar.Disconnect](t, lwargen.Disconnect()) })
	t.Run("Join", func(t *testing.T) { codectest.Check[lwar.Join](t, lwargen.Join()) })
	t.Run("Leave", func(t *testing.T) { codectest.Check[lwar.Leave](t, lwargen.Leave()) })
	t.Run("Chat", func(t *testing.T) { codectest.Check[lwar.Chat](t, lwargen.Chat()) })
	t.Run("Add", func(t *testing.T) { codectest.Check[lwar.Add](t, lwargen.Add()) })
	t.Run("Remove", func(t *testing.T) { codectest.Check[lwar.Remove](t, lwargen.Remove()) })
	t.Run("Selection", func(t *testing.T) { codectest.Check[lwar.Selection](t, lwargen.Selection()) })
	t.Run("Name", func(t *testing.T) { codectest.Check[lwar.Name](t, lwargen.Name()) })
	t.Run("Synced", func(t *testing.T) { codectest.Check[lwar.Synced](t, lwargen.Synced()) })
	t.Run("Stats", func(t *testing.T) { codectest.Check[lwar.Stats](t, lwargen.Stats(), lists) })
	t.Run("Input", func(t *testing.T) { codectest.Check[lwar.Input](t, lwargen.Input()) })
	t.Run("Full", func(t *testing.T) { codectest.Check[lwar.Full](t, lwargen.Full()) })
	t.Run("Collision", func(t *testing.T) { codectest.Check[lwar.Collision](t, lwargen.Collision()) })
	t.Run("Update", func(t *testing.T) { codectest.Check[lwar.Update](t, lwargen.Update(), lists) })
	t.Run("UpdatePos", func(t *testing.T) { codectest.Check[lwar.UpdatePos](t, lwargen.UpdatePos(), lists) })
	t.Run("UpdateRay", func(t *testing.T) { codectest.Check[lwar.UpdateRay](t, lwargen.UpdateRay(), lists) })
	t.Run("UpdateCircle", func(t *testing.T) { codectest.Check[lwar.UpdateCircle](t, lwargen.UpdateCircle(), lists) })
	t.Run("Header", func(t *testing.T) {
		codectest.Check[lwar.Header](t, lwargen.Header())
	})
}
