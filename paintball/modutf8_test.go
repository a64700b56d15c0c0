package paintball

import (
	"bytes"
	"encoding/hex"
	"errors"
	"math/rand"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/gamewire/gamewire/wire"
)

// modifiedCases pair strings with their modified UTF-8, written by hand.
var modifiedCases = []struct {
	s    string
	want string // hex
}{
	{"", ""},
	{"A", "41"},
	{"\x00", "c0 80"},
	{"a\x00b", "61 c0 80 62"},
	{"\u007f", "7f"},
	{"\u0080", "c2 80"},
	{"é", "c3 a9"},
	{"\u07ff", "df bf"},
	{"\u0800", "e0 a0 80"},
	{"€", "e2 82 ac"},
	{"\uffff", "ef bf bf"},
	{"\U00010000", "ed a0 80 ed b0 80"},
	{"😀", "ed a0 bd ed b8 80"},
	{"\U0010ffff", "ed af bf ed bf bf"},
}

func TestAppendModifiedUTF8(t *testing.T) {
	for _, tt := range modifiedCases {
		want := unhex(tt.want)
		got := appendModifiedUTF8([]byte{0xaa}, tt.s)
		if !bytes.Equal(got, append([]byte{0xaa}, want...)) {
			t.Errorf("appendModifiedUTF8(%+q) = % x, want aa % x", tt.s, got, want)
		}
		dec, err := decodeModifiedUTF8([]byte("pre:"), want)
		if err != nil || string(dec) != "pre:"+tt.s {
			t.Errorf("decodeModifiedUTF8(% x) = %+q, %v; want %+q", want, dec, err, tt.s)
		}
		if !validModifiedUTF8(want) {
			t.Errorf("validModifiedUTF8(% x) = false", want)
		}
	}
	// Invalid UTF-8 in the input is written as U+FFFD.
	if got := appendModifiedUTF8(nil, "a\xffb"); !bytes.Equal(got, unhex("61 ef bf bd 62")) {
		t.Errorf("appendModifiedUTF8(a\\xffb) = % x, want 61 ef bf bd 62", got)
	}
}

func TestDecodeModifiedUTF8Surrogates(t *testing.T) {
	tests := []struct {
		in   string // hex
		want string
	}{
		{"ed a0 80", "\uFFFD"},                    // lone high surrogate at the end
		{"ed b0 80", "\uFFFD"},                    // lone low surrogate
		{"ed a0 80 41", "\uFFFDA"},                // high, then not a surrogate
		{"ed a0 80 ed a0 80", "\uFFFD\uFFFD"},     // two highs
		{"ed b0 80 ed a0 80", "\uFFFD\uFFFD"},     // low before high
		{"ed a0 80 c3 a9", "\uFFFDé"},             // high, then a two-byte sequence
		{"ed a0 80 ee 80 80", "\uFFFD\ue000"},     // high, then the first rune past the lows
		{"ed a0 80 ed af bf", "\uFFFD\uFFFD"},     // high, then the last high
		{"ed af bf ed bf bf", "\U0010ffff"},       // the last pair
		{"ed a0 bd ed b8 80 ed b0 80", "😀\uFFFD"}, // pair, then a lone low
	}
	for _, tt := range tests {
		in := unhex(tt.in)
		got, err := decodeModifiedUTF8(nil, in)
		if err != nil || string(got) != tt.want {
			t.Errorf("decodeModifiedUTF8(% x) = %+q, %v; want %+q", in, got, err, tt.want)
		}
		if !validModifiedUTF8(in) {
			t.Errorf("validModifiedUTF8(% x) = false, want true (Java allows lone surrogates)", in)
		}
	}
}

func TestDecodeModifiedUTF8Invalid(t *testing.T) {
	tests := []struct {
		in  string // hex
		off int
	}{
		{"00", 0},             // bare NUL
		{"41 00", 1},          // bare NUL after a character
		{"c1 81", 0},          // overlong 'A'
		{"c0 81", 0},          // overlong U+0001
		{"e0 80 80", 0},       // overlong NUL in three bytes
		{"e0 9f bf", 0},       // overlong U+07FF
		{"c3", 0},             // truncated two-byte sequence
		{"41 e2 82", 1},       // truncated three-byte sequence
		{"f0 9f 98 80", 0},    // four-byte sequence
		{"80", 0},             // bare continuation byte
		{"c3 41", 0},          // bad continuation
		{"e2 82 41", 0},       // bad second continuation
		{"ff", 0},             // never valid
		{"ed a0 80 00", 3},    // NUL after a lone surrogate
		{"61 62 c3 a9 c0", 4}, // truncated at the end
	}
	for _, tt := range tests {
		in := unhex(tt.in)
		_, err := decodeModifiedUTF8(nil, in)
		checkError(t, err, wire.Error{Message: "modified UTF-8", Offset: tt.off, Err: wire.ErrInvalid})
		if validModifiedUTF8(in) {
			t.Errorf("validModifiedUTF8(% x) = true", in)
		}
	}
}

// randomString returns a valid string of runes from every encoding length,
// NUL and supplementary runes included, surrogates excluded.
func randomString(rng *rand.Rand) string {
	ranges := [][2]rune{{0, 0x7f}, {0x80, 0x7ff}, {0x800, 0xd7ff}, {0xe000, 0xffff}, {0x10000, 0x10ffff}}
	var b []byte
	for range rng.Intn(20) {
		r := ranges[rng.Intn(len(ranges))]
		b = utf8.AppendRune(b, r[0]+rune(rng.Intn(int(r[1]-r[0]+1))))
	}
	return string(b)
}

func TestModifiedUTF8RoundTrip(t *testing.T) {
	rng := rand.New(rand.NewSource(4))
	for range 5000 {
		s := randomString(rng)
		enc := appendModifiedUTF8(nil, s)
		if bytes.IndexByte(enc, 0) >= 0 {
			t.Fatalf("%+q encodes with a NUL byte: % x", s, enc)
		}
		for _, c := range enc {
			if c >= 0xf0 {
				t.Fatalf("%+q encodes with a four-byte lead: % x", s, enc)
			}
		}
		if !validModifiedUTF8(enc) {
			t.Fatalf("validModifiedUTF8(% x) = false for %+q", enc, s)
		}
		dec, err := decodeModifiedUTF8(nil, enc)
		if err != nil || string(dec) != s {
			t.Fatalf("round trip of %+q via % x = %+q, %v", s, enc, dec, err)
		}
		// Without NUL and supplementary runes it is plain UTF-8.
		plain := true
		for _, r := range s {
			plain = plain && r != 0 && r < 0x10000
		}
		if plain && string(enc) != s {
			t.Fatalf("%+q: modified UTF-8 % x differs from UTF-8", s, enc)
		}
	}
}

func TestValidModifiedUTF8Empty(t *testing.T) {
	if !validModifiedUTF8(nil) {
		t.Error("validModifiedUTF8(nil) = false")
	}
}

func TestDecodeModifiedRune(t *testing.T) {
	for _, tt := range []struct {
		in string // hex
		r  rune
		n  int
	}{
		{"", 0, 0}, {"41 42", 'A', 1}, {"c0 80", 0, 2}, {"c3 a9", 'é', 2}, {"e2 82 ac", '€', 3},
		{"ed a0 bd ed b8 80", 0xd83d, 3}, {"00", 0, 0}, {"c1 81", 0, 0}, {"e0 82 80", 0, 0},
		{"e2 82", 0, 0}, {"f0 9f 98 80", 0, 0}, {"80", 0, 0},
	} {
		if r, n := decodeModifiedRune(unhex(tt.in)); r != tt.r || n != tt.n {
			t.Errorf("decodeModifiedRune(%s) = %U, %d; want %U, %d", tt.in, r, n, tt.r, tt.n)
		}
	}
}

// FuzzModifiedUTF8 checks Java's modified UTF-8 on any input:
// validModifiedUTF8 agrees with decodeModifiedUTF8, a failure is a
// *wire.Error wrapping ErrInvalid at a byte of the input, and what
// decodes, encoded again, is valid and decodes to the same string.
// Nothing panics.
func FuzzModifiedUTF8(f *testing.F) {
	f.Add([]byte("caf\xc3\xa9 \xc0\x80 \xed\xa0\xbd\xed\xb8\x80"))
	f.Add([]byte("\xed\xa0\xbd"))
	f.Add([]byte("\x00\xc1\x81\xe0\x80\x80\xf0\x9f\x98\x80"))
	f.Fuzz(func(t *testing.T, in []byte) {
		dec, err := decodeModifiedUTF8(nil, in)
		if valid := validModifiedUTF8(in); valid != (err == nil) {
			t.Fatalf("validModifiedUTF8(% x) = %v, but decodeModifiedUTF8 returned %v", in, valid, err)
		}
		if err != nil {
			var e *wire.Error
			if !errors.As(err, &e) || e.Err != wire.ErrInvalid || e.Offset < 0 || e.Offset >= len(in) {
				t.Fatalf("decodeModifiedUTF8(% x): %v; want a *wire.Error wrapping ErrInvalid at a byte of the input", in, err)
			}
			return
		}
		if !utf8.Valid(dec) {
			t.Fatalf("decodeModifiedUTF8(% x) = % x: not UTF-8", in, dec)
		}
		enc := appendModifiedUTF8(nil, string(dec))
		if again, err := decodeModifiedUTF8(nil, enc); err != nil || !bytes.Equal(again, dec) {
			t.Fatalf("% x decodes to %+q, which encodes to % x and decodes to %+q, %v", in, dec, enc, again, err)
		}
	})
}

// decodeModifiedUTF8 appends the standard UTF-8 form of the modified UTF-8
// bytes src to dst. Malformed input (a bare NUL, a truncated or overlong
// sequence other than C0 80, a four-byte sequence) fails with ErrInvalid at
// the offending byte. Unpaired surrogates, which Java allows, become
// U+FFFD.
func decodeModifiedUTF8(dst, src []byte) ([]byte, error) {
	for i := 0; i < len(src); {
		r, n := decodeModifiedRune(src[i:])
		if n == 0 {
			return dst, &wire.Error{Message: "modified UTF-8", Offset: i, Err: wire.ErrInvalid}
		}
		i += n
		if 0xd800 <= r && r < 0xdc00 {
			if r2, n2 := decodeModifiedRune(src[i:]); n2 == 3 && 0xdc00 <= r2 && r2 < 0xe000 {
				r = 0x10000 + (r-0xd800)<<10 + (r2 - 0xdc00)
				i += n2
			}
		}
		dst = utf8.AppendRune(dst, r) // lone surrogates become U+FFFD
	}
	return dst, nil
}

// unhex decodes hex written with optional spaces; bad test data panics.
func unhex(s string) []byte {
	b, err := hex.DecodeString(strings.ReplaceAll(s, " ", ""))
	if err != nil {
		panic(err)
	}
	return b
}

// checkError fails t unless err is a *wire.Error equal to want.
func checkError(t *testing.T, err error, want wire.Error) {
	t.Helper()
	var e *wire.Error
	if !errors.As(err, &e) || *e != want || !errors.Is(err, want.Err) {
		t.Errorf("error = %#v, want %+v", err, want)
	}
}
