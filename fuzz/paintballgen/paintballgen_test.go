package paintballgen_test

import (
	"bytes"
	"math/rand"
	"testing"
	"unicode/utf16"

	"github.com/gamewire/gamewire/fuzz/internal/gentest"
	"github.com/gamewire/gamewire/fuzz/paintballgen"
	"github.com/gamewire/gamewire/paintball"
	"github.com/leanovate/gopter"
)

func params(seed int64) *gopter.GenParameters {
	p := gopter.DefaultGenParameters()
	p.Rng = rand.New(rand.NewSource(seed))
	return p
}

func TestGenerators(t *testing.T) {
	for _, tc := range []struct {
		gentest.Case
		forms int
	}{
		{gentest.Case{Name: "ServerMessage", G: paintballgen.ServerMessage(), From: paintball.FromServer}, 2},
		{gentest.Case{Name: "ClientMessage", G: paintballgen.ClientMessage(), From: paintball.FromClient}, 4},
		{gentest.Case{Name: "Message", G: paintballgen.Message()}, 5},
		{gentest.Case{Name: "ValidServerMessage", G: paintballgen.ValidServerMessage(), From: paintball.FromServer, Valid: true}, 2},
		{gentest.Case{Name: "ValidClientMessage", G: paintballgen.ValidClientMessage(), From: paintball.FromClient, Valid: true}, 4},
		{gentest.Case{Name: "ValidMessage", G: paintballgen.ValidMessage(), Valid: true}, 5},
		{gentest.Case{Name: "InvalidMessage", G: paintballgen.InvalidMessage(), Invalid: true}, 3},
	} {
		if forms := tc.Forms(t); len(forms) != tc.forms {
			t.Errorf("%s: %d forms in 500 draws, want %d", tc.Name, len(forms), tc.forms)
		}
	}
}

// TestWriteUTF: the generator's writeUTF oracle and the package's MakeUTF
// agree on every Java string without a lone surrogate, and the package
// accepts what the oracle writes for any Java string.
func TestWriteUTF(t *testing.T) {
	p := params(3)
	g := paintballgen.JavaUnits()
	for i := 0; i < 2000; i++ {
		v, _ := g(p).Retrieve()
		u := v.([]uint16)
		b := paintballgen.WriteUTF(u)
		if !paintball.UTF(b).Valid() {
			t.Fatalf("%04x: writeUTF gives %x, which the package refuses", u, b)
		}
		lone := false
		for j := 0; j < len(u); j++ {
			if utf16.IsSurrogate(rune(u[j])) {
				if u[j] < 0xdc00 && j+1 < len(u) && u[j+1] >= 0xdc00 && u[j+1] < 0xe000 {
					j++
					continue
				}
				lone = true
			}
		}
		if lone {
			continue
		}
		got, err := paintball.MakeUTF(string(utf16.Decode(u)))
		if err != nil || !bytes.Equal(got, b) {
			t.Fatalf("%04x: MakeUTF = %x, %v; writeUTF writes %x", u, got, err, b)
		}
	}
}

func TestGameState(t *testing.T) {
	p := params(5)
	sizes := 0
	for i := 0; i < 100; i++ {
		v, _ := paintballgen.GameState()(p).Retrieve()
		st := v.([]paintball.Update)
		sizes += len(st)
		for j := range st {
			if err := st[j].Validate(); err != nil {
				t.Fatal(err)
			}
			if j > 0 && st[j-1].ObjectID >= st[j].ObjectID {
				t.Fatalf("ids not increasing: %d then %d", st[j-1].ObjectID, st[j].ObjectID)
			}
		}
	}
	if sizes == 0 {
		t.Fatal("only empty game states")
	}
}
