package tfighters_test

import (
	"errors"
	"fmt"
	"testing"

	"github.com/gamewire/gamewire/internal/codectest"
	"github.com/gamewire/gamewire/tfighters"
	"github.com/gamewire/gamewire/wire"
)

// TestEnumText: the enums print by the original's names, or as numbers;
// every value of both survives its text form, and so does a code; text
// that names no value fails with wire.ErrInvalid.
func TestEnumText(t *testing.T) {
	var ot tfighters.ObjectType
	var nr tfighters.NickResult
	var c tfighters.Code
	for _, tt := range []struct {
		v    fmt.Stringer
		text string
	}{
		{tfighters.ObjectTypeBullet, "T_BULLET"},
		{tfighters.ObjectType(9), "9"},
		{tfighters.NickResultRejected, "rejected"},
		{tfighters.NickResult(2), "2"},
	} {
		if got := tt.v.String(); got != tt.text {
			t.Errorf("%T(%v) = %q, want %q", tt.v, tt.v, got, tt.text)
		}
	}
	codectest.CheckText(t, tfighters.ObjectType(255))
	codectest.CheckText(t, tfighters.NickResult(255))
	for _, bad := range []string{"", "T_TANK", "256", "-1"} {
		if !errors.Is(ot.UnmarshalText([]byte(bad)), wire.ErrInvalid) || !errors.Is(nr.UnmarshalText([]byte(bad)), wire.ErrInvalid) {
			t.Errorf("enum text %q accepted, or refused with another error", bad)
		}
	}
	if !errors.Is(c.UnmarshalText([]byte("CMSG_NOPE")), wire.ErrInvalid) || !errors.Is(c.UnmarshalText([]byte("0x10000")), wire.ErrInvalid) {
		t.Error("bad code text accepted, or refused with another error")
	}
	if err := c.UnmarshalText([]byte("0x7abc")); err != nil || c != 0x7abc {
		t.Errorf("0x7abc: %v, %v", c, err)
	}
}
