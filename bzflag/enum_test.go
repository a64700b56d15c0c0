package bzflag_test

import (
	"encoding"
	"encoding/json"
	"fmt"
	"testing"

	"github.com/gamewire/gamewire/bzflag"
)

// TestEnumValues pins the numbers taken from BZFlag 1.7's source
// (include/global.h, include/Flag.h, include/PlayerState.h,
// include/Protocol.h at v1.7g2; see docs/errata/bzflag.md).
func TestEnumValues(t *testing.T) {
	tests := []struct {
		name      string
		got, want int
	}{
		{"NoTeam", int(bzflag.NoTeam), -1}, {"RogueTeam", int(bzflag.RogueTeam), 0},
		{"RedTeam", int(bzflag.RedTeam), 1}, {"GreenTeam", int(bzflag.GreenTeam), 2},
		{"BlueTeam", int(bzflag.BlueTeam), 3}, {"PurpleTeam", int(bzflag.PurpleTeam), 4},
		{"TankPlayer", int(bzflag.TankPlayer), 0}, {"JAFOPlayer", int(bzflag.JAFOPlayer), 1},
		{"ComputerPlayer", int(bzflag.ComputerPlayer), 2},
		{"NullFlag", int(bzflag.NullFlag), 0}, {"RedFlag", int(bzflag.RedFlag), 1},
		{"PurpleFlag", int(bzflag.PurpleFlag), 4}, {"VelocityFlag", int(bzflag.VelocityFlag), 5},
		{"GuidedMissileFlag", int(bzflag.GuidedMissileFlag), 10}, {"LaserFlag", int(bzflag.LaserFlag), 11},
		{"ShockWaveFlag", int(bzflag.ShockWaveFlag), 20}, {"CloakingFlag", int(bzflag.CloakingFlag), 25},
		{"ColorblindnessFlag", int(bzflag.ColorblindnessFlag), 26}, {"WideAngleFlag", int(bzflag.WideAngleFlag), 33},
		{"FlagNoExist", int(bzflag.FlagNoExist), 0}, {"FlagOnTank", int(bzflag.FlagOnTank), 2},
		{"FlagGoing", int(bzflag.FlagGoing), 5},
		{"FlagNormal", int(bzflag.FlagNormal), 0}, {"FlagUnstable", int(bzflag.FlagUnstable), 1},
		{"FlagSticky", int(bzflag.FlagSticky), 2},
		{"RejectBadRequest", int(bzflag.RejectBadRequest), 0}, {"RejectServerFull", int(bzflag.RejectServerFull), 5},
		{"StatusAlive", int(bzflag.StatusAlive), 0x01}, {"StatusFlagActive", int(bzflag.StatusFlagActive), 0x10},
		{"StatusFalling", int(bzflag.StatusFalling), 0x40},
		{"TeamFlagGameStyle", int(bzflag.TeamFlagGameStyle), 0x01}, {"AntidoteGameStyle", int(bzflag.AntidoteGameStyle), 0x80},
		{"TimeSyncGameStyle", int(bzflag.TimeSyncGameStyle), 0x100},
		{"CallSignLen", bzflag.CallSignLen, 32}, {"EmailLen", bzflag.EmailLen, 128},
		{"MessageLen", bzflag.MessageLen, 128}, {"MaxPacketLen", bzflag.MaxPacketLen, 1024},
		{"CodeEnter", int(bzflag.CodeEnter), 0x656e}, {"CodeTeamUpdate", int(bzflag.CodeTeamUpdate), 0x7475},
		{"CodeTimeLeft", int(bzflag.CodeTimeLeft), 0x746f}, {"CodeTeleport", int(bzflag.CodeTeleport), 0x7470},
		{"CodeIDAck", int(bzflag.CodeIDAck), 0x6964}, {"CodeWantWHash", int(bzflag.CodeWantWHash), 0x7768},
	}
	for _, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("%s = %d, want %d", tt.name, tt.got, tt.want)
		}
	}
	if bzflag.Gravity != -9.8 || bzflag.ExplodeTime != 5 || bzflag.FlagRadius != 2.5 {
		t.Errorf("Gravity %v, ExplodeTime %v, FlagRadius %v; want -9.8, 5, 2.5", bzflag.Gravity, bzflag.ExplodeTime, bzflag.FlagRadius)
	}
}

// textEnum is what every enumeration type implements.
type textEnum interface {
	fmt.Stringer
	encoding.TextMarshaler
}

// TestEnumText round-trips every enumeration through its text form,
// known and unknown values alike.
func TestEnumText(t *testing.T) {
	tests := []struct {
		v    textEnum
		text string
		back func(string) (textEnum, error)
	}{
		{bzflag.RedTeam, "RedTeam", parse[bzflag.TeamColor]},
		{bzflag.NoTeam, "NoTeam", parse[bzflag.TeamColor]},
		{bzflag.TeamColor(9), "9", parse[bzflag.TeamColor]},
		{bzflag.TeamColor(-7), "-7", parse[bzflag.TeamColor]},
		{bzflag.ShieldFlag, "ShieldFlag", parse[bzflag.FlagID]},
		{bzflag.FlagID(400), "400", parse[bzflag.FlagID]},
		{bzflag.FlagComing, "FlagComing", parse[bzflag.FlagState]},
		{bzflag.FlagSticky, "FlagSticky", parse[bzflag.FlagType]},
		{bzflag.JAFOPlayer, "JAFOPlayer", parse[bzflag.PlayerType]},
		{bzflag.RejectNoRogues, "RejectNoRogues", parse[bzflag.RejectCode]},
		{bzflag.StatusDead, "Dead", parse[bzflag.PlayerStatus]},
		{bzflag.StatusAlive | bzflag.StatusFalling | 0x8100, "Alive|Falling|0x8100", parse[bzflag.PlayerStatus]},
		{bzflag.PlainGameStyle, "PlainGameStyle", parse[bzflag.GameStyle]},
		{bzflag.TeamFlagGameStyle | bzflag.JumpingGameStyle, "TeamFlagGameStyle|JumpingGameStyle", parse[bzflag.GameStyle]},
		{bzflag.CodeEnter, "MsgEnter", parse[bzflag.Code]},
		{bzflag.CodeTimeLeft, "MsgTimeLeft", parse[bzflag.Code]},
		{bzflag.Code(0x7a7a), "0x7a7a", parse[bzflag.Code]},
		{bzflag.FromServer, "server", parse[bzflag.Direction]},
		{bzflag.IPv4{10, 0, 0, 254}, "10.0.0.254", parse[bzflag.IPv4]},
	}
	for _, tt := range tests {
		if s := tt.v.String(); s != tt.text {
			t.Errorf("%T(%v).String() = %q, want %q", tt.v, tt.v, s, tt.text)
		}
		b, err := tt.v.MarshalText()
		if err != nil || string(b) != tt.text {
			t.Errorf("%T MarshalText = %q, %v", tt.v, b, err)
		}
		back, err := tt.back(tt.text)
		if err != nil || back != tt.v {
			t.Errorf("%T UnmarshalText(%q) = %v, %v; want %v", tt.v, tt.text, back, err, tt.v)
		}
	}
	for _, bad := range []string{"", "Purple", "0x1g", "Alive|Nope"} {
		if _, err := parse[bzflag.PlayerStatus](bad); err == nil && bad != "" {
			t.Errorf("PlayerStatus accepted %q", bad)
		}
		if _, err := parse[bzflag.TeamColor](bad); err == nil {
			t.Errorf("TeamColor accepted %q", bad)
		}
	}
	if _, err := parse[bzflag.TeamColor]("40000"); err == nil {
		t.Error("TeamColor accepted 40000")
	}
	if c, err := parse[bzflag.Code]("MsgTimeUpdate"); err != nil || c != bzflag.CodeTimeLeft {
		t.Errorf("MsgTimeUpdate parses as %v, %v", c, err)
	}
}

// parse unmarshals text into a new T.
func parse[T any, P interface {
	*T
	encoding.TextUnmarshaler
}](s string) (textEnum, error) {
	var v T
	err := P(&v).UnmarshalText([]byte(s))
	return any(v).(textEnum), err
}

// TestJSON shows that messages marshal with the spec's field names and
// enumerations by name, and come back equal.
func TestJSON(t *testing.T) {
	in := &bzflag.Enter{ID: p1, Type: bzflag.TankPlayer, Team: bzflag.PurpleTeam,
		CallSign: bzflag.NewCallSign("tank"), Email: bzflag.NewEmail("me@host")}
	b, err := json.Marshal(in)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"playerId":{"serverHostAddr":"192.0.2.1","port":5155,"number":1},"type":"TankPlayer","team":"PurpleTeam","callSign":"tank","email":"me@host"}`
	if string(b) != want {
		t.Errorf("JSON %s\nwant %s", b, want)
	}
	var out bzflag.Enter
	if err := json.Unmarshal(b, &out); err != nil || out != *in {
		t.Errorf("back: %+v, %v", out, err)
	}
}
