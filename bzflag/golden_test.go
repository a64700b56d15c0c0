package bzflag_test

import (
	"encoding/hex"
	"reflect"
	"strings"
	"testing"

	"github.com/gamewire/gamewire/bzflag"
	"github.com/gamewire/gamewire/internal/codectest"
	"github.com/leanovate/gopter"
)

// Values used by the golden vectors, and their bytes written out by hand
// from the spec's diagrams (not produced by the encoder).
var (
	p1 = bzflag.PlayerID{Host: bzflag.IPv4{192, 0, 2, 1}, Port: 5155, Number: 1}
	p2 = bzflag.PlayerID{Host: bzflag.IPv4{192, 0, 2, 2}, Port: 5156, Number: 2}

	fs = bzflag.FlagStatus{
		ID: bzflag.VelocityFlag, Status: bzflag.FlagInAir, Type: bzflag.FlagUnstable,
		Owner:    p2,
		Position: bzflag.Vec3{1, 2, 3}, Launch: bzflag.Vec3{4, 5, 6}, Landing: bzflag.Vec3{8, 10, 12},
		FlightTime: 0.5, FlightEnd: 2, InitialVelocity: 10,
	}
)

const (
	hexP1 = "c0000201 1423 0001" // 192.0.2.1, port 5155, number 1
	hexP2 = "c0000202 1424 0002"
	// fs: flag id 5 (VelocityFlag), status 3 (FlagInAir), type 1
	// (FlagUnstable), owner p2, position 1 2 3, launch 4 5 6, landing
	// 8 10 12, flight time 0.5, flight end 2, initial velocity 10.
	hexFS = "0005 0003 0001 | " + hexP2 + " | 3f800000 40000000 40400000 | 40800000 40a00000 40c00000 |" +
		" 41000000 41200000 41400000 | 3f000000 | 40000000 | 41200000"
	hexVec123 = "3f800000 40000000 40400000" // 1 2 3
	hexVec456 = "40800000 40a00000 40c00000" // 4 5 6
)

// digest is a world digest as the 1.7g2 server sends it.
const digest = "p0123456789abcdef0123456789abcdef"

// padded returns the hex of s followed by NULs up to n bytes.
func padded(s string, n int) string {
	return hex.EncodeToString([]byte(s)) + strings.Repeat("00", n-len(s))
}

// TestGolden checks one vector per byte diagram of the spec (line numbers
// of ../shared/specs/bzflag-1.7-protocol.txt), plus the forms the spec
// omits, laid out as the 1.7 source writes them.
func TestGolden(t *testing.T) {
	have := map[string]bool{}
	for _, v := range goldenVectors {
		have[reflect.TypeOf(v.m).Elem().Name()] = true
		t.Run(v.name, v.check)
	}
	// A form added to the package needs a vector here too.
	for _, l := range bzflag.Table().Forms {
		if !have[l.Type] {
			t.Errorf("no golden vector for %s (%s)", l.Type, l.Name)
		}
	}
}

// goldenVector is one known frame and the message it encodes, with what
// the tests need of the message's Go type: the golden check, and the
// shared harness (TestMessages) run on values of g.
type goldenVector struct {
	name    string
	m       bzflag.Message
	hex     string
	check   func(t *testing.T)
	harness func(t *testing.T, g gopter.Gen, opts ...codectest.Option)
}

// golden makes a vector of want and its frame, written in hex.
func golden[T any, P interface {
	*T
	bzflag.Message
}](want P, hexBytes string) goldenVector {
	return goldenVector{
		m: want, hex: hexBytes,
		check: func(t *testing.T) { codectest.Golden[T, P](t, want, hexBytes) },
		harness: func(t *testing.T, g gopter.Gen, opts ...codectest.Option) {
			t.Helper()
			codectest.Check[T, P](t, g, opts...)
		},
	}
}

// goldenBytes returns the frame of v.
func (v goldenVector) bytes() []byte {
	b, err := hex.DecodeString(strings.Map(func(r rune) rune {
		if r == ' ' || r == '|' || r == '\n' {
			return -1
		}
		return r
	}, v.hex))
	if err != nil {
		panic(err)
	}
	return b
}

var goldenVectors = func() []goldenVector {
	vs := []struct {
		name string
		v    goldenVector
	}{
		// spec 138-140: MsgGetWorld request, offset 0.
		{"GetWorldRequest", golden(&bzflag.GetWorldRequest{Offset: 0}, "0002 6777 0000")},
		// spec 141-143: MsgGetWorld reply; here the last block: 0 bytes
		// remain, the data is the end-of-data code 'ed'.
		{"GetWorldReply", golden(&bzflag.GetWorldReply{Remaining: 0, Data: []byte{0x65, 0x64}}, "0004 6777 0000 6564")},
		// spec 145-147, 309-311, 374-376: MsgSuperKill.
		{"SuperKill", golden(&bzflag.SuperKill{}, "0000 736b")},
		// spec 284-300: MsgEnter; length 12 + CallSignLen + EmailLen = 172.
		{"Enter", golden(&bzflag.Enter{
			ID: p1, Type: bzflag.TankPlayer, Team: bzflag.RedTeam,
			CallSign: bzflag.NewCallSign("tank"), Email: bzflag.NewEmail("me@host"),
		}, "00ac 656e "+hexP1+" 0000 0001 "+padded("tank", 32)+padded("me@host", 128))},
		// spec 301-303: MsgAccept.
		{"Accept", golden(&bzflag.Accept{}, "0000 6163")},
		// spec 305-307: MsgReject, code RejectTeamFull (4).
		{"Reject", golden(&bzflag.Reject{Reason: bzflag.RejectTeamFull}, "0002 726a 0004")},
		// not in the spec: the bare MsgReject answering MsgNetworkRelay.
		{"RejectBare", golden(&bzflag.Reject{Bare: true}, "0000 726a")},
		// spec 360-362: MsgExit.
		{"Exit", golden(&bzflag.Exit{}, "0000 6578")},
		// spec 380-382: MsgTimeLeft, 300 seconds.
		{"TimeLeft", golden(&bzflag.TimeLeft{Seconds: 300}, "0002 746f 012c")},
		// spec 391-395: MsgScoreOver, player p1 won (team NoTeam).
		{"ScoreOver", golden(&bzflag.ScoreOver{ID: p1, Team: bzflag.NoTeam}, "000a 736f "+hexP1+" ffff")},
		// spec 405-407: MsgSetTTL, TTL 8.
		{"SetTTL", golden(&bzflag.SetTTL{TTL: 8}, "0002 7474 0008")},
		// spec 415-417, 425-427: MsgNetworkRelay.
		{"NetworkRelay", golden(&bzflag.NetworkRelay{}, "0000 6e72")},
		// spec 436-448: MsgAddPlayer; length 16 + CallSignLen + EmailLen = 176.
		{"AddPlayer", golden(&bzflag.AddPlayer{
			ID: p1, Type: bzflag.ComputerPlayer, Team: bzflag.GreenTeam, Wins: 3, Losses: 4,
			CallSign: bzflag.NewCallSign("bot"), Email: bzflag.NewEmail("anonymous"),
		}, "00b0 6170 "+hexP1+" 0002 0002 0003 0004 "+padded("bot", 32)+padded("anonymous", 128))},
		// not in the spec: MsgAddPlayer about the joining player itself,
		// with the id the server assigned it (length 184).
		{"AddPlayerAssigned", golden(&bzflag.AddPlayer{
			ID: p1, Type: bzflag.TankPlayer, Team: bzflag.RedTeam,
			CallSign: bzflag.NewCallSign("me"), Email: bzflag.NewEmail("me@host"),
			HasAssignedID: true, AssignedID: p2,
		}, "00b8 6170 "+hexP1+" 0000 0001 0000 0000 "+padded("me", 32)+padded("me@host", 128)+hexP2)},
		// spec 457-461: MsgRemovePlayer.
		{"RemovePlayer", golden(&bzflag.RemovePlayer{ID: p1}, "0008 7270 "+hexP1)},
		// spec 465-483: MsgFlagUpdate, flag 2.
		{"FlagUpdate", golden(&bzflag.FlagUpdate{Index: 2, Flag: fs}, "0040 6675 0002 "+hexFS)},
		// spec 502-506: MsgTeamUpdate. The diagram's code 74 6f is
		// MsgTimeLeft's; 1.7 sends 74 75 (errata).
		{"TeamUpdate", golden(&bzflag.TeamUpdate{Team: bzflag.BlueTeam, Players: 2, Active: 2, Wins: 5, Losses: 3},
			"000a 7475 0003 0002 0002 0005 0003")},
		// spec 517-527: MsgAlive from the server.
		{"AliveFromServer", golden(&bzflag.AliveFromServer{ID: p1, Position: bzflag.Vec3{1, 2, 3}, Forward: bzflag.Vec3{4, 5, 6}},
			"0020 616c "+hexP1+hexVec123+hexVec456)},
		// spec 534-542: MsgAlive from the client.
		{"AliveFromClient", golden(&bzflag.AliveFromClient{Position: bzflag.Vec3{1, 2, 3}, Forward: bzflag.Vec3{4, 5, 6}},
			"0018 616c "+hexVec123+hexVec456)},
		// spec 556-562: MsgKilled from the server, shot 7.
		{"KilledFromServer", golden(&bzflag.KilledFromServer{Victim: p1, Killer: p2, ShotID: 7}, "0012 6b6c "+hexP1+hexP2+"0007")},
		// spec 570-574: MsgKilled from the client.
		{"KilledFromClient", golden(&bzflag.KilledFromClient{Killer: p2, ShotID: 7}, "000a 6b6c "+hexP2+"0007")},
		// spec 583-603: MsgGrabFlag from the server.
		{"GrabFlagFromServer", golden(&bzflag.GrabFlagFromServer{Grabber: p2, Index: 2, Flag: fs}, "0048 6766 "+hexP2+"0002 "+hexFS)},
		// spec 612-614: MsgGrabFlag from the client.
		{"GrabFlagFromClient", golden(&bzflag.GrabFlagFromClient{Index: 2}, "0002 6766 0002")},
		// spec 623-643: MsgDropFlag from the server.
		{"DropFlagFromServer", golden(&bzflag.DropFlagFromServer{Dropper: p2, Index: 2, Flag: fs}, "0048 6466 "+hexP2+"0002 "+hexFS)},
		// spec 652-656: MsgDropFlag from the client.
		{"DropFlagFromClient", golden(&bzflag.DropFlagFromClient{Position: bzflag.Vec3{1, 2, 3}}, "000c 6466 "+hexVec123)},
		// spec 667-671: MsgCaptureFlag from the server: flag 0, red team.
		{"CaptureFlagFromServer", golden(&bzflag.CaptureFlagFromServer{Capturer: p1, Index: 0, Team: bzflag.RedTeam}, "000c 6366 "+hexP1+"0000 0001")},
		// spec 684-686: MsgCaptureFlag from the client.
		{"CaptureFlagFromClient", golden(&bzflag.CaptureFlagFromClient{Team: bzflag.GreenTeam}, "0002 6366 0002")},
		// spec 697-710: MsgShotBegin: shot 3 with the laser, time 0,
		// lifetime 0.5.
		{"ShotBegin", golden(&bzflag.ShotBegin{
			Shooter: p1, ShotID: 3, Position: bzflag.Vec3{1, 2, 3}, Velocity: bzflag.Vec3{4, 5, 6},
			Time: 0, FlagType: bzflag.LaserFlag, Lifetime: 0.5,
		}, "002c 7362 "+hexP1+"0003 "+hexVec123+hexVec456+"00000000 000b 3f000000")},
		// spec 745-749: MsgShotEnd, reason 1 (explode).
		{"ShotEnd", golden(&bzflag.ShotEnd{Shooter: p1, ShotID: 3, Reason: 1}, "000c 7365 "+hexP1+"0003 0001")},
		// spec 764-768: MsgScore from the server.
		{"ScoreFromServer", golden(&bzflag.ScoreFromServer{ID: p1, Wins: 10, Losses: 2}, "000c 7363 "+hexP1+"000a 0002")},
		// spec 772-774: MsgScore from the client.
		{"ScoreFromClient", golden(&bzflag.ScoreFromClient{Wins: 10, Losses: 2}, "0004 7363 000a 0002")},
		// spec 778-782: MsgTeleport from the server. The diagram's code
		// 73 63 is MsgScore's; 1.7 sends 74 70 (errata).
		{"TeleportFromServer", golden(&bzflag.TeleportFromServer{ID: p1, From: 0, To: 3}, "000c 7470 "+hexP1+"0000 0003")},
		// spec 787-789: MsgTeleport from the client (same errata).
		{"TeleportFromClient", golden(&bzflag.TeleportFromClient{From: 0, To: 3}, "0004 7470 0000 0003")},
		// spec 793-803: MsgMessage from the server; length 18 + MessageLen
		// = 146: from p1 to all players (zero id, RogueTeam).
		{"MessageFromServer", golden(&bzflag.MessageFromServer{From: p1, Team: bzflag.RogueTeam, Text: bzflag.NewMessageText("hello")},
			"0092 6d67 "+hexP1+strings.Repeat("00", 8)+"0000 "+padded("hello", 128))},
		// spec 814-822: MsgMessage from the client; length 10 + MessageLen
		// = 138: to team blue.
		{"MessageFromClient", golden(&bzflag.MessageFromClient{Team: bzflag.BlueTeam, Text: bzflag.NewMessageText("go blue")},
			"008a 6d67 "+strings.Repeat("00", 8)+"0003 "+padded("go blue", 128))},
		// spec 830-842: MsgPlayerUpdate: alive and crossing a wall,
		// azimuth 0.5, angular velocity -1.5.
		{"PlayerUpdate", golden(&bzflag.PlayerUpdate{
			ID: p1, Status: bzflag.StatusAlive | bzflag.StatusCrossingWall,
			Position: bzflag.Vec3{1, 2, 3}, Velocity: bzflag.Vec3{4, 5, 6}, Azimuth: 0.5, AngularVelocity: -1.5,
		}, "002a 7075 "+hexP1+"0021 "+hexVec123+hexVec456+"3f000000 bfc00000")},
		// spec 877-891: MsgGMUpdate, target p2, time 0.5.
		{"GMUpdate", golden(&bzflag.GMUpdate{
			Shooter: p1, ShotID: 3, Position: bzflag.Vec3{1, 2, 3}, Velocity: bzflag.Vec3{4, 5, 6}, Time: 0.5, Target: p2,
		}, "002e 676d "+hexP1+"0003 "+hexVec123+hexVec456+"3f000000 "+hexP2)},
		// spec 908-910: MsgLagPing, sequence 7.
		{"LagPing", golden(&bzflag.LagPing{Seq: 7}, "0002 7069 0007")},

		// The forms below are not in the spec; their layouts are those
		// the 1.7g2 source writes (see docs/errata/bzflag.md).
		{"IDAck", golden(&bzflag.IDAck{}, "0000 6964")},
		{"ClientVersion", golden(&bzflag.ClientVersion{Version: 0x17a0}, "0002 6f6a 17a0")}, // INTERNALVERSION of 1.7g2
		{"UDPLinkRequest", golden(&bzflag.UDPLinkRequest{Port: 17200}, "0002 6f66 4330")},
		{"UDPLinkEstablished", golden(&bzflag.UDPLinkEstablished{}, "0002 6f67 0000")},
		{"WantWHashRequest", golden(&bzflag.WantWHashRequest{}, "0000 7768")},
		{"WantWHashReply", golden(&bzflag.WantWHashReply{Digest: []byte(digest)}, "0022 7768 "+hex.EncodeToString([]byte(digest))+"00")},
		{"QueryGameRequest", golden(&bzflag.QueryGameRequest{}, "0000 7167")},
		{"QueryGameReply", golden(&bzflag.QueryGameReply{
			Style: bzflag.TeamFlagGameStyle | bzflag.RoguesGameStyle, MaxPlayers: 20, MaxShots: 1,
			TeamCount: [5]uint16{0, 1, 2, 0, 0}, TeamMax: [5]uint16{10, 10, 10, 10, 10},
			ShakeWins: 0, ShakeTimeout: 0, MaxPlayerScore: 0, MaxTeamScore: 50, MaxTime: 600,
		}, "0024 7167 0005 0014 0001 0000 0001 0002 0000 0000 000a 000a 000a 000a 000a 0000 0000 0000 0032 0258")},
		{"QueryPlayersRequest", golden(&bzflag.QueryPlayersRequest{}, "0000 7170")},
		{"QueryPlayersReply", golden(&bzflag.QueryPlayersReply{NumTeams: 5, NumPlayers: 3}, "0004 7170 0005 0003")},
		{"AcquireRadioFromClient", golden(&bzflag.AcquireRadioFromClient{Flags: bzflag.RadioToAll}, "0002 6172 0001")},
		{"AcquireRadioFromServer", golden(&bzflag.AcquireRadioFromServer{ID: p1, Flags: bzflag.RadioToAll}, "000a 6172 "+hexP1+"0001")},
		{"ReleaseRadioFromClient", golden(&bzflag.ReleaseRadioFromClient{}, "0000 7272")},
		{"ReleaseRadioFromServer", golden(&bzflag.ReleaseRadioFromServer{ID: p1}, "0008 7272 "+hexP1)},
	}
	out := make([]goldenVector, len(vs))
	for i, x := range vs {
		out[i] = x.v
		out[i].name = x.name
	}
	return out
}()
