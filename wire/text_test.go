package wire_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"math/rand"
	"testing"
	"unicode/utf8"

	"github.com/gamewire/gamewire/wire"
)

// textCases pair bytes with their text form.
var textCases = []struct {
	name       string
	raw, text  string
	parsesOnly bool // text is another spelling of raw, not what AppendText gives
}{
	{"empty", "", "", false},
	{"ascii", "hello", "hello", false},
	{"backslash", `a\b`, `a\\b`, false},
	{"nul", "a\x00b", `a\x00b`, false},
	{"control", "\x01\t\n", "\x01\t\n", false},
	{"twobyte", "é", "é", false},
	{"fourbyte", "😀", "😀", false},
	{"fffd", "\uFFFD", "\uFFFD", false},
	{"invalid", "\xff", `\xff`, false},
	{"surrogate", "\xed\xa0\x80", `\xed\xa0\x80`, false},
	{"truncated", "a\xe2\x82", `a\xe2\x82`, false},
	{"overlong", "\xc0\x80", `\xc0\x80`, false},
	{"looks-escaped", `\x41`, `\\x41`, false},
	{"upperhex", "\xaf", `\xAF`, true},
	{"escaped-ascii", "A", `\x41`, true},
}

func TestAppendText(t *testing.T) {
	for _, tt := range textCases {
		if tt.parsesOnly {
			continue
		}
		got := wire.AppendText([]byte("pre:"), []byte(tt.raw))
		if string(got) != "pre:"+tt.text {
			t.Errorf("%s: AppendText(%q) = %q, want %q", tt.name, tt.raw, got[4:], tt.text)
		}
		if got, _ := wire.Text(tt.raw).MarshalText(); string(got) != tt.text {
			t.Errorf("%s: MarshalText = %q, want %q", tt.name, got, tt.text)
		}
	}
}

func TestParseText(t *testing.T) {
	for _, tt := range textCases {
		got, err := wire.ParseText([]byte("pre:"), []byte(tt.text))
		if err != nil || string(got) != "pre:"+tt.raw {
			t.Errorf("%s: ParseText(%q) = %q, %v; want %q", tt.name, tt.text, got, err, tt.raw)
		}
		var txt wire.Text
		if err := txt.UnmarshalText([]byte(tt.text)); err != nil || string(txt) != tt.raw {
			t.Errorf("%s: UnmarshalText(%q) = %q, %v; want %q", tt.name, tt.text, txt, err, tt.raw)
		}
	}
}

func TestParseTextInvalid(t *testing.T) {
	tests := []struct {
		text string
		off  int
	}{
		{`\`, 0},
		{`ab\`, 2},
		{`\n`, 0},
		{`\X41`, 0},
		{`\x4`, 0},
		{`\x4g`, 0},
		{`\xg4`, 0},
		{`ok\\then\q`, 8},
		{`\u0041`, 0},
	}
	for _, tt := range tests {
		_, err := wire.ParseText(nil, []byte(tt.text))
		checkError(t, err, wire.Error{Message: "text", Offset: tt.off, Err: wire.ErrInvalid})
		var txt wire.Text
		checkError(t, txt.UnmarshalText([]byte(tt.text)), wire.Error{Message: "text", Offset: tt.off, Err: wire.ErrInvalid})
	}
}

// randomBytes returns n bytes biased toward the ones that need care:
// backslashes, NULs, 'x' and hex digits after a backslash, UTF-8 lead and
// continuation bytes.
func randomBytes(rng *rand.Rand, n int) []byte {
	const tricky = "\\\x00x0aF\x80\xbf\xc0\xc3\xa9\xe2\x82\xac\xed\xa0\xf0\x9f\xff"
	b := make([]byte, n)
	for i := range b {
		if rng.Intn(2) == 0 {
			b[i] = tricky[rng.Intn(len(tricky))]
		} else {
			b[i] = byte(rng.Intn(256))
		}
	}
	return b
}

// TestTextRoundTrip: any bytes -> text -> the same bytes; the text is valid
// UTF-8 without NUL, and survives JSON.
func TestTextRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewSource(2))
	for i := range 3000 {
		raw := randomBytes(rng, rng.Intn(40))
		text := wire.AppendText(nil, raw)
		if !utf8.Valid(text) || bytes.IndexByte(text, 0) >= 0 {
			t.Fatalf("AppendText(%q) = %q: not valid UTF-8 without NUL", raw, text)
		}
		back, err := wire.ParseText(nil, text)
		if err != nil || !bytes.Equal(back, raw) {
			t.Fatalf("ParseText(AppendText(%q)) = %q, %v", raw, back, err)
		}
		if i%10 == 0 {
			j, err := json.Marshal(struct{ T wire.Text }{raw})
			if err != nil {
				t.Fatal(err)
			}
			var v struct{ T wire.Text }
			if err := json.Unmarshal(j, &v); err != nil || !bytes.Equal(v.T, raw) {
				t.Fatalf("JSON round trip of %q via %s = %q, %v", raw, j, v.T, err)
			}
		}
	}
}

func TestTextUnmarshalReuses(t *testing.T) {
	txt := make(wire.Text, 0, 32)
	if err := txt.UnmarshalText([]byte(`ab\x00`)); err != nil {
		t.Fatal(err)
	}
	p := &txt[:1][0]
	if err := txt.UnmarshalText([]byte(`cd`)); err != nil || string(txt) != "cd" {
		t.Fatalf("second UnmarshalText = %q, %v", txt, err)
	}
	if &txt[0] != p {
		t.Error("UnmarshalText did not reuse the capacity")
	}
}

func TestMarshalFixed(t *testing.T) {
	tests := []struct {
		field string
		want  string
	}{
		{"\x00\x00\x00\x00", ""},
		{"ab\x00\x00", "ab"},
		{"a\x00b\x00", `a\x00b`},
		{"abcd", "abcd"},
		{"\\\xff\x00\x00", `\\\xff`},
		{"\x00\x00\x00x", `\x00\x00\x00x`},
	}
	for _, tt := range tests {
		got, err := wire.MarshalFixed([]byte(tt.field))
		if err != nil || string(got) != tt.want {
			t.Errorf("MarshalFixed(%q) = %q, %v; want %q", tt.field, got, err, tt.want)
		}
		field := []byte("\xee\xee\xee\xee")
		if err := wire.UnmarshalFixed(field, got); err != nil || string(field) != tt.field {
			t.Errorf("UnmarshalFixed(%q) = %q, %v; want %q", got, field, err, tt.field)
		}
	}
}

func TestUnmarshalFixedErrors(t *testing.T) {
	tests := []struct {
		text string
		want wire.Error
	}{
		{"abcde", wire.Error{Message: "text", Offset: 4, Err: wire.ErrTooLong}},
		{`abcd\x00`, wire.Error{Message: "text", Offset: 4, Err: wire.ErrTooLong}},
		{`ab\q`, wire.Error{Message: "text", Offset: 2, Err: wire.ErrInvalid}},
	}
	for _, tt := range tests {
		field := []byte("wxyz")
		err := wire.UnmarshalFixed(field, []byte(tt.text))
		checkError(t, err, tt.want)
		if string(field) != "wxyz" {
			t.Errorf("UnmarshalFixed(%q) failed but changed the field to %q", tt.text, field)
		}
	}
	// Text for more than the 256-byte scratch buffer still works.
	long := bytes.Repeat([]byte("a"), 300)
	field := make([]byte, 300)
	if err := wire.UnmarshalFixed(field, long); err != nil || !bytes.Equal(field, long) {
		t.Errorf("UnmarshalFixed of 300 bytes: %v", err)
	}
}

// TestFixedRoundTrip: any fixed field -> text -> the same field.
func TestFixedRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	for range 3000 {
		field := randomBytes(rng, 1+rng.Intn(32))
		for i := len(field) - rng.Intn(len(field)+1); i < len(field); i++ {
			field[i] = 0 // NUL padding of random length
		}
		text, err := wire.MarshalFixed(field)
		if err != nil {
			t.Fatal(err)
		}
		back := bytes.Repeat([]byte{0xee}, len(field))
		if err := wire.UnmarshalFixed(back, text); err != nil || !bytes.Equal(back, field) {
			t.Fatalf("UnmarshalFixed(MarshalFixed(%q)) = %q, %v", field, back, err)
		}
	}
}

// TestTextUnmarshalFailureKeepsValue: a bad escape leaves the value as it
// was, not half overwritten.
func TestTextUnmarshalFailureKeepsValue(t *testing.T) {
	v := wire.Text("hello")
	if err := v.UnmarshalText([]byte(`ab\q`)); !errors.Is(err, wire.ErrInvalid) {
		t.Fatalf("error %v, want ErrInvalid", err)
	}
	if string(v) != "hello" {
		t.Errorf("after a failed UnmarshalText the value is %q, want %q", v, "hello")
	}
}
