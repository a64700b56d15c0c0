package paintball_test

import (
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/gamewire/gamewire/internal/codectest"
	"github.com/gamewire/gamewire/paintball"
	"github.com/gamewire/gamewire/wire"
)

// goldenVectors are typed by hand from the spec's tables, with the
// types of Java's DataOutputStream (docs/errata/paintball.md, 1-5): '*'
// (2a), the type as a big-endian char ('A' = 0041), Ints as big-endian
// two's complement, Doubles as big-endian IEEE 754, Strings as writeUTF.
// No traffic of the original game is public.
var goldenVectors = []codectest.Vector{
	{Name: "Login", Value: &paintball.Login{Username: paintball.UTF("bob")}, Hex: "2a | 0046 | 0003 626f62"},
	{Name: "Login empty", Value: &paintball.Login{}, Hex: "2a | 0046 | 0000"},
	{Name: "Login with U+0000 as C0 80", Value: &paintball.Login{Username: paintball.UTF("a\xc0\x80b")}, Hex: "2a | 0046 | 0004 61c08062"},
	{Name: "Login with U+1F600 as two surrogates", Value: &paintball.Login{Username: paintball.UTF("\xed\xa0\xbd\xed\xb8\x80")}, Hex: "2a | 0046 | 0006 eda0bd edb880"},
	{Name: "Login with a lone surrogate", Value: &paintball.Login{Username: paintball.UTF("\xed\xa0\x80")}, Hex: "2a | 0046 | 0003 eda080"},
	{Name: "Login é", Value: &paintball.Login{Username: paintball.UTF("é")}, Hex: "2a | 0046 | 0002 c3a9"},
	{Name: "Update", Value: &paintball.Update{ObjectType: paintball.ObjectTypePlayer, ObjectID: 7, PositionX: 100, PositionY: 200, VelocityX: -5, VelocityY: 3, Facing: math.Pi / 2}, Hex: "2a | 0041 | 0050 | 00000007 | 00000064 | 000000c8 | fffffffb | 00000003 | 3ff921fb54442d18"},
	{Name: "Player Update Request", Value: &paintball.PlayerUpdateRequest{VelocityX: 10, VelocityY: -10, Facing: math.Copysign(0, -1)}, Hex: "2a | 0043 | 0000000a | fffffff6 | 8000000000000000"},
	{Name: "Player Update Request extremes", Value: &paintball.PlayerUpdateRequest{VelocityX: math.MinInt32, VelocityY: math.MaxInt32, Facing: math.Inf(-1)}, Hex: "2a | 0043 | 80000000 | 7fffffff | fff0000000000000"},
	{Name: "Shoot Update Request none", Value: &paintball.ShootUpdateRequest{ShootingState: paintball.ShootingStateNone}, Hex: "2a 0044 00"},
	{Name: "Shoot Update Request single", Value: &paintball.ShootUpdateRequest{ShootingState: paintball.ShootingStateSingle}, Hex: "2a 0044 01"},
	{Name: "Shoot Update Request automatic", Value: &paintball.ShootUpdateRequest{ShootingState: paintball.ShootingStateAutomatic}, Hex: "2a 0044 02"},
	{Name: "Game Dump Request", Value: &paintball.GameDumpRequest{}, Hex: "2a | 0045"},
}

// TestGolden checks goldenVectors, and two Updates more closely.
func TestGolden(t *testing.T) {
	codectest.Goldens(t, goldenVectors)
	t.Run("Update dead", func(t *testing.T) {
		u := &paintball.Update{ObjectType: paintball.ObjectTypePaintball, ObjectID: 0x7fffffff,
			PositionX: -1, PositionY: -1, Facing: math.Pi}
		codectest.Golden(t, u, "2a | 0041 | 0042 | 7fffffff | ffffffff | ffffffff | 00000000 | 00000000 | 400921fb54442d18")
		if !u.Dead() {
			t.Error("Dead() = false for positions -1, -1")
		}
	})
	t.Run("Update with NaN payload facing", func(t *testing.T) {
		u := &paintball.Update{ObjectType: paintball.ObjectTypeObstacle, ObjectID: -2,
			Facing: math.Float64frombits(0x7ff0000000000001)}
		codectest.Golden(t, u, "2a | 0041 | 004f | fffffffe | 00000000 | 00000000 | 00000000 | 00000000 | 7ff0000000000001")
		if err := u.Validate(); !errors.Is(err, wire.ErrInvalid) {
			t.Errorf("Validate = %v, want ErrInvalid (NaN facing)", err)
		}
	})
}

// TestGoldenBroken: packets that must be refused, each with the sentinel,
// the field and the byte offset of the error.
func TestGoldenBroken(t *testing.T) {
	codectest.CheckBroken(t, "paintball", codectest.Whole(paintball.Table()), []codectest.Broken{
		{Name: "empty", Hex: "", From: paintball.FromClient, Kind: wire.ErrShort, Field: "type", Offset: 1},
		{Name: "no marker", Hex: "2b 0045", From: paintball.FromClient, Kind: wire.ErrInvalid, Message: "GameDumpRequest", Field: "marker"},
		{Name: "type B", Hex: "2a 0042", From: paintball.FromClient, Kind: wire.ErrUnknownCode, Message: "frame", Field: "type", Offset: 1},
		{Name: "type F as the number 15", Hex: "2a 000f 0003 626f62", From: paintball.FromClient, Kind: wire.ErrUnknownCode, Message: "frame", Field: "type", Offset: 1},
		{Name: "Update from a client", Hex: "2a 0041" + strings.Repeat("00", 30), From: paintball.FromClient, Kind: wire.ErrUnknownCode, Message: "frame", Field: "type", Offset: 1},
		{Name: "request from the server", Hex: "2a 0045", From: paintball.FromServer, Kind: wire.ErrUnknownCode, Message: "frame", Field: "type", Offset: 1},
		{Name: "Login cut in its count", Hex: "2a 0046 00", From: paintball.FromClient, Kind: wire.ErrShort, Message: "Login", Field: "username", Offset: 3},
		{Name: "Login cut in its name", Hex: "2a 0046 0005 6162", From: paintball.FromServer, Kind: wire.ErrShort, Message: "Login", Field: "username", Offset: 3},
		{Name: "Login with a byte 00", Hex: "2a 0046 0001 00", From: paintball.FromClient, Kind: wire.ErrInvalid, Message: "Login", Field: "username", Offset: 3},
		{Name: "Login with a four-byte sequence", Hex: "2a 0046 0004 f09f9880", From: paintball.FromClient, Kind: wire.ErrInvalid, Message: "Login", Field: "username", Offset: 3},
		{Name: "Login with an overlong A", Hex: "2a 0046 0002 c181", From: paintball.FromClient, Kind: wire.ErrInvalid, Message: "Login", Field: "username", Offset: 3},
		{Name: "Login with a truncated sequence", Hex: "2a 0046 0002 61e2", From: paintball.FromClient, Kind: wire.ErrInvalid, Message: "Login", Field: "username", Offset: 3},
		{Name: "Login with a stray continuation", Hex: "2a 0046 0001 80", From: paintball.FromClient, Kind: wire.ErrInvalid, Message: "Login", Field: "username", Offset: 3},
		{Name: "Update cut in facing", Hex: "2a 0041 0050 00000007 00000064 000000c8 fffffffb 00000003 3ff921fb54442d", From: paintball.FromServer, Kind: wire.ErrShort, Message: "Update", Field: "facing", Offset: 25},
		{Name: "Player Update Request cut", Hex: "2a 0043 0000000a ffff", From: paintball.FromClient, Kind: wire.ErrShort, Message: "PlayerUpdateRequest", Field: "velocityY", Offset: 7},
		{Name: "Shoot Update Request without its state", Hex: "2a 0044", From: paintball.FromClient, Kind: wire.ErrShort, Message: "ShootUpdateRequest", Field: "shootingState", Offset: 3},
	})
}

// TestValidate: packets that decode but break a rule of the spec.
func TestValidate(t *testing.T) {
	for _, tt := range []struct {
		name  string
		m     paintball.Message
		field string
	}{
		{"shooting state 3", &paintball.ShootUpdateRequest{ShootingState: 3}, "shootingState"},
		{"shooting state Java -1", &paintball.ShootUpdateRequest{ShootingState: 255}, "shootingState"},
		{"facing NaN", &paintball.PlayerUpdateRequest{Facing: math.NaN()}, "facing"},
		{"facing +Inf", &paintball.Update{ObjectType: paintball.ObjectTypePlayer, Facing: math.Inf(1)}, "facing"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.m.Validate()
			var e *wire.Error
			if !errors.Is(err, wire.ErrInvalid) || !errors.As(err, &e) || e.Field != tt.field {
				t.Fatalf("Validate = %v, want ErrInvalid on %s", err, tt.field)
			}
			// The codec carries it all the same: a fuzzer can send it.
			b, err := tt.m.AppendBinary(nil)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := tt.m.Decode(b); err != nil {
				t.Fatal(err)
			}
		})
	}
	for _, m := range []paintball.Message{
		&paintball.Login{}, &paintball.GameDumpRequest{},
		&paintball.Update{ObjectType: paintball.ObjectTypePaintball, Facing: -7},
		&paintball.ShootUpdateRequest{ShootingState: paintball.ShootingStateAutomatic},
		&paintball.PlayerUpdateRequest{Facing: math.Copysign(0, -1)},
	} {
		if err := m.Validate(); err != nil {
			t.Errorf("%s: Validate = %v", m.Form().Name, err)
		}
	}
}

// TestOtherObjectType: the spec gives no object types, so a letter this
// package does not name ('T', 0054) is no error under any policy: it
// decodes, passes Validate, prints as its number and re-encodes as it came
// (docs/errata/paintball.md, 9).
func TestOtherObjectType(t *testing.T) {
	b := codectest.Hex(t, "2a 0041 0054 00000009 00000001 00000002 00000000 00000000 0000000000000000")
	m, n, err := paintball.Decode(b, paintball.FromServer)
	if err != nil || n != len(b) {
		t.Fatalf("Decode = %d, %v", n, err)
	}
	u, ok := m.(*paintball.Update)
	if !ok || u.ObjectType != 'T' || u.ObjectType.Known() {
		t.Fatalf("Decode = %#v", m)
	}
	if err := u.Validate(); err != nil {
		t.Errorf("Validate = %v", err)
	}
	if got := u.ObjectType.String(); got != "84" {
		t.Errorf("String = %q, want 84", got)
	}
	if back, err := u.AppendBinary(nil); err != nil || string(back) != string(b) {
		t.Errorf("AppendBinary = % x, %v", back, err)
	}
	d := paintball.NewDecoder()
	d.Policy = wire.Strict
	if _, _, err := d.Decode(b, paintball.FromServer); err != nil {
		t.Errorf("Strict: %v", err)
	}
}

// TestLoginRefusesOnEncode: writeUTF cannot write these.
func TestLoginRefusesOnEncode(t *testing.T) {
	for _, tt := range []struct {
		name string
		u    paintball.UTF
		kind error
	}{
		{"65536 bytes", paintball.UTF(strings.Repeat("a", 65536)), wire.ErrTooLong},
		{"a byte 00", paintball.UTF("a\x00"), wire.ErrInvalid},
		{"four-byte UTF-8", paintball.UTF("\xf0\x9f\x98\x80"), wire.ErrInvalid},
	} {
		m := &paintball.Login{Username: tt.u}
		b, err := m.AppendBinary([]byte{1})
		var e *wire.Error
		if !errors.Is(err, tt.kind) || !errors.As(err, &e) || e.Field != "username" || e.Message != "Login" {
			t.Errorf("%s: AppendBinary error %v, want %v on Login.username", tt.name, err, tt.kind)
		}
		if len(b) != 1 {
			t.Errorf("%s: AppendBinary appended %d bytes on failure", tt.name, len(b)-1)
		}
	}
	m := &paintball.Login{Username: paintball.UTF(strings.Repeat("a", 65535))}
	b, err := m.AppendBinary(nil)
	if err != nil || len(b) != paintball.MaxFrame {
		t.Errorf("the longest username: %d bytes, %v; want %d", len(b), err, paintball.MaxFrame)
	}
}
