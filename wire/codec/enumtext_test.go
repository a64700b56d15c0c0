package codec_test

import (
	"errors"
	"strconv"
	"testing"

	"github.com/gamewire/gamewire/wire/codec"
)

func TestParseName(t *testing.T) {
	names := []string{"none", "single", ""} // 2 has no name
	tests := []struct {
		text string
		want uint8 // the value set; 7, as it was, on failure
		ok   bool
	}{
		{"single", 1, true},
		{"none", 0, true},
		{"2", 2, true},
		{"0xff", 255, true},
		{"256", 7, false},
		{"-1", 7, false},
		{"Single", 7, false},
		{"", 7, false},
	}
	for _, tt := range tests {
		v := uint8(7)
		err := codec.ParseName(&v, []byte(tt.text), names, "toy", "state")
		if v != tt.want || (err == nil) != tt.ok {
			t.Errorf("ParseName(%q) = %d, %v; want %d, ok %v", tt.text, v, err, tt.want, tt.ok)
		}
		if err == nil {
			continue
		}
		var te *codec.TextError
		if !errors.As(err, &te) || !errors.Is(err, codec.ErrInvalid) || te.Text != tt.text {
			t.Errorf("ParseName(%q): error %#v is not a TextError of the text wrapping ErrInvalid", tt.text, err)
		}
		if want := "toy: invalid state " + strconv.Quote(tt.text); err.Error() != want {
			t.Errorf("Error() = %q, want %q", err.Error(), want)
		}
	}
	w := uint16(0)
	if err := codec.ParseNumber(&w, []byte("65535"), "toy", "code"); err != nil || w != 65535 {
		t.Errorf("ParseNumber into a uint16 = %d, %v", w, err)
	}
	if err := codec.ParseNumber(&w, []byte("65536"), "toy", "code"); err == nil || w != 65535 {
		t.Errorf("ParseNumber of 65536 into a uint16 = %d, %v", w, err)
	}
}
