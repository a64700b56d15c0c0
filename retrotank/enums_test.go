package retrotank_test

import (
	"encoding/json"
	"testing"

	"github.com/gamewire/gamewire/retrotank"
	"github.com/gamewire/gamewire/wire"
)

func TestEnumsText(t *testing.T) {
	cases := []struct {
		v interface {
			MarshalText() ([]byte, error)
			String() string
		}
		text string
		back func([]byte) (any, error)
	}{
		{retrotank.TeamRed, "red", unmarshalTeam},
		{retrotank.TeamBlue, "blue", unmarshalTeam},
		{retrotank.TeamNone, "none", unmarshalTeam},
		{retrotank.Team(2), "2", unmarshalTeam},
		{retrotank.MsgTypeAck, "MSG_TYPE_ACK", unmarshalType},
		{retrotank.MsgTypePlayerSpawn, "MSG_TYPE_PLAYER_SPAWN", unmarshalType},
		{retrotank.MsgType(200), "200", unmarshalType},
		{retrotank.UpdateFlags(0), "0", unmarshalFlags},
		{retrotank.UpdateIdent | retrotank.UpdateDFS, "IDENT|DFS", unmarshalFlags},
		{retrotank.UpdateTank | 0x100, "TANK|0x100", unmarshalFlags},
		{retrotank.UpdateFlags(0xfff0), "0xfff0", unmarshalFlags},
	}
	for _, c := range cases {
		b, err := c.v.MarshalText()
		if err != nil || string(b) != c.text || c.v.String() != c.text {
			t.Errorf("%#v: %q (String %q), want %q", c.v, b, c.v.String(), c.text)
		}
		back, err := c.back(b)
		if err != nil || back != any(c.v) {
			t.Errorf("%q reads back as %#v, %v", b, back, err)
		}
	}
	var team retrotank.Team
	if err := team.UnmarshalText([]byte("green")); err == nil {
		t.Error("green is a team")
	}
	var f retrotank.UpdateFlags
	if err := f.UnmarshalText([]byte("TANK|BOGUS")); err == nil {
		t.Error("BOGUS is a flag")
	}
	// JSON shows names and reads them back
	m := retrotank.GameOver{Winner: retrotank.TeamNone}
	b, _ := json.Marshal(&m)
	if string(b) != `{"messageId":0,"winner":"none","redScore":0,"blueScore":0}` {
		t.Errorf("JSON %s", b)
	}
}

func unmarshalTeam(b []byte) (any, error) {
	var v retrotank.Team
	err := v.UnmarshalText(b)
	return v, err
}

func unmarshalType(b []byte) (any, error) {
	var v retrotank.MsgType
	err := v.UnmarshalText(b)
	return v, err
}

func unmarshalFlags(b []byte) (any, error) {
	var v retrotank.UpdateFlags
	err := v.UnmarshalText(b)
	return v, err
}

func TestMessageIDNewer(t *testing.T) {
	cases := []struct {
		a, b  retrotank.MessageID
		newer bool
	}{
		{1, 0, true}, {0, 1, false}, {0, 0xffff, true}, {0xffff, 0, false},
		{0x7fff, 0, true}, {0x8000, 0, false}, {5, 5, false},
	}
	for _, c := range cases {
		if c.a.Newer(c.b) != c.newer {
			t.Errorf("%d.Newer(%d) = %v", c.a, c.b, !c.newer)
		}
	}
}

// TestTypeNumbers: the MSG_TYPE_* values are 0 to 13 in the spec's order
// (docs/errata/retrotank.md, E2), and New builds each one's type.
func TestTypeNumbers(t *testing.T) {
	order := []string{"MSG_TYPE_ACK", "MSG_TYPE_CONN_REQ", "MSG_TYPE_CONN_DENY", "MSG_TYPE_CONN_ACCEPT", "MSG_TYPE_CONN_DISCONN",
		"MSG_TYPE_OPTION", "MSG_TYPE_OBSTACLE", "MSG_TYPE_SPAWN", "MSG_TYPE_GOAL", "MSG_TYPE_GAME_START", "MSG_TYPE_GAME_OVER",
		"MSG_TYPE_SCORE", "MSG_TYPE_PLAYER_UPDATE", "MSG_TYPE_PLAYER_SPAWN"}
	forms := retrotank.Table().Forms
	if len(forms) != len(order) {
		t.Fatalf("%d forms", len(forms))
	}
	for i, name := range order {
		f := &forms[i]
		if f.Name != name || f.Code != uint32(i) {
			t.Errorf("form %d: %s code %d, want %s code %d", i, f.Name, f.Code, name, i)
		}
		d := f.From
		if d == wire.Both {
			d = wire.FromClient
		}
		m := retrotank.New(retrotank.MsgType(i), d)
		if m == nil || m.Form() != f {
			t.Errorf("New(%d) = %T", i, m)
		}
	}
}
