package fuzz_test

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/gamewire/gamewire/fuzz"
	"github.com/gamewire/gamewire/fuzz/sessions"
)

func TestCheckTarget(t *testing.T) {
	for _, tc := range []struct {
		addr, want string
		remote     bool
		err        string
	}{
		{"127.0.0.1:4000", "127.0.0.1:4000", false, ""},
		{"127.1.2.3:4000", "127.1.2.3:4000", false, ""},
		{"[::1]:4000", "[::1]:4000", false, ""},
		{"192.0.2.1:4000", "", false, "not a loopback address"},
		{"[2001:db8::1]:4000", "", false, "not a loopback address"},
		{"192.0.2.1:4000", "192.0.2.1:4000", true, ""},
		{"127.0.0.1", "", false, "not host:port"},
		{"127.0.0.1:0", "", false, "no port"},
	} {
		got, err := fuzz.CheckTarget(tc.addr, tc.remote)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("CheckTarget(%q, %v) = %q, %v; want an error with %q", tc.addr, tc.remote, got, err, tc.err)
			}
			continue
		}
		if err != nil || got != tc.want {
			t.Errorf("CheckTarget(%q, %v) = %q, %v; want %q", tc.addr, tc.remote, got, err, tc.want)
		}
	}
	if _, err := fuzz.New(fuzz.Config{Protocol: sessions.TFighters(), Target: "192.0.2.1:4000"}); err == nil {
		t.Error("New accepted a remote target without AllowRemote")
	}
	if _, err := fuzz.New(fuzz.Config{Protocol: sessions.TFighters(), Target: "127.0.0.1:4000", Rate: fuzz.MaxRate + 1}); err == nil {
		t.Error("New accepted a rate over MaxRate")
	}
}

// TestUnitsReproducible: the same seed makes the same units, another seed
// others; every kind of unit is made, and none is empty.
func TestUnitsReproducible(t *testing.T) {
	for _, name := range sessions.Names() {
		p := sessions.ByName(name)
		a := fuzz.Units(p, 42, 1000, nil)
		b := fuzz.Units(sessions.ByName(name), 42, 1000, nil)
		c := fuzz.Units(sessions.ByName(name), 43, 1000, nil)
		if !reflect.DeepEqual(a, b) {
			t.Errorf("%s: seed 42 made different units twice", name)
		}
		if reflect.DeepEqual(a, c) {
			t.Errorf("%s: seeds 42 and 43 made the same units", name)
		}
		kinds := map[fuzz.Kind]bool{}
		for _, u := range a {
			kinds[u.Kind] = true
			if len(u.Bytes) == 0 {
				t.Fatalf("%s: an empty unit (%s)", name, u.Kind)
			}
		}
		for _, k := range []fuzz.Kind{fuzz.KindValid, fuzz.KindAny, fuzz.KindBoundary, fuzz.KindLength,
			fuzz.KindUnknownCode, fuzz.KindWrongDirection, fuzz.KindTruncate, fuzz.KindBytes, fuzz.KindFlood} {
			if !kinds[k] {
				t.Errorf("%s: no %s unit in 1000", name, k)
			}
		}
	}
}

// TestLengthUnitsStayFramed: a length mutation that fixes the length
// field leaves one whole frame, as the table frames it.
func TestLengthUnitsStayFramed(t *testing.T) {
	p := sessions.TFighters()
	framed := 0
	for _, u := range fuzz.Units(p, 1, 3000, nil) {
		if u.Kind != fuzz.KindLength || !u.Framed {
			continue
		}
		framed++
		n, err := p.Table.FrameLen(u.Bytes)
		if err != nil || n != len(u.Bytes) {
			t.Errorf("%x: marked framed, FrameLen = %d, %v", u.Bytes, n, err)
		}
	}
	if framed == 0 {
		t.Error("no framed length unit")
	}
}

// TestReproducerFiles: a reproducer read without its sidecar is the whole
// stream as one unit, or one unit per hex line; a sidecar that does not
// match its data is an error.
func TestReproducerFiles(t *testing.T) {
	dir := t.TempDir()
	bin := filepath.Join(dir, "x.bin")
	os.WriteFile(bin, []byte{6, 0, 3, 0x80, 0, 0, 0, 0}, 0o644)
	r, err := fuzz.ReadReproducer(bin)
	if err != nil || len(r.Units) != 1 || r.Units[0].Len != 8 {
		t.Fatalf("ReadReproducer(no sidecar) = %+v, %v", r, err)
	}
	hx := filepath.Join(dir, "y.hex")
	os.WriteFile(hx, []byte("# a comment\n0001 02\n\nff\n"), 0o644)
	r, err = fuzz.ReadReproducer(hx)
	if err != nil || len(r.Units) != 2 || r.Units[0].Len != 3 || r.Units[1].Len != 1 {
		t.Fatalf("ReadReproducer(hex) = %+v, %v", r, err)
	}
	os.WriteFile(filepath.Join(dir, "x.json"), []byte(`{"format":"gamewire fuzz reproducer 1","proto":"tfighters","file":"x.bin","state":"connected","units":[{"kind":"valid","len":5}]}`), 0o644)
	if _, err := fuzz.ReadReproducer(bin); err == nil || !strings.Contains(err.Error(), "holds more") {
		t.Errorf("a sidecar shorter than the data: %v", err)
	}
	os.WriteFile(filepath.Join(dir, "x.json"), []byte(`{"format":"other"}`), 0o644)
	if _, err := fuzz.ReadReproducer(bin); err == nil {
		t.Error("a sidecar of another format was read")
	}
	if _, err := fuzz.ReadReproducer(filepath.Join(dir, "none.bin")); err == nil {
		t.Error("a missing file was read")
	}
}
