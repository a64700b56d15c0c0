package spec_test

import (
	"errors"
	"testing"

	"github.com/gamewire/gamewire/wire/codec"
	"github.com/gamewire/gamewire/wire/spec"
)

func TestDirection(t *testing.T) {
	tests := []struct {
		d     spec.Direction
		s     string
		other spec.Direction
	}{
		{spec.FromClient, "client", spec.FromServer},
		{spec.FromServer, "server", spec.FromClient},
		{spec.Both, "both", spec.Both},
		{0, "none", 0},
		{9, "?", 9},
	}
	for _, tt := range tests {
		if tt.d.String() != tt.s || tt.d.Other() != tt.other {
			t.Errorf("%d: %q, %v", tt.d, tt.d.String(), tt.d.Other())
		}
		text, _ := tt.d.MarshalText()
		var back spec.Direction
		err := back.UnmarshalText(text)
		if tt.d >= 1 && tt.d <= 3 && (err != nil || back != tt.d) {
			t.Errorf("text round trip of %v: %v, %v", tt.d, back, err)
		}
		if (tt.d == 0 || tt.d > 3) && !errors.Is(err, codec.ErrInvalid) {
			t.Errorf("UnmarshalText(%q) = %v", text, err)
		}
	}
	if !spec.Both.Has(spec.FromClient) || spec.FromClient.Has(spec.FromServer) || spec.Both.Has(0) {
		t.Error("Has")
	}
}
