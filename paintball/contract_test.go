package paintball_test

import (
	"testing"

	"github.com/gamewire/gamewire/fuzz/paintballgen"
	"github.com/gamewire/gamewire/internal/codectest"
	"github.com/gamewire/gamewire/paintball"
	"github.com/leanovate/gopter"
)

// contractTests runs the shared harness on every packet type, with the
// generator of any value that encodes and with the one of valid values.
var contractTests = []struct {
	name  string
	check func(t *testing.T, g gopter.Gen)
	any   gopter.Gen
	valid gopter.Gen
}{
	{"Login", func(t *testing.T, g gopter.Gen) { codectest.Check[paintball.Login](t, g) }, paintballgen.Login(), paintballgen.ValidLogin()},
	{"Update", func(t *testing.T, g gopter.Gen) { codectest.Check[paintball.Update](t, g) }, paintballgen.Update(), paintballgen.ValidUpdate()},
	{"PlayerUpdateRequest", func(t *testing.T, g gopter.Gen) { codectest.Check[paintball.PlayerUpdateRequest](t, g) },
		paintballgen.PlayerUpdateRequest(), paintballgen.ValidPlayerUpdateRequest()},
	{"ShootUpdateRequest", func(t *testing.T, g gopter.Gen) { codectest.Check[paintball.ShootUpdateRequest](t, g) },
		paintballgen.ShootUpdateRequest(), paintballgen.ValidShootUpdateRequest()},
	{"GameDumpRequest", func(t *testing.T, g gopter.Gen) { codectest.Check[paintball.GameDumpRequest](t, g) },
		paintballgen.GameDumpRequest(), paintballgen.GameDumpRequest()},
}

func TestContract(t *testing.T) {
	for _, tt := range contractTests {
		t.Run(tt.name, func(t *testing.T) {
			tt.check(t, tt.any)
			tt.check(t, tt.valid)
		})
	}
}

// TestContractCoversTable: every form of the table has a row above.
func TestContractCoversTable(t *testing.T) {
	rows := map[string]bool{}
	for _, tt := range contractTests {
		rows[tt.name] = true
	}
	for _, f := range paintball.Table().Forms {
		if !rows[f.Type] {
			t.Errorf("form %s (%s) has no contract test", f.Name, f.Type)
		}
	}
}
