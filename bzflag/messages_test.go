package bzflag_test

import (
	"reflect"
	"testing"

	"github.com/gamewire/gamewire/bzflag"
	"github.com/gamewire/gamewire/fuzz/bzflaggen"
	"github.com/gamewire/gamewire/internal/codectest"
)

// TestMessages runs the shared harness on every message type, with the
// structural generators (rules broken at times) and the valid ones.
func TestMessages(t *testing.T) {
	tests := []struct {
		name string
		run  func(t *testing.T)
	}{
		{"Enter", func(t *testing.T) { codectest.Check[bzflag.Enter](t, bzflaggen.Enter()) }},
		{"Accept", func(t *testing.T) { codectest.Check[bzflag.Accept](t, bzflaggen.Accept(), codectest.Samples(5)) }},
		{"Reject", func(t *testing.T) { codectest.Check[bzflag.Reject](t, bzflaggen.Reject()) }},
		{"SuperKill", func(t *testing.T) { codectest.Check[bzflag.SuperKill](t, bzflaggen.SuperKill(), codectest.Samples(5)) }},
		{"GetWorldRequest", func(t *testing.T) { codectest.Check[bzflag.GetWorldRequest](t, bzflaggen.GetWorldRequest()) }},
		{"GetWorldReply", func(t *testing.T) {
			codectest.Check[bzflag.GetWorldReply](t, bzflaggen.GetWorldReply(), codectest.Samples(60))
		}},
		{"AddPlayer", func(t *testing.T) { codectest.Check[bzflag.AddPlayer](t, bzflaggen.AddPlayer()) }},
		{"RemovePlayer", func(t *testing.T) { codectest.Check[bzflag.RemovePlayer](t, bzflaggen.RemovePlayer()) }},
		{"FlagUpdate", func(t *testing.T) { codectest.Check[bzflag.FlagUpdate](t, bzflaggen.FlagUpdate()) }},
		{"TeamUpdate", func(t *testing.T) { codectest.Check[bzflag.TeamUpdate](t, bzflaggen.TeamUpdate()) }},
		{"AliveFromClient", func(t *testing.T) { codectest.Check[bzflag.AliveFromClient](t, bzflaggen.AliveFromClient()) }},
		{"AliveFromServer", func(t *testing.T) { codectest.Check[bzflag.AliveFromServer](t, bzflaggen.AliveFromServer()) }},
		{"PlayerUpdate", func(t *testing.T) { codectest.Check[bzflag.PlayerUpdate](t, bzflaggen.PlayerUpdate()) }},
		{"ShotBegin", func(t *testing.T) { codectest.Check[bzflag.ShotBegin](t, bzflaggen.ShotBegin()) }},
		{"MessageFromClient", func(t *testing.T) { codectest.Check[bzflag.MessageFromClient](t, bzflaggen.MessageFromClient()) }},
		{"MessageFromServer", func(t *testing.T) { codectest.Check[bzflag.MessageFromServer](t, bzflaggen.MessageFromServer()) }},
		{"Exit", func(t *testing.T) { codectest.Check[bzflag.Exit](t, bzflaggen.Exit(), codectest.Samples(5)) }},
		{"TimeLeft", func(t *testing.T) { codectest.Check[bzflag.TimeLeft](t, bzflaggen.TimeLeft()) }},
		{"ScoreOver", func(t *testing.T) { codectest.Check[bzflag.ScoreOver](t, bzflaggen.ScoreOver()) }},
		{"SetTTL", func(t *testing.T) { codectest.Check[bzflag.SetTTL](t, bzflaggen.SetTTL()) }},
		{"NetworkRelay", func(t *testing.T) {
			codectest.Check[bzflag.NetworkRelay](t, bzflaggen.NetworkRelay(), codectest.Samples(5))
		}},
		{"KilledFromClient", func(t *testing.T) { codectest.Check[bzflag.KilledFromClient](t, bzflaggen.KilledFromClient()) }},
		{"KilledFromServer", func(t *testing.T) { codectest.Check[bzflag.KilledFromServer](t, bzflaggen.KilledFromServer()) }},
		{"GrabFlagFromClient", func(t *testing.T) { codectest.Check[bzflag.GrabFlagFromClient](t, bzflaggen.GrabFlagFromClient()) }},
		{"GrabFlagFromServer", func(t *testing.T) { codectest.Check[bzflag.GrabFlagFromServer](t, bzflaggen.GrabFlagFromServer()) }},
		{"DropFlagFromClient", func(t *testing.T) { codectest.Check[bzflag.DropFlagFromClient](t, bzflaggen.DropFlagFromClient()) }},
		{"DropFlagFromServer", func(t *testing.T) { codectest.Check[bzflag.DropFlagFromServer](t, bzflaggen.DropFlagFromServer()) }},
		{"CaptureFlagFromClient", func(t *testing.T) {
			codectest.Check[bzflag.CaptureFlagFromClient](t, bzflaggen.CaptureFlagFromClient())
		}},
		{"CaptureFlagFromServer", func(t *testing.T) {
			codectest.Check[bzflag.CaptureFlagFromServer](t, bzflaggen.CaptureFlagFromServer())
		}},
		{"ShotEnd", func(t *testing.T) { codectest.Check[bzflag.ShotEnd](t, bzflaggen.ShotEnd()) }},
		{"ScoreFromClient", func(t *testing.T) { codectest.Check[bzflag.ScoreFromClient](t, bzflaggen.ScoreFromClient()) }},
		{"ScoreFromServer", func(t *testing.T) { codectest.Check[bzflag.ScoreFromServer](t, bzflaggen.ScoreFromServer()) }},
		{"TeleportFromClient", func(t *testing.T) { codectest.Check[bzflag.TeleportFromClient](t, bzflaggen.TeleportFromClient()) }},
		{"TeleportFromServer", func(t *testing.T) { codectest.Check[bzflag.TeleportFromServer](t, bzflaggen.TeleportFromServer()) }},
		{"GMUpdate", func(t *testing.T) { codectest.Check[bzflag.GMUpdate](t, bzflaggen.GMUpdate()) }},
		{"LagPing", func(t *testing.T) { codectest.Check[bzflag.LagPing](t, bzflaggen.LagPing()) }},
		{"IDAck", func(t *testing.T) { codectest.Check[bzflag.IDAck](t, bzflaggen.IDAck(), codectest.Samples(5)) }},
		{"ClientVersion", func(t *testing.T) { codectest.Check[bzflag.ClientVersion](t, bzflaggen.ClientVersion()) }},
		{"UDPLinkRequest", func(t *testing.T) { codectest.Check[bzflag.UDPLinkRequest](t, bzflaggen.UDPLinkRequest()) }},
		{"UDPLinkEstablished", func(t *testing.T) { codectest.Check[bzflag.UDPLinkEstablished](t, bzflaggen.UDPLinkEstablished()) }},
		{"WantWHashRequest", func(t *testing.T) {
			codectest.Check[bzflag.WantWHashRequest](t, bzflaggen.WantWHashRequest(), codectest.Samples(5))
		}},
		{"WantWHashReply", func(t *testing.T) {
			codectest.Check[bzflag.WantWHashReply](t, bzflaggen.WantWHashReply(), codectest.Samples(60))
		}},
		{"QueryGameRequest", func(t *testing.T) {
			codectest.Check[bzflag.QueryGameRequest](t, bzflaggen.QueryGameRequest(), codectest.Samples(5))
		}},
		{"QueryGameReply", func(t *testing.T) { codectest.Check[bzflag.QueryGameReply](t, bzflaggen.QueryGameReply()) }},
		{"QueryPlayersRequest", func(t *testing.T) {
			codectest.Check[bzflag.QueryPlayersRequest](t, bzflaggen.QueryPlayersRequest(), codectest.Samples(5))
		}},
		{"QueryPlayersReply", func(t *testing.T) { codectest.Check[bzflag.QueryPlayersReply](t, bzflaggen.QueryPlayersReply()) }},
		{"AcquireRadioFromClient", func(t *testing.T) {
			codectest.Check[bzflag.AcquireRadioFromClient](t, bzflaggen.AcquireRadioFromClient())
		}},
		{"AcquireRadioFromServer", func(t *testing.T) {
			codectest.Check[bzflag.AcquireRadioFromServer](t, bzflaggen.AcquireRadioFromServer())
		}},
		{"ReleaseRadioFromClient", func(t *testing.T) {
			codectest.Check[bzflag.ReleaseRadioFromClient](t, bzflaggen.ReleaseRadioFromClient(), codectest.Samples(5))
		}},
		{"ReleaseRadioFromServer", func(t *testing.T) {
			codectest.Check[bzflag.ReleaseRadioFromServer](t, bzflaggen.ReleaseRadioFromServer())
		}},
	}
	names := map[string]bool{}
	for _, tt := range tests {
		names[tt.name] = true
		t.Run(tt.name, tt.run)
	}
	// A form added to the package must be added here too.
	for _, l := range bzflag.Table().Forms {
		if !names[l.Type] {
			t.Errorf("%s (%s) does not go through codectest.Check", l.Type, l.Name)
		}
	}
}

// TestGeneratorsCoverEveryForm checks that bzflaggen.Message yields every
// message form, so the fuzz seeds and the dispatch tests drawn from it
// cover them all.
func TestGeneratorsCoverEveryForm(t *testing.T) {
	seen := map[string]bool{}
	for _, v := range sample(bzflaggen.Message(), 2000) {
		seen[reflect.TypeOf(v).Elem().Name()] = true
	}
	for _, l := range bzflag.Table().Forms {
		if !seen[l.Type] {
			t.Errorf("bzflaggen.Message yields no %s", l.Type)
		}
	}
}
