package tfighters_test

import (
	"bytes"
	"errors"
	"testing"

	"github.com/gamewire/gamewire/internal/codectest"
	"github.com/gamewire/gamewire/tfighters"
	"github.com/gamewire/gamewire/wire"
)

// goldenOriginal are frames captured on 127.0.0.1 from the original
// server (github.com/rayburgemeestre/fighterz, commit
// 8812983267172c88e6318929f1ddb9cdb1969791, server/ built for x86-64
// Linux): every integer little-endian, len counting the type and the data.
var goldenOriginal = []codectest.Vector{
	{Name: "SMSG_HI", Value: &tfighters.Hi{MyVersion: 1, UWID: 5}, Hex: "0a00 0000 | 01000000 | 05000000"},
	{Name: "SMSG_NICKREPLY ok", Value: &tfighters.NickReply{GoodOrBad: tfighters.NickResultOK, Text: []byte("Ok")}, Hex: "0600 0007 | 00 | 4f6b00"},
	{Name: "SMSG_NICKREPLY rejected", Value: &tfighters.NickReply{GoodOrBad: tfighters.NickResultRejected, Text: []byte("Bad character(s) in nick")}, Hex: "1c00 0007 | 01 | 42616420636861726163746572287329 20696e206e69636b00"},
	{Name: "SMSG_PING 64-bit build", Value: &tfighters.Ping{Time: 0x19fd, TimeHigh: []byte{0, 0, 0, 0}}, Hex: "0a00 0200 | fd190000 00000000"},
	{Name: "SMSG_NEWUSER", Value: &tfighters.NewUser{ID: 5, X: 9000, Y: 31000, Deg: 18000, Nick: []byte("Alice")}, Hex: "2900 0006 | 05000000 | 28230000 | 18790000 | 50460000 | 00 | 00000000 | 0000 | 00000000 | 00 | 00 | 00000000 | 416c69636500"},
	{Name: "SMSG_INVINCIBLE", Value: &tfighters.Invincible{ID: 5, YesNo: 1, InvincibilityT: 5000}, Hex: "0b00 0204 | 05000000 | 01 | 88130000"},
	{Name: "SMSG_LAG", Value: &tfighters.Lag{Diff: 1}, Hex: "0600 0300 | 01000000"},
	{Name: "SMSG_SPAWNREADY", Value: &tfighters.SpawnReady{}, Hex: "0200 0002"},
	{Name: "SMSG_SPAWN", Value: &tfighters.ServerSpawn{ID: 5, X: 9000, Y: 31000, Deg: 18000}, Hex: "1f00 0506 | 05000000 | 28230000 | 18790000 | 50460000 | 00 | 00000000 | 0000 | 00 | 00 | 00000000"},
	{Name: "SMSG_SAY", Value: &tfighters.ServerSay{ID: 5, Text: []byte("hello world")}, Hex: "1200 0005 | 05000000 | 68656c6c6f20776f726c6400"},
	{Name: "SMSG_NICK", Value: &tfighters.ServerNick{ID: 5, NewNick: []byte("Bob")}, Hex: "0a00 0406 | 05000000 | 426f6200"},
	{Name: "SMSG_ACCEL", Value: &tfighters.ServerAccel{ID: 5, X: 9000, Y: 31000, Accel: 1, Speed: 25}, Hex: "1300 0004 | 05000000 | 28230000 | 18790000 | 01 | 19000000"},
	{Name: "SMSG_NEWBULLET", Value: &tfighters.ServerNewBullet{ID: 0, OwnerID: 5, X: 9000, Y: 31000, Deg: 18000}, Hex: "1600 0306 | 00000000 | 05000000 | 28230000 | 18790000 | 50460000"},
	{Name: "SMSG_KICK", Value: &tfighters.Kick{ID: 5, Text: []byte("Read error")}, Hex: "1100 0706 | 05000000 | 52656164206572726f7200"},
}

// TestGoldenOriginal checks the frames of the original server
// (goldenOriginal).
func TestGoldenOriginal(t *testing.T) { codectest.Goldens(t, goldenOriginal) }

// goldenSpec are the layouts of the spec's field lists, little-endian
// as the original's put_* functions write them (common/proto.c copies host
// memory), for the messages the capture above does not hold.
var goldenSpec = []codectest.Vector{
	{Name: "CMSG_VERSION", Value: &tfighters.Version{MyVersion: 1}, Hex: "0600 0080 | 01000000"},
	{Name: "CMSG_PASS", Value: &tfighters.Pass{Pass: []byte("pw")}, Hex: "0500 0180 | 707700"},
	{Name: "CMSG_NICK", Value: &tfighters.ClientNick{Nick: []byte("Alice")}, Hex: "0800 0280 | 416c69636500"},
	{Name: "CMSG_PONG", Value: &tfighters.Pong{ServerTime: 0x19fd}, Hex: "0600 0380 | fd190000"},
	{Name: "CMSG_SPAWN", Value: &tfighters.ClientSpawn{}, Hex: "0200 0082"},
	// x = -1.00, y = 310.00, accel -1, speed 0.25
	{Name: "CMSG_ACCEL", Value: &tfighters.ClientAccel{X: -100, Y: 31000, Accel: -1, Speed: 25}, Hex: "0f00 0083 | 9cffffff | 18790000 | ff | 19000000"},
	{Name: "CMSG_TURN", Value: &tfighters.ClientTurn{X: 1, Y: 2, Turn: 4, Deg: 35999}, Hex: "0f00 0183 | 01000000 | 02000000 | 04 | 9f8c0000"},
	{Name: "CMSG_NEWBULLET", Value: &tfighters.ClientNewBullet{X: 1, Y: 2, Deg: 3}, Hex: "0e00 0283 | 01000000 | 02000000 | 03000000"},
	{Name: "CMSG_CMD", Value: &tfighters.Cmd{Text: []byte("addbot")}, Hex: "0900 0085 | 616464626f7400"},
	{Name: "CMSG_SAY", Value: &tfighters.ClientSay{Text: []byte("hi")}, Hex: "0500 0185 | 686900"},
	{Name: "CMSG_TEAMSAY", Value: &tfighters.ClientTeamSay{Text: []byte("go")}, Hex: "0500 0285 | 676f00"},
	{Name: "SMSG_MOTD", Value: &tfighters.Motd{Text: []byte("a\nb")}, Hex: "0600 0100 | 610a6200"},
	{Name: "SMSG_PING", Value: &tfighters.Ping{Time: 0x19fd}, Hex: "0600 0200 | fd190000"},
	{Name: "SMSG_TURN", Value: &tfighters.ServerTurn{ID: 6, X: 1, Y: 2, Turn: -4, Deg: 9000}, Hex: "1300 0104 | 06000000 | 01000000 | 02000000 | fc | 28230000"},
	{Name: "SMSG_HIT", Value: &tfighters.Hit{VictimID: 6, EvilID: 1001, NewPower: 3}, Hex: "0b00 0304 | 06000000 | e9030000 | 03"},
	{Name: "SMSG_TEAMSAY", Value: &tfighters.ServerTeamSay{ID: 6, Text: []byte("go")}, Hex: "0900 0105 | 06000000 | 676f00"},
	{Name: "SMSG_DELOBJ", Value: &tfighters.DelObj{ID: 0x01020304}, Hex: "0600 0106 | 04030201"},
	{Name: "SMSG_KILL default text", Value: &tfighters.Kill{VictimID: 6, EvilID: 5}, Hex: "0b00 0206 | 06000000 | 05000000 | 00"},
	{Name: "SMSG_QUIT", Value: &tfighters.Quit{ID: 6, Text: []byte("Send error")}, Hex: "1100 0606 | 06000000 | 53656e64206572726f7200"},
}

// TestGoldenSpec checks the spec's layouts (goldenSpec).
func TestGoldenSpec(t *testing.T) { codectest.Goldens(t, goldenSpec) }

// TestGoldenRaw: a frame of a code the spec does not define decodes as a
// *wire.Raw that keeps the frame and re-encodes it byte for byte, and the
// Raw that fuzzers build encodes as given.
func TestGoldenRaw(t *testing.T) {
	frame := codectest.Hex(t, "0500 bc7a | 010203")
	if b := codectest.Encode(t, raw(0x7abc, []byte{1, 2, 3})); !bytes.Equal(b, frame) {
		t.Errorf("raw(0x7abc) = %x, want %x", b, frame)
	}
	d := tfighters.NewDecoder()
	m, n, err := d.Decode(append(frame, 0xee), tfighters.FromServer)
	r, ok := m.(*wire.Raw)
	if err != nil || !ok || n != len(frame) || r.Code != 0x7abc || r.From != tfighters.FromServer || !bytes.Equal(r.Frame, frame) {
		t.Fatalf("Decode = %#v, %d, %v", m, n, err)
	}
	if b := codectest.Encode(t, r); !bytes.Equal(b, frame) {
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
