package tfighters_test

import (
	"bytes"
	"errors"
	"testing"

	"github.com/gamewire/gamewire/internal/codectest"
	"github.com/gamewire/gamewire/tfighters"
	"github.com/gamewire/gamewire/wire"
)

// TestGoldenOriginal checks frames captured on 127.0.0.1 from the original
// server (github.com/rayburgemeestre/fighterz, commit
// 8812983267172c88e6318929f1ddb9cdb1969791, server/ built for x86-64
// Linux): every integer little-endian, len counting the type and the data.
func TestGoldenOriginal(t *testing.T) {
	g := func(name string, f func(t *testing.T)) { t.Run(name, f) }
	g("SMSG_HI", func(t *testing.T) {
		codectest.Golden(t, &tfighters.Hi{MyVersion: 1, UWID: 5}, "0a00 0000 | 01000000 | 05000000")
	})
	g("SMSG_NICKREPLY ok", func(t *testing.T) {
		codectest.Golden(t, &tfighters.NickReply{GoodOrBad: tfighters.NickResultOK, Text: []byte("Ok")}, "0600 0007 | 00 | 4f6b00")
	})
	g("SMSG_NICKREPLY rejected", func(t *testing.T) {
		codectest.Golden(t, &tfighters.NickReply{GoodOrBad: tfighters.NickResultRejected, Text: []byte("Bad character(s) in nick")},
			"1c00 0007 | 01 | 42616420636861726163746572287329 20696e206e69636b00")
	})
	g("SMSG_PING 64-bit build", func(t *testing.T) {
		codectest.Golden(t, &tfighters.Ping{Time: 0x19fd, TimeHigh: []byte{0, 0, 0, 0}}, "0a00 0200 | fd190000 00000000")
	})
	g("SMSG_NEWUSER", func(t *testing.T) {
		codectest.Golden(t, &tfighters.NewUser{ID: 5, X: 9000, Y: 31000, Deg: 18000, Nick: []byte("Alice")},
			"2900 0006 | 05000000 | 28230000 | 18790000 | 50460000 | 00 | 00000000 | 0000 | 00000000 | 00 | 00 | 00000000 | 416c69636500")
	})
	g("SMSG_INVINCIBLE", func(t *testing.T) {
		codectest.Golden(t, &tfighters.Invincible{ID: 5, YesNo: 1, InvincibilityT: 5000}, "0b00 0204 | 05000000 | 01 | 88130000")
	})
	g("SMSG_LAG", func(t *testing.T) {
		codectest.Golden(t, &tfighters.Lag{Diff: 1}, "0600 0300 | 01000000")
	})
	g("SMSG_SPAWNREADY", func(t *testing.T) {
		codectest.Golden(t, &tfighters.SpawnReady{}, "0200 0002")
	})
	g("SMSG_SPAWN", func(t *testing.T) {
		codectest.Golden(t, &tfighters.ServerSpawn{ID: 5, X: 9000, Y: 31000, Deg: 18000},
			"1f00 0506 | 05000000 | 28230000 | 18790000 | 50460000 | 00 | 00000000 | 0000 | 00 | 00 | 00000000")
	})
	g("SMSG_SAY", func(t *testing.T) {
		codectest.Golden(t, &tfighters.ServerSay{ID: 5, Text: []byte("hello world")}, "1200 0005 | 05000000 | 68656c6c6f20776f726c6400")
	})
	g("SMSG_NICK", func(t *testing.T) {
		codectest.Golden(t, &tfighters.ServerNick{ID: 5, NewNick: []byte("Bob")}, "0a00 0406 | 05000000 | 426f6200")
	})
	g("SMSG_ACCEL", func(t *testing.T) {
		codectest.Golden(t, &tfighters.ServerAccel{ID: 5, X: 9000, Y: 31000, Accel: 1, Speed: 25},
			"1300 0004 | 05000000 | 28230000 | 18790000 | 01 | 19000000")
	})
	g("SMSG_NEWBULLET", func(t *testing.T) {
		codectest.Golden(t, &tfighters.ServerNewBullet{ID: 0, OwnerID: 5, X: 9000, Y: 31000, Deg: 18000},
			"1600 0306 | 00000000 | 05000000 | 28230000 | 18790000 | 50460000")
	})
	g("SMSG_KICK", func(t *testing.T) {
		codectest.Golden(t, &tfighters.Kick{ID: 5, Text: []byte("Read error")}, "1100 0706 | 05000000 | 52656164206572726f7200")
	})
}

// TestGoldenSpec checks the layouts of the spec's field lists, little-endian
// as the original's put_* functions write them (common/proto.c copies host
// memory), for the messages the capture above does not hold.
func TestGoldenSpec(t *testing.T) {
	g := func(name string, f func(t *testing.T)) { t.Run(name, f) }
	g("CMSG_VERSION", func(t *testing.T) {
		codectest.Golden(t, &tfighters.Version{MyVersion: 1}, "0600 0080 | 01000000")
	})
	g("CMSG_PASS", func(t *testing.T) {
		codectest.Golden(t, &tfighters.Pass{Pass: []byte("pw")}, "0500 0180 | 707700")
	})
	g("CMSG_NICK", func(t *testing.T) {
		codectest.Golden(t, &tfighters.ClientNick{Nick: []byte("Alice")}, "0800 0280 | 416c69636500")
	})
	g("CMSG_PONG", func(t *testing.T) {
		codectest.Golden(t, &tfighters.Pong{ServerTime: 0x19fd}, "0600 0380 | fd190000")
	})
	g("CMSG_SPAWN", func(t *testing.T) {
		codectest.Golden(t, &tfighters.ClientSpawn{}, "0200 0082")
	})
	g("CMSG_ACCEL", func(t *testing.T) {
		// x = -1.00, y = 310.00, accel -1, speed 0.25
		codectest.Golden(t, &tfighters.ClientAccel{X: -100, Y: 31000, Accel: -1, Speed: 25},
			"0f00 0083 | 9cffffff | 18790000 | ff | 19000000")
	})
	g("CMSG_TURN", func(t *testing.T) {
		codectest.Golden(t, &tfighters.ClientTurn{X: 1, Y: 2, Turn: 4, Deg: 35999},
			"0f00 0183 | 01000000 | 02000000 | 04 | 9f8c0000")
	})
	g("CMSG_NEWBULLET", func(t *testing.T) {
		codectest.Golden(t, &tfighters.ClientNewBullet{X: 1, Y: 2, Deg: 3}, "0e00 0283 | 01000000 | 02000000 | 03000000")
	})
	g("CMSG_CMD", func(t *testing.T) {
		codectest.Golden(t, &tfighters.Cmd{Text: []byte("addbot")}, "0900 0085 | 616464626f7400")
	})
	g("CMSG_SAY", func(t *testing.T) {
		codectest.Golden(t, &tfighters.ClientSay{Text: []byte("hi")}, "0500 0185 | 686900")
	})
	g("CMSG_TEAMSAY", func(t *testing.T) {
		codectest.Golden(t, &tfighters.ClientTeamSay{Text: []byte("go")}, "0500 0285 | 676f00")
	})
	g("SMSG_MOTD", func(t *testing.T) {
		codectest.Golden(t, &tfighters.Motd{Text: []byte("a\nb")}, "0600 0100 | 610a6200")
	})
	g("SMSG_PING", func(t *testing.T) {
		codectest.Golden(t, &tfighters.Ping{Time: 0x19fd}, "0600 0200 | fd190000")
	})
	g("SMSG_TURN", func(t *testing.T) {
		codectest.Golden(t, &tfighters.ServerTurn{ID: 6, X: 1, Y: 2, Turn: -4, Deg: 9000},
			"1300 0104 | 06000000 | 01000000 | 02000000 | fc | 28230000")
	})
	g("SMSG_HIT", func(t *testing.T) {
		codectest.Golden(t, &tfighters.Hit{VictimID: 6, EvilID: 1001, NewPower: 3}, "0b00 0304 | 06000000 | e9030000 | 03")
	})
	g("SMSG_TEAMSAY", func(t *testing.T) {
		codectest.Golden(t, &tfighters.ServerTeamSay{ID: 6, Text: []byte("go")}, "0900 0105 | 06000000 | 676f00")
	})
	g("SMSG_DELOBJ", func(t *testing.T) {
		codectest.Golden(t, &tfighters.DelObj{ID: 0x01020304}, "0600 0106 | 04030201")
	})
	g("SMSG_KILL default text", func(t *testing.T) {
		codectest.Golden(t, &tfighters.Kill{VictimID: 6, EvilID: 5}, "0b00 0206 | 06000000 | 05000000 | 00")
	})
	g("SMSG_QUIT", func(t *testing.T) {
		codectest.Golden(t, &tfighters.Quit{ID: 6, Text: []byte("Send error")}, "1100 0606 | 06000000 | 53656e64206572726f7200")
	})
}

// TestGoldenRaw: a frame of a code the spec does not define decodes as a
// *wire.Raw that keeps the frame and re-encodes it byte for byte, and the
// Raw that fuzzers build encodes as given.
func TestGoldenRaw(t *testing.T) {
	frame := codectest.Hex(t, "0500 bc7a | 010203")
	if b := encode(t, raw(0x7abc, []byte{1, 2, 3})); !bytes.Equal(b, frame) {
		t.Errorf("raw(0x7abc) = %x, want %x", b, frame)
	}
	d := tfighters.NewDecoder()
	m, n, err := d.Decode(append(frame, 0xee), tfighters.FromServer)
	r, ok := m.(*wire.Raw)
	if err != nil || !ok || n != len(frame) || r.Code != 0x7abc || r.From != tfighters.FromServer || !bytes.Equal(r.Frame, frame) {
		t.Fatalf("Decode = %#v, %d, %v", m, n, err)
	}
	if b := encode(t, r); !bytes.Equal(b, frame) {
		t.Errorf("re-encodes to %x", b)
	}
	var we *wire.Error
	if err := r.Validate(); !errors.Is(err, wire.ErrUnknownCode) || !errors.As(err, &we) || we.Field != "type" || we.Offset != 2 {
		t.Errorf("Validate = %v", err)
	}
	d.Policy = wire.Strict
	if _, _, err := d.Decode(frame, tfighters.FromServer); !errors.Is(err, wire.ErrUnknownCode) {
		t.Errorf("strict: %v", err)
	}
}
