package tfighters_test

import (
	"testing"

	"github.com/gamewire/gamewire/fuzz/tfightersgen"
	"github.com/gamewire/gamewire/internal/codectest"
	"github.com/gamewire/gamewire/tfighters"
	"github.com/gamewire/gamewire/wire/spec"
	"github.com/leanovate/gopter"
)

// contract is the shared harness run on one message type, and the form
// of that type (its Form method's).
type contract struct {
	form  *spec.Form
	check func(t *testing.T, g gopter.Gen)
}

// contractOf is the contract of the Go type T.
func contractOf[T any, P interface {
	*T
	tfighters.Message
}]() contract {
	return contract{
		form: P(new(T)).Form(),
		check: func(t *testing.T, g gopter.Gen) {
			t.Helper()
			codectest.Check[T, P](t, g)
		},
	}
}

// contracts holds the harness of every message type; TestContract finds
// each form's by the form, and fails for a form that has none.
var contracts = []contract{
	contractOf[tfighters.Version](), contractOf[tfighters.Pass](),
	contractOf[tfighters.ClientNick](), contractOf[tfighters.ServerNick](),
	contractOf[tfighters.Pong](), contractOf[tfighters.ClientSpawn](),
	contractOf[tfighters.ServerSpawn](), contractOf[tfighters.ClientAccel](),
	contractOf[tfighters.ServerAccel](), contractOf[tfighters.ClientTurn](),
	contractOf[tfighters.ServerTurn](), contractOf[tfighters.ClientNewBullet](),
	contractOf[tfighters.ServerNewBullet](), contractOf[tfighters.Cmd](),
	contractOf[tfighters.ClientSay](), contractOf[tfighters.ServerSay](),
	contractOf[tfighters.ClientTeamSay](), contractOf[tfighters.ServerTeamSay](),
	contractOf[tfighters.Hi](), contractOf[tfighters.Motd](), contractOf[tfighters.Lag](),
	contractOf[tfighters.SpawnReady](), contractOf[tfighters.Invincible](),
	contractOf[tfighters.Hit](), contractOf[tfighters.NewUser](), contractOf[tfighters.DelObj](),
	contractOf[tfighters.Kill](), contractOf[tfighters.Quit](), contractOf[tfighters.Kick](),
	contractOf[tfighters.NickReply](), contractOf[tfighters.Ping](),
}

// TestContract runs the shared harness (internal/codectest) on the Go type
// of every form of the table, with the generator of any value that
// encodes and with the one of valid values (fuzz/tfightersgen).
func TestContract(t *testing.T) {
	tab := tfighters.Table()
	for i := range tab.Forms {
		f := &tab.Forms[i]
		t.Run(f.Type, func(t *testing.T) {
			anyValue, valid := tfightersgen.ForForm(f, false), tfightersgen.ForForm(f, true)
			if anyValue == nil || valid == nil {
				t.Fatalf("%s (%s) has no generator in fuzz/tfightersgen", f.Name, f.Type)
			}
			for _, c := range contracts {
				if c.form == f {
					c.check(t, anyValue)
					c.check(t, valid)
					return
				}
			}
			t.Errorf("%s (%s) has no entry in contracts", f.Name, f.Type)
		})
	}
}
