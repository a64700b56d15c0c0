package tfighters_test

import (
	"testing"

	"github.com/gamewire/gamewire/tfighters"
)

func TestEnumText(t *testing.T) {
	for v := range 4 {
		ot := tfighters.ObjectType(v)
		b, _ := ot.MarshalText()
		var back tfighters.ObjectType
		if err := back.UnmarshalText(b); err != nil || back != ot {
			t.Errorf("ObjectType %d: %s -> %d, %v", v, b, back, err)
		}
		nr := tfighters.NickResult(v)
		b, _ = nr.MarshalText()
		var nback tfighters.NickResult
		if err := nback.UnmarshalText(b); err != nil || nback != nr {
			t.Errorf("NickResult %d: %s -> %d, %v", v, b, nback, err)
		}
	}
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
