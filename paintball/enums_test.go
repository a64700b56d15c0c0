package paintball_test

import (
	"errors"
	"testing"

	"github.com/gamewire/gamewire/internal/codectest"
	"github.com/gamewire/gamewire/paintball"
	"github.com/gamewire/gamewire/wire"
)

// TestEnumText: every value of both enums survives its text form, known
// values by name, unknown ones as a number or a quoted character.
func TestEnumText(t *testing.T) {
	codectest.CheckText(t, paintball.ObjectType(0xffff))
	codectest.CheckText(t, paintball.ShootingState(0xff))
	for _, tt := range []struct {
		v    paintball.ObjectType
		text string
	}{{'P', "player"}, {'B', "paintball"}, {'O', "obstacle"}, {'X', "88"}, {0, "0"}, {'\'', "39"}, {0xffff, "65535"}} {
		if got := tt.v.String(); got != tt.text {
			t.Errorf("ObjectType(%d) = %q, want %q", tt.v, got, tt.text)
		}
	}
	for i, want := range []string{"none", "single", "automatic", "3"} {
		if got := paintball.ShootingState(i).String(); got != want {
			t.Errorf("ShootingState(%d) = %q, want %q", i, got, want)
		}
	}
	for _, bad := range []string{"", "tank", "''", "65536", "-1"} {
		var o paintball.ObjectType
		if err := o.UnmarshalText([]byte(bad)); !errors.Is(err, wire.ErrInvalid) {
			t.Errorf("ObjectType.UnmarshalText(%q) = %v", bad, err)
		}
	}
	for _, bad := range []string{"", "burst", "256"} {
		var s paintball.ShootingState
		if err := s.UnmarshalText([]byte(bad)); !errors.Is(err, wire.ErrInvalid) {
			t.Errorf("ShootingState.UnmarshalText(%q) = %v", bad, err)
		}
	}
}
