package bzflag_test

import (
	"strings"
	"testing"

	"github.com/gamewire/gamewire/bzflag"
)

// TestCodeText checks Code's text against the table for every code: a
// code with a form is known and named by its form (either direction's),
// a few more codes of 1.7 by name too, any other prints in hexadecimal;
// every name (each form's too) and number parses back to its code, and a
// form's Go type name is not a code's name.
func TestCodeText(t *testing.T) {
	table := bzflag.Table()
	for i := 0; i <= 0xffff; i++ {
		c := bzflag.Code(i)
		name := c.String()
		f := table.Lookup(uint32(i), bzflag.FromClient)
		if f == nil {
			f = table.Lookup(uint32(i), bzflag.FromServer)
		}
		if f != nil && name != f.Name {
			t.Errorf("%#04x: String = %q, its form is %q", i, name, f.Name)
		}
		if hex := strings.HasPrefix(name, "0x"); c.Known() == hex || f != nil && hex {
			t.Errorf("%#04x: String = %q, Known = %v", i, name, c.Known())
		}
		var back bzflag.Code
		if err := back.UnmarshalText([]byte(name)); err != nil || back != c {
			t.Errorf("%#04x: %q parses as %v, %v", i, name, back, err)
		}
	}
	for i := range table.Forms {
		f := &table.Forms[i]
		var c bzflag.Code
		if err := c.UnmarshalText([]byte(f.Name)); err != nil || uint32(c) != f.Code {
			t.Errorf("%s parses as %v, %v; want %#04x", f.Name, c, err, f.Code)
		}
		if err := c.UnmarshalText([]byte(f.Type)); err == nil && f.Type != f.Name {
			t.Errorf("the Go type name %q parses as a code, %v", f.Type, c)
		}
	}
	for _, tt := range []struct {
		text string
		want bzflag.Code
	}{
		{"MsgTimeUpdate", bzflag.CodeTimeLeft},
		{"MsgNull", bzflag.CodeNull},
		{"MsgVideo", bzflag.CodeVideo},
		{"25966", bzflag.CodeEnter},
	} {
		var c bzflag.Code
		if err := c.UnmarshalText([]byte(tt.text)); err != nil || c != tt.want {
			t.Errorf("%q parses as %v, %v; want %v", tt.text, c, err, tt.want)
		}
	}
	for _, bad := range []string{"", "MsgNothing", "0x10000", "-1", "msgenter"} {
		var c bzflag.Code
		if err := c.UnmarshalText([]byte(bad)); err == nil {
			t.Errorf("%q parses as %v", bad, c)
		}
	}
}
