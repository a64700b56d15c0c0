package tfighters_test

import (
	"errors"
	"math"
	"testing"

	"github.com/gamewire/gamewire/tfighters"
	"github.com/gamewire/gamewire/wire"
)

func TestDblOf(t *testing.T) {
	tests := []struct {
		in   float64
		want tfighters.Dbl
	}{
		{90, 9000},
		{0.29, 28}, // 0.29*100 = 28.999999999999996: truncated, as (int)(val*100.0)
		{-0.29, -28},
		{1.005, 100},
		{180.5, 18050},
		{-12.999, -1299},
		{21474836.47, 2147483647},
		{21474836.48, math.MinInt32}, // beyond int32: x86's integer indefinite
		{math.NaN(), math.MinInt32},
		{math.Inf(1), math.MinInt32},
		{math.Inf(-1), math.MinInt32},
		{-21474836.48, math.MinInt32},
	}
	for _, tt := range tests {
		if got := tfighters.DblOf(tt.in); got != tt.want {
			t.Errorf("DblOf(%v) = %d, want %d", tt.in, got, tt.want)
		}
	}
	if f := tfighters.Dbl(-1299).Float(); f != -12.99 {
		t.Errorf("Float = %v", f)
	}
}

func TestDblText(t *testing.T) {
	tests := []struct {
		d    tfighters.Dbl
		text string
	}{
		{0, "0.00"}, {5, "0.05"}, {-5, "-0.05"}, {9000, "90.00"}, {-1299, "-12.99"},
		{math.MaxInt32, "21474836.47"}, {math.MinInt32, "-21474836.48"},
	}
	for _, tt := range tests {
		b, _ := tt.d.MarshalText()
		if string(b) != tt.text {
			t.Errorf("MarshalText(%d) = %s, want %s", tt.d, b, tt.text)
		}
		var d tfighters.Dbl
		if err := d.UnmarshalText(b); err != nil || d != tt.d {
			t.Errorf("UnmarshalText(%s) = %d, %v", b, d, err)
		}
	}
	for _, s := range []string{"90", "90.5", "+1.2"} {
		var d tfighters.Dbl
		if err := d.UnmarshalText([]byte(s)); err != nil {
			t.Errorf("UnmarshalText(%q): %v", s, err)
		}
	}
	for _, bad := range []string{"", "-", "1.", ".5", "1.234", "x", "21474836.48", "1e3", "1.-5"} {
		var d tfighters.Dbl
		if err := d.UnmarshalText([]byte(bad)); err == nil {
			t.Errorf("UnmarshalText(%q) = %d, want an error", bad, d)
		}
	}
}

func TestRealDbl(t *testing.T) {
	b := tfighters.AppendRealDbl(nil, -2.5)
	if v, err := tfighters.RealDbl(b); len(b) != 8 || b[7] != 0xc0 || b[6] != 0x04 || v != -2.5 || err != nil {
		t.Errorf("realdbl -2.5 = %x (%v, %v)", b, v, err)
	}
	if _, err := tfighters.RealDbl(b[:7]); !errors.Is(err, wire.ErrShort) {
		t.Errorf("realdbl of 7 bytes: %v", err)
	}
}
