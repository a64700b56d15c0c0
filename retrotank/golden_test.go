package retrotank_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/gamewire/gamewire/internal/codectest"
	"github.com/gamewire/gamewire/retrotank"
	"github.com/gamewire/gamewire/wire"
)

// The golden vectors below are typed by hand from the spec's tables (one
// field per "|"), not produced by the encoder. The type bytes are this
// package's numbering of MSG_TYPE_* (0 to 13 in the spec's order,
// docs/errata/retrotank.md, E2): a user with the game's real values
// changes the first byte of each vector with the const block of forms.go.

func rep(unit string, n int) string { return strings.Repeat(unit, n) }

func areas(n int, a retrotank.Area) []retrotank.Area {
	s := make([]retrotank.Area, n)
	for i := range s {
		s[i] = a
	}
	return s
}

func TestGolden(t *testing.T) {
	// ACK, the largest: 253 ids, 509 bytes (E3).
	ids := make([]retrotank.MessageID, 253)
	for i := range ids {
		ids[i] = 0xbeef
	}
	codectest.Golden(t, &retrotank.Ack{Client: 5, IDs: ids}, "00|05|fd|"+rep("beef|", 253))
	codectest.Golden(t, &retrotank.Ack{Client: 5, IDs: []retrotank.MessageID{1}}, "00|05|01|0001")
	codectest.Golden(t, &retrotank.ConnReq{Bcast: 1, RandID: 0x12345678}, "01|01|12345678")
	codectest.Golden(t, &retrotank.ConnDeny{RandID: 0x12345678}, "02|12345678")
	codectest.Golden(t, &retrotank.ConnAccept{ID: 0x0102, Client: 7, RandID: 0xdeadbeef}, "03|0102|07|deadbeef")
	codectest.Golden(t, &retrotank.ConnDisconn{ID: 0xfffe, Client: 3}, "04|fffe|03")
	codectest.Golden(t, &retrotank.Option{ID: 1, Flags: 0x80, Duration: 300000, RedScore: 3, BlueScore: 4, WinScore: 10,
		Width: 1024, Height: 768, TotalMsgs: 7}, "05|0001|80|000493e0|0003|0004|000a|0400|0300|0007")
	// OBSTACLE, the largest: 62 obstacles, 507 bytes (E10).
	codectest.Golden(t, &retrotank.Obstacle{ID: 2, TotalMsgs: 7, Index: 1, Total: 128, First: 62,
		Obstacles: areas(62, retrotank.Area{X: 1, Y: 2, Width: 3, Height: 4})},
		"06|0002|0007|0001|0080|003e|"+rep("0001|0002|0003|0004|", 62))
	// OBSTACLE, the smallest: one obstacle, 19 bytes.
	codectest.Golden(t, &retrotank.Obstacle{ID: 3, TotalMsgs: 2, Index: 1, Total: 1,
		Obstacles: []retrotank.Area{{X: 10, Y: 20, Width: 30, Height: 40}}},
		"06|0003|0002|0001|0001|0000|000a|0014|001e|0028")
	// SPAWN, two sets of 31 areas: 509 bytes, the builder's largest (E14).
	a := retrotank.Area{X: 0x0102, Y: 0x0304, Width: 0x0506, Height: 0x0708}
	codectest.Golden(t, &retrotank.Spawn{ID: 4, TotalMsgs: 3, Index: 2, RedTotal: 33, BlueTotal: 31, Sets: []retrotank.AreaSet{
		{First: 2, Team: retrotank.TeamRed, Areas: areas(31, a)},
		{First: 0, Team: retrotank.TeamBlue, Areas: areas(31, a)},
	}}, "07|0004|0003|0002|21|1f|02|1e|"+rep("0102|0304|0506|0708|", 31)+"00|5e|"+rep("0102|0304|0506|0708|", 31))
	// SPAWN, three sets of 62 areas in all: 511 bytes, the largest (E14).
	codectest.Golden(t, &retrotank.Spawn{ID: 5, TotalMsgs: 3, Index: 1, RedTotal: 41, BlueTotal: 21, Sets: []retrotank.AreaSet{
		{First: 0, Team: retrotank.TeamRed, Areas: areas(20, a)},
		{First: 0, Team: retrotank.TeamBlue, Areas: areas(21, a)},
		{First: 20, Team: retrotank.TeamRed, Areas: areas(21, a)},
	}}, "07|0005|0003|0001|29|15|00|13|"+rep("0102|0304|0506|0708|", 20)+"00|54|"+rep("0102|0304|0506|0708|", 21)+
		"14|14|"+rep("0102|0304|0506|0708|", 21))
	// GOAL, the smallest: one set of one area, 19 bytes.
	codectest.Golden(t, &retrotank.Goal{ID: 6, TotalMsgs: 4, Index: 3, RedTotal: 1, Sets: []retrotank.AreaSet{
		{Team: retrotank.TeamRed, Areas: []retrotank.Area{a}}}}, "08|0006|0004|0003|01|00|00|00|0102|0304|0506|0708")
	codectest.Golden(t, &retrotank.Goal{ID: 6, TotalMsgs: 4, Index: 3, BlueTotal: 2, Sets: []retrotank.AreaSet{
		{First: 1, Team: retrotank.TeamBlue, Areas: []retrotank.Area{a}}}}, "08|0006|0004|0003|00|02|01|40|0102|0304|0506|0708")
	codectest.Golden(t, &retrotank.GameStart{ID: 0x10, StartTime: 10000000}, "09|0010|00989680")
	codectest.Golden(t, &retrotank.GameOver{ID: 0x11, Winner: retrotank.TeamNone, RedScore: 5, BlueScore: 5}, "0a|0011|ff|0005|0005")
	codectest.Golden(t, &retrotank.GameOver{ID: 0x11, Winner: retrotank.TeamBlue, RedScore: 2, BlueScore: 10}, "0a|0011|01|0002|000a")
	// SCORE, the largest: 126 updates, 512 bytes (E18).
	scores := make([]retrotank.PlayerScore, 126)
	for i := range scores {
		scores[i] = retrotank.PlayerScore{Killer: 1, Killed: 2, Score: 3}
	}
	codectest.Golden(t, &retrotank.Score{ID: 0x12, RedScore: 3, BlueScore: 4, Scores: scores}, "0b|0012|7e|0003|0004|"+rep("01|02|0003|", 126))
	codectest.Golden(t, &retrotank.Score{ID: 0x13, RedScore: 1, BlueScore: 2}, "0b|0013|00|0001|0002")
	// A player's score is signed (E13): from 0, killing a teammate makes it
	// -4, sent as fffc; killing an enemy from -4 makes it -3.
	codectest.Golden(t, &retrotank.Score{ID: 0x14, RedScore: 1, Scores: []retrotank.PlayerScore{
		{Killer: 1, Killed: 3, Score: -4}, {Killer: 1, Killed: 2, Score: -3}, {Killer: 5, Killed: 6, Score: 32767}}},
		"0b|0014|03|0001|0000|01|03|fffc|01|02|fffd|05|06|7fff")
	// PLAYER_UPDATE, the largest: 502 bytes of data, 512 bytes.
	codectest.Golden(t, &retrotank.PlayerUpdate{ID: 0x14, UpdateTime: 0x1000, FirstPlayer: 2, Flags: retrotank.UpdateIdent | retrotank.UpdateTank,
		Data: []byte(strings.Repeat("\xab", 502))}, "0c|0014|00001000|02|0003|"+rep("ab", 502))
	codectest.Golden(t, &retrotank.PlayerUpdate{ID: 0x15, FirstPlayer: 0, Flags: retrotank.UpdateDFS}, "0c|0015|00000000|00|0008")
	codectest.Golden(t, &retrotank.PlayerSpawn{ID: 0x15, Player: 2}, "0d|0015|02")
	codectest.Golden(t, &retrotank.TimeRequest{Client: 3, ClientTime: 0x12345}, "03|00012345")
	codectest.Golden(t, &retrotank.TimeReply{Client: 3, ClientTime: 0x12345, ServerTime: 0xabcdef}, "03|00012345|00abcdef")
}

// TestGoldenBroken: datagrams that must be refused, each with the
// sentinel, message, field and offset of its fault.
func TestGoldenBroken(t *testing.T) {
	codectest.CheckBroken(t, "retrotank", codectest.Whole(retrotank.Table()), []codectest.Broken{
		{Name: "ACK count 3, two ids", Hex: "00|05|03|0001|0002", From: retrotank.FromClient, Kind: wire.ErrShort, Message: "MSG_TYPE_ACK", Field: "ids", Offset: 3},
		{Name: "ACK without its count", Hex: "00|05", From: retrotank.FromServer, Kind: wire.ErrShort, Message: "MSG_TYPE_ACK", Field: "count", Offset: 2},
		{Name: "CONN_REQ of 5 bytes", Hex: "01|01|123456", From: retrotank.FromClient, Kind: wire.ErrShort, Message: "MSG_TYPE_CONN_REQ", Field: "randId", Offset: 2},
		{Name: "CONN_ACCEPT and a trailing byte", Hex: "03|0102|07|deadbeef|00", From: retrotank.FromServer, Kind: wire.ErrTrailing, Message: "MSG_TYPE_CONN_ACCEPT"},
		{Name: "OBSTACLE with a partial obstacle", Hex: "06|0003|0002|0001|0001|0000|000a|0014|001e|0028|0001|0002", From: retrotank.FromServer, Kind: wire.ErrShort, Message: "MSG_TYPE_OBSTACLE", Field: "obstacles", Offset: 11},
		{Name: "OBSTACLE without its first index", Hex: "06|0003|0002|0001|0001|00", From: retrotank.FromServer, Kind: wire.ErrShort, Message: "MSG_TYPE_OBSTACLE", Field: "first", Offset: 9},
		{Name: "SPAWN set of 2 areas holding 1", Hex: "07|0004|0003|0002|02|00|00|01|0102|0304|0506|0708", From: retrotank.FromServer, Kind: wire.ErrShort, Message: "MSG_TYPE_SPAWN", Field: "sets", Offset: 9},
		{Name: "SPAWN of 510 bytes (E14)", Hex: "07|0004|0003|0002|3e|00|00|3d|" + rep("0102|0304|0506|0708|", 62) + "00", From: retrotank.FromServer, Kind: wire.ErrShort, Message: "MSG_TYPE_SPAWN", Field: "sets", Offset: 9},
		{Name: "GOAL without its blue total", Hex: "08|0006|0004|0003|01", From: retrotank.FromServer, Kind: wire.ErrShort, Message: "MSG_TYPE_GOAL", Field: "blueTotal", Offset: 8},
		{Name: "GOAL with a partial area", Hex: "08|0006|0004|0003|01|00|00|00|0102|0304", From: retrotank.FromServer, Kind: wire.ErrShort, Message: "MSG_TYPE_GOAL", Field: "sets", Offset: 9},
		{Name: "PLAYER_UPDATE without its flags", Hex: "0c|0014|00001000|02|00", From: retrotank.FromClient, Kind: wire.ErrShort, Message: "MSG_TYPE_PLAYER_UPDATE", Field: "flags", Offset: 8},
		{Name: "SCORE count 3, two updates", Hex: "0b|0012|03|0003|0004|01|02|0003|01|02|0003", From: retrotank.FromServer, Kind: wire.ErrShort, Message: "MSG_TYPE_SCORE", Field: "scores", Offset: 8},
		{Name: "GAME_START cut", Hex: "09|0010|0098", From: retrotank.FromServer, Kind: wire.ErrShort, Message: "MSG_TYPE_GAME_START", Field: "startTime", Offset: 3},
		{Name: "PLAYER_SPAWN from the server", Hex: "0d|0015|02", From: retrotank.FromServer, Kind: wire.ErrUnknownCode, Field: "type"},
		{Name: "CONN_REQ from the server", Hex: "01|01|12345678", From: retrotank.FromServer, Kind: wire.ErrUnknownCode, Field: "type"},
		{Name: "type 14", Hex: "0e|0001|02", From: retrotank.FromClient, Kind: wire.ErrUnknownCode, Field: "type"},
		{Name: "empty", Hex: "", From: retrotank.FromClient, Kind: wire.ErrShort},
	})
}

// TestGoldenRuleBroken: datagrams that decode (the wire can carry them)
// but break a rule of the spec: Validate names the rule, and a Strict
// decoder refuses them.
func TestGoldenRuleBroken(t *testing.T) {
	cases := []struct {
		name, hex string
		from      wire.Direction
		kind      error
		field     string
	}{
		{"ACK of no id (5 bytes minimum)", "00|05|00", retrotank.FromClient, wire.ErrInvalid, "count"},
		{"ACK of 254 ids (MSG_MAX_ACK 253)", "00|05|fe|" + rep("0001", 254), retrotank.FromClient, wire.ErrTooLong, "count"},
		{"CONN_REQ bcast 2", "01|02|12345678", retrotank.FromClient, wire.ErrInvalid, "bcast"},
		{"OPTION totalMsgs 0", "05|0001|80|000493e0|0003|0004|000a|0400|0300|0000", retrotank.FromServer, wire.ErrInvalid, "totalMsgs"},
		{"OBSTACLE first 61", "06|0003|0002|0001|0080|003d|000a|0014|001e|0028", retrotank.FromServer, wire.ErrInvalid, "first"},
		{"OBSTACLE of 63 obstacles", "06|0002|0007|0001|0080|0000|" + rep("0001|0002|0003|0004|", 63), retrotank.FromServer, wire.ErrTooLong, "obstacles"},
		{"OBSTACLE short page not the last", "06|0003|0002|0001|0080|0000|000a|0014|001e|0028", retrotank.FromServer, wire.ErrInvalid, "obstacles"},
		{"OBSTACLE index 0", "06|0003|0002|0000|0001|0000|000a|0014|001e|0028", retrotank.FromServer, wire.ErrInvalid, "index"},
		{"SPAWN of team 2", "07|0004|0003|0002|01|01|00|80|0102|0304|0506|0708", retrotank.FromServer, wire.ErrInvalid, "sets"},
		{"SPAWN set past its team's total", "07|0004|0003|0002|01|00|01|00|0102|0304|0506|0708", retrotank.FromServer, wire.ErrInvalid, "sets"},
		{"SPAWN of no set", "07|0004|0003|0002|01|00", retrotank.FromServer, wire.ErrInvalid, "sets"},
		{"GAME_OVER winner 2", "0a|0011|02|0005|0005", retrotank.FromServer, wire.ErrInvalid, "winner"},
		{"SCORE of 127 updates", "0b|0012|7f|0003|0004|" + rep("01|02|0003|", 127), retrotank.FromServer, wire.ErrTooLong, "scores"},
		{"PLAYER_UPDATE unknown flag", "0c|0015|00000000|00|0010", retrotank.FromClient, wire.ErrInvalid, "flags"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			b := codectest.Hex(t, c.hex)
			// The default policy returns the message with the error
			// that names the rule (or the frame limit).
			m, _, err := retrotank.Decode(b, c.from)
			if m == nil || !errors.Is(err, c.kind) {
				t.Fatalf("Decode = %v, %v; want the message and %v", m, err, c.kind)
			}
			err = m.Validate()
			var we *wire.Error
			if !errors.Is(err, c.kind) || !errors.As(err, &we) || we.Field != c.field {
				t.Errorf("Validate = %v, want %v at %s", err, c.kind, c.field)
			}
			d := retrotank.NewDecoder()
			d.Policy = wire.Strict
			if m, _, err := d.Decode(b, c.from); m != nil || err == nil {
				t.Errorf("Strict decoder: %v, %v", m, err)
			}
			d.Policy = wire.Lax
			if m, _, err := d.Decode(b, c.from); m == nil || err != nil {
				t.Errorf("Lax decoder: %v, %v", m, err)
			}
		})
	}
}
