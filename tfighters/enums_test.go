package tfighters_test

import (
	"testing"

	"github.com/gamewire/gamewire/internal/codectest"
	"github.com/gamewire/gamewire/tfighters"
)

func TestEnumText(t *testing.T) {
	codectest.CheckText(t, tfighters.ObjectType(3))
	codectest.CheckText(t, tfighters.NickResult(3))
	if s := tfighters.ObjectTypeBullet.String(); s != "T_BULLET" {
		t.Errorf("T_BULLET = %s", s)
	}
	if s := tfighters.ObjectType(9).String(); s != "9" {
		t.Errorf("ObjectType(9) = %s", s)
	}
	var ot tfighters.ObjectType
	var nr tfighters.NickResult
	var c tfighters.Code
	for _, bad := range []string{"", "T_TANK", "256", "-1"} {
		if ot.UnmarshalText([]byte(bad)) == nil || nr.UnmarshalText([]byte(bad)) == nil {
			t.Errorf("enum text %q accepted", bad)
		}
	}
	if c.UnmarshalText([]byte("CMSG_NOPE")) == nil || c.UnmarshalText([]byte("0x10000")) == nil {
		t.Error("bad code text accepted")
	}
	if err := c.UnmarshalText([]byte("0x7abc")); err != nil || c != 0x7abc {
		t.Errorf("0x7abc: %v, %v", c, err)
	}
}
