package wire

// The package's fuzz targets are internal tests, unlike its other tests:
// OSS-Fuzz's builder compiles a target of an external test package
// together with every other external test file, from a copy outside
// wire/, which may not import wire/internal/toy as those files do. The
// fuzz target of a Stream, over the toy protocol, is that package's own
// (wire/internal/toy).

import (
	"bytes"
	"errors"
	"testing"
	"unicode/utf8"
)

// FuzzText checks the text form on any input: raw bytes -> AppendText ->
// ParseText gives them back, and the text is valid UTF-8 without NUL; any
// text either fails ParseText with a *Error wrapping ErrInvalid,
// appending nothing, or stands for bytes whose text form stands for the
// same bytes again. Nothing panics.
func FuzzText(f *testing.F) {
	f.Add([]byte("caf\xc3\xa9 \\ \x00 \xff ok"))
	f.Add([]byte(`caf\xe9 \\ \x00 \xZZ \`))
	f.Add([]byte(`\x4`))
	f.Fuzz(func(t *testing.T, in []byte) {
		text := AppendText(nil, in)
		if !utf8.Valid(text) || bytes.IndexByte(text, 0) >= 0 {
			t.Fatalf("AppendText(%q) = %q: not valid UTF-8 without NUL", in, text)
		}
		if back, err := ParseText(nil, text); err != nil || !bytes.Equal(back, in) {
			t.Fatalf("ParseText(AppendText(%q)) = %q, %v", in, back, err)
		}
		dst := []byte("keep")
		raw, err := ParseText(dst, in)
		if err != nil {
			var e *Error
			if !errors.As(err, &e) || e.Err != ErrInvalid || e.Offset < 0 || e.Offset >= len(in) || !bytes.Equal(raw, dst) {
				t.Fatalf("ParseText(%q) = %q, %v: want a *Error wrapping ErrInvalid, nothing appended", in, raw, err)
			}
			return
		}
		raw = raw[len(dst):]
		if again, err := ParseText(nil, AppendText(nil, raw)); err != nil || !bytes.Equal(again, raw) {
			t.Fatalf("ParseText(%q) = %q, whose text form stands for %q, %v", in, raw, again, err)
		}
	})
}
