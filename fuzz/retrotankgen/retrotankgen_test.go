package retrotankgen_test

import (
	"testing"

	"github.com/gamewire/gamewire/fuzz/internal/gentest"
	"github.com/gamewire/gamewire/fuzz/retrotankgen"
	"github.com/gamewire/gamewire/retrotank"
	"github.com/gamewire/gamewire/wire/spec"
)

// TestCoverage: ByName has a generator for every form of both tables and
// nothing else, each generator yields its form's type, and Message yields
// every type of the game port.
func TestCoverage(t *testing.T) {
	by := retrotankgen.ByName()
	n := 0
	forms := append(append([]string(nil), names(retrotank.Table().Forms)...), names(retrotank.TimeTable().Forms)...)
	for _, name := range forms {
		g, ok := by[name]
		if !ok {
			t.Errorf("no generator for %s", name)
			continue
		}
		n++
		gentest.Draw(t, g(), 20, 20, func(v any) {
			m, ok := v.(retrotank.Message)
			if !ok || m.Form().Name != name {
				t.Fatalf("generator of %s yielded %T", name, v)
			}
		})
	}
	if n != len(by) {
		t.Errorf("ByName has %d generators for %d forms", len(by), n)
	}
	seen := map[string]bool{}
	gentest.Draw(t, retrotankgen.Message(), 1000, 20, func(v any) {
		m := v.(retrotank.Message)
		seen[m.Form().Name] = true
		if _, err := m.MarshalBinary(); err != nil {
			t.Fatalf("%s does not encode: %v", m.Form().Name, err)
		}
	})
	for _, f := range retrotank.Table().Forms {
		if !seen[f.Name] {
			t.Errorf("Message never yielded %s", f.Name)
		}
	}
}

func names(forms []spec.Form) []string {
	var s []string
	for _, f := range forms {
		s = append(s, f.Name)
	}
	return s
}

func TestValidMessage(t *testing.T) {
	gentest.Draw(t, retrotankgen.ValidMessage(), 300, 20, func(v any) {
		if err := v.(retrotank.Message).Validate(); err != nil {
			t.Fatalf("ValidMessage yielded an invalid message: %v", err)
		}
	})
}

// TestBattlefield: every generated battlefield builds into pages that
// pass Validate.
func TestBattlefield(t *testing.T) {
	gentest.Draw(t, retrotankgen.Battlefield(), 100, 20, func(v any) {
		pages, err := retrotank.BuildPages(v.(*retrotank.Battlefield))
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range pages {
			if err := p.Validate(); err != nil {
				t.Fatal(err)
			}
		}
	})
}

// TestDatagram: the datagram generator yields both decodable and broken
// datagrams, and no input makes Decode panic.
func TestDatagram(t *testing.T) {
	good, bad := 0, 0
	gentest.Draw(t, retrotankgen.Datagram(), 1000, 20, func(v any) {
		if _, _, err := retrotank.Decode(v.([]byte), retrotank.FromServer); err == nil {
			good++
		} else {
			bad++
		}
	})
	if good == 0 || bad == 0 {
		t.Errorf("%d good and %d bad datagrams", good, bad)
	}
}
