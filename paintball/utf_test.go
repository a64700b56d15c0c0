package paintball_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"math/rand"
	"strings"
	"testing"

	"github.com/gamewire/gamewire/fuzz/paintballgen"
	"github.com/gamewire/gamewire/internal/codectest"
	"github.com/gamewire/gamewire/paintball"
	"github.com/gamewire/gamewire/wire"
	"github.com/leanovate/gopter"
)

func TestMakeUTF(t *testing.T) {
	tests := []struct {
		in   string
		want string // hex
		kind error
	}{
		{"bob", "626f62", nil},
		{"", "", nil},
		{"\x00", "c080", nil},
		{"é", "c3a9", nil},
		{"€", "e282ac", nil},
		{"😀", "eda0bdedb880", nil},
		{"\xed\xa0\x80", "eda080", nil}, // a lone surrogate, as MarshalText writes it
		{"\xff", "", wire.ErrInvalid},
		{"a\xc3", "", wire.ErrInvalid},
		{strings.Repeat("a", 65535), strings.Repeat("61", 65535), nil},
		{strings.Repeat("a", 65536), "", wire.ErrTooLong},
		{strings.Repeat("\x00", 32768), "", wire.ErrTooLong}, // 65536 bytes once encoded
	}
	for _, tt := range tests {
		got, err := paintball.MakeUTF(tt.in)
		if !errors.Is(err, tt.kind) || (err == nil && !bytes.Equal(got, codectest.Hex(t, tt.want))) {
			t.Errorf("MakeUTF(%.20q) = %.40x, %v; want %.40s, %v", tt.in, got, err, tt.want, tt.kind)
		}
	}
	if s := paintball.UTF("a\xc0\x80\xed\xa0\xbd\xed\xb8\x80\xed\xa0\x80").String(); s != "a\x00😀\uFFFD" {
		t.Errorf("String = %q", s)
	}
}

// TestUTFText: the text form of every Java string converts back to the
// same bytes, and is readable: plain characters stay as they are.
func TestUTFText(t *testing.T) {
	for _, tt := range []struct{ utf, text string }{
		{"bob", "bob"},
		{"a\xc0\x80b", `a\x00b`},
		{"back\\slash", `back\\slash`},
		{"\xed\xa0\xbd\xed\xb8\x80", "😀"},
		{"\xed\xa0\x80", `\xed\xa0\x80`},
	} {
		got, err := paintball.UTF(tt.utf).MarshalText()
		if err != nil || string(got) != tt.text {
			t.Errorf("MarshalText(%x) = %s, %v; want %s", tt.utf, got, err, tt.text)
		}
	}
	if _, err := paintball.UTF("\x00").MarshalText(); !errors.Is(err, wire.ErrInvalid) {
		t.Errorf("MarshalText of a byte 00: %v", err)
	}
	p := gopter.DefaultGenParameters()
	p.Rng = rand.New(rand.NewSource(11))
	g := paintballgen.JavaUnits()
	for i := 0; i < 3000; i++ {
		v, _ := g(p).Retrieve()
		b := paintballgen.WriteUTF(v.([]uint16))
		text, err := paintball.UTF(b).MarshalText()
		if err != nil {
			t.Fatalf("%x: %v", b, err)
		}
		var back paintball.UTF
		if err := back.UnmarshalText(text); err != nil || !bytes.Equal(back, b) {
			t.Fatalf("%x -> %s -> %x, %v", b, text, back, err)
		}
		// And through the Login's JSON.
		j, err := json.Marshal(&paintball.Login{Username: b})
		if err != nil {
			t.Fatal(err)
		}
		var l paintball.Login
		if err := json.Unmarshal(j, &l); err != nil || !bytes.Equal(l.Username, b) {
			t.Fatalf("%x -> %s -> %x, %v", b, j, l.Username, err)
		}
	}
}

func TestLoginJSON(t *testing.T) {
	j, err := json.Marshal(paintball.Login{Username: []byte("a\"b\xc0\x80")})
	if err != nil || string(j) != `{"username":"a\"b\\x00"}` {
		t.Errorf("Marshal = %s, %v", j, err)
	}
	for _, bad := range []string{`{"user":"x"}`, `{"username":"x","username":"y"}`, `[]`, `{"username":1}`, `{"username":"\q"}`, `{"username":"\x"}`} {
		var l paintball.Login
		if err := json.Unmarshal([]byte(bad), &l); err == nil {
			t.Errorf("Unmarshal(%s) accepted", bad)
		}
	}
	var l paintball.Login
	if err := json.Unmarshal([]byte(` { "username" : "\u00e9\ud83d\ude00" } `), &l); err != nil || string(l.Username) != "\xc3\xa9\xed\xa0\xbd\xed\xb8\x80" {
		t.Errorf("Unmarshal: %x, %v", l.Username, err)
	}
	if err := json.Unmarshal([]byte(`{}`), &l); err != nil || len(l.Username) != 0 {
		t.Errorf("Unmarshal({}): %q, %v", l.Username, err)
	}
}
