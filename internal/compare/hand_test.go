package compare

import (
	"bytes"
	"errors"
	"testing"

	"github.com/gamewire/gamewire/paintball"
	"github.com/gamewire/gamewire/tfighters"
)

// The hand-written baselines make the checks the spec asks of every
// codec, as gamewire does, so that the ratios compare the same work: a
// Login's username is modified UTF-8 of at most 65535 bytes both ways, a
// TFighters C string fits its frame and holds no NUL.
func TestHandChecksStrings(t *testing.T) {
	if tfMaxFrame != tfighters.MaxFrame {
		t.Fatalf("tfMaxFrame = %d, tfighters.MaxFrame = %d", tfMaxFrame, tfighters.MaxFrame)
	}
	for _, name := range [][]byte{{0}, {0xff}, {'a', 0xc3}, bytes.Repeat([]byte{'a'}, paintball.MaxUsername+1)} {
		if _, err := (&pbLogin{Username: name}).AppendBinary(nil); !errors.Is(err, errUsername) {
			t.Errorf("Login %q... encodes: %v", name[:min(len(name), 4)], err)
		}
	}
	ok, err := (&pbLogin{Username: []byte("andré")}).AppendBinary(nil)
	if err != nil {
		t.Fatal(err)
	}
	var h pbHand
	if _, _, err := h.Decode(ok, FromClient); err != nil {
		t.Fatalf("a valid Login: %v", err)
	}
	bad := append([]byte(nil), ok...)
	bad[len(bad)-1] = 0xff
	if _, _, err := h.Decode(bad, FromClient); !errors.Is(err, errUsername) {
		t.Errorf("a Login of bad UTF-8 decodes: %v", err)
	}
	for _, s := range [][]byte{[]byte("a\x00b"), bytes.Repeat([]byte{'a'}, tfMaxFrame-4)} {
		if _, err := (&tfText{Text: s}).AppendBinary(nil); !errors.Is(err, errCString) {
			t.Errorf("a %d-byte text encodes: %v", len(s), err)
		}
	}
	if _, err := (&tfText{Text: bytes.Repeat([]byte{'a'}, tfMaxFrame-5)}).AppendBinary(nil); err != nil {
		t.Errorf("the longest text: %v", err)
	}
}
