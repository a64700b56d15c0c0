package tfighters_test

import (
	"testing"

	"github.com/gamewire/gamewire/fuzz/tfightersgen"
	"github.com/gamewire/gamewire/internal/codectest"
	"github.com/gamewire/gamewire/tfighters"
	"github.com/leanovate/gopter"
)

// contractTests runs the shared harness on every message type, with the
// generator of any value that encodes and with the one of valid values.
var contractTests = []struct {
	name  string
	check func(t *testing.T, g gopter.Gen)
	any   gopter.Gen
	valid gopter.Gen
}{
	{"Hi", func(t *testing.T, g gopter.Gen) { codectest.Check[tfighters.Hi](t, g) }, tfightersgen.Hi(), tfightersgen.ValidHi()},
	{"Motd", func(t *testing.T, g gopter.Gen) { codectest.Check[tfighters.Motd](t, g) }, tfightersgen.Motd(), tfightersgen.ValidMotd()},
	{"Ping", func(t *testing.T, g gopter.Gen) { codectest.Check[tfighters.Ping](t, g) }, tfightersgen.Ping(), tfightersgen.ValidPing()},
	{"Lag", func(t *testing.T, g gopter.Gen) { codectest.Check[tfighters.Lag](t, g) }, tfightersgen.Lag(), tfightersgen.ValidLag()},
	{"SpawnReady", func(t *testing.T, g gopter.Gen) { codectest.Check[tfighters.SpawnReady](t, g) }, tfightersgen.SpawnReady(), tfightersgen.ValidSpawnReady()},
	{"ServerAccel", func(t *testing.T, g gopter.Gen) { codectest.Check[tfighters.ServerAccel](t, g) }, tfightersgen.ServerAccel(), tfightersgen.ValidServerAccel()},
	{"ServerTurn", func(t *testing.T, g gopter.Gen) { codectest.Check[tfighters.ServerTurn](t, g) }, tfightersgen.ServerTurn(), tfightersgen.ValidServerTurn()},
	{"Invincible", func(t *testing.T, g gopter.Gen) { codectest.Check[tfighters.Invincible](t, g) }, tfightersgen.Invincible(), tfightersgen.ValidInvincible()},
	{"Hit", func(t *testing.T, g gopter.Gen) { codectest.Check[tfighters.Hit](t, g) }, tfightersgen.Hit(), tfightersgen.ValidHit()},
	{"ServerSay", func(t *testing.T, g gopter.Gen) { codectest.Check[tfighters.ServerSay](t, g) }, tfightersgen.ServerSay(), tfightersgen.ValidServerSay()},
	{"ServerTeamSay", func(t *testing.T, g gopter.Gen) { codectest.Check[tfighters.ServerTeamSay](t, g) }, tfightersgen.ServerTeamSay(), tfightersgen.ValidServerTeamSay()},
	{"NewUser", func(t *testing.T, g gopter.Gen) { codectest.Check[tfighters.NewUser](t, g) }, tfightersgen.NewUser(), tfightersgen.ValidNewUser()},
	{"DelObj", func(t *testing.T, g gopter.Gen) { codectest.Check[tfighters.DelObj](t, g) }, tfightersgen.DelObj(), tfightersgen.ValidDelObj()},
	{"Kill", func(t *testing.T, g gopter.Gen) { codectest.Check[tfighters.Kill](t, g) }, tfightersgen.Kill(), tfightersgen.ValidKill()},
	{"ServerNewBullet", func(t *testing.T, g gopter.Gen) { codectest.Check[tfighters.ServerNewBullet](t, g) }, tfightersgen.ServerNewBullet(), tfightersgen.ValidServerNewBullet()},
	{"ServerNick", func(t *testing.T, g gopter.Gen) { codectest.Check[tfighters.ServerNick](t, g) }, tfightersgen.ServerNick(), tfightersgen.ValidServerNick()},
	{"ServerSpawn", func(t *testing.T, g gopter.Gen) { codectest.Check[tfighters.ServerSpawn](t, g) }, tfightersgen.ServerSpawn(), tfightersgen.ValidServerSpawn()},
	{"Quit", func(t *testing.T, g gopter.Gen) { codectest.Check[tfighters.Quit](t, g) }, tfightersgen.Quit(), tfightersgen.ValidQuit()},
	{"Kick", func(t *testing.T, g gopter.Gen) { codectest.Check[tfighters.Kick](t, g) }, tfightersgen.Kick(), tfightersgen.ValidKick()},
	{"NickReply", func(t *testing.T, g gopter.Gen) { codectest.Check[tfighters.NickReply](t, g) }, tfightersgen.NickReply(), tfightersgen.ValidNickReply()},
	{"Version", func(t *testing.T, g gopter.Gen) { codectest.Check[tfighters.Version](t, g) }, tfightersgen.Version(), tfightersgen.ValidVersion()},
	{"Pass", func(t *testing.T, g gopter.Gen) { codectest.Check[tfighters.Pass](t, g) }, tfightersgen.Pass(), tfightersgen.ValidPass()},
	{"ClientNick", func(t *testing.T, g gopter.Gen) { codectest.Check[tfighters.ClientNick](t, g) }, tfightersgen.ClientNick(), tfightersgen.ValidClientNick()},
	{"Pong", func(t *testing.T, g gopter.Gen) { codectest.Check[tfighters.Pong](t, g) }, tfightersgen.Pong(), tfightersgen.ValidPong()},
	{"ClientSpawn", func(t *testing.T, g gopter.Gen) { codectest.Check[tfighters.ClientSpawn](t, g) }, tfightersgen.ClientSpawn(), tfightersgen.ValidClientSpawn()},
	{"ClientAccel", func(t *testing.T, g gopter.Gen) { codectest.Check[tfighters.ClientAccel](t, g) }, tfightersgen.ClientAccel(), tfightersgen.ValidClientAccel()},
	{"ClientTurn", func(t *testing.T, g gopter.Gen) { codectest.Check[tfighters.ClientTurn](t, g) }, tfightersgen.ClientTurn(), tfightersgen.ValidClientTurn()},
	{"ClientNewBullet", func(t *testing.T, g gopter.Gen) { codectest.Check[tfighters.ClientNewBullet](t, g) }, tfightersgen.ClientNewBullet(), tfightersgen.ValidClientNewBullet()},
	{"Cmd", func(t *testing.T, g gopter.Gen) { codectest.Check[tfighters.Cmd](t, g) }, tfightersgen.Cmd(), tfightersgen.ValidCmd()},
	{"ClientSay", func(t *testing.T, g gopter.Gen) { codectest.Check[tfighters.ClientSay](t, g) }, tfightersgen.ClientSay(), tfightersgen.ValidClientSay()},
	{"ClientTeamSay", func(t *testing.T, g gopter.Gen) { codectest.Check[tfighters.ClientTeamSay](t, g) }, tfightersgen.ClientTeamSay(), tfightersgen.ValidClientTeamSay()},
	{"Raw", func(t *testing.T, g gopter.Gen) { codectest.Check[tfighters.Raw](t, g) }, tfightersgen.Raw(), tfightersgen.Raw()},
}

func TestContract(t *testing.T) {
	for _, tt := range contractTests {
		t.Run(tt.name, func(t *testing.T) {
			tt.check(t, tt.any)
			tt.check(t, tt.valid)
		})
	}
}
