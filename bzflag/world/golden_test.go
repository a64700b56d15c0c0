package world_test

import (
	"bytes"
	"math"
	"testing"

	"github.com/gamewire/gamewire/bzflag/world"
	"github.com/gamewire/gamewire/internal/codectest"
	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// Golden vectors laid out as the spec's diagrams ("getting the world
// database"): the code bytes are the diagrams' own; the values are ours.
// Floats: 1.0 = 3f800000, 2.0 = 40000000, -1.5 = bfc00000, 0.5 = 3f000000,
// 10.0 = 41200000, 3.0 = 40400000, 4.0 = 40800000.

const (
	styleHex = "7374 0018 | 0009 | 0014 | 0003 | 0014 | 3f000000 | 3f800000 | 0032 | 0005 | 3cf0e3e0"
	baseHex  = "6261 | 0001 | 41200000 bfc00000 00000000 | 3f800000 | 40000000 40400000 | 40800000 41200000 3f000000"
	wallHex  = "776c | 41200000 bfc00000 00000000 | 3f800000 | 40000000 | 40400000"
	boxHex   = "6278 | 41200000 bfc00000 00000000 | 3f800000 | 40000000 | 40400000 | 40800000"
	pyrHex   = "7079 | 41200000 bfc00000 00000000 | 3f800000 | 40000000 | 40400000 | 40800000"
	teleHex  = "7465 | 41200000 bfc00000 00000000 | 3f800000 | 40000000 | 40400000 | 40800000 | 3f000000"
	link0Hex = "6c6e | 0000 | 0001"
	link1Hex = "6c6e | 0001 | 0000"
	endHex   = "6564"
)

var (
	goldenStyle = world.Style{GameStyle: 9, MaxPlayers: 20, MaxShots: 3, MaxFlags: 20,
		LinearAcceleration: 0.5, AngularAcceleration: 1, ShakeTimeout: 50, ShakeWins: 5, ServerTime: 0x3cf0e3e0}
	center     = [3]float32{10, -1.5, 0}
	goldenBase = world.Base{Team: 1, Center: center, Angle: 1, Extent: [2]float32{2, 3}, Safety: [3]float32{4, 10, 0.5}}
	goldenWall = world.Wall{Center: center, Angle: 1, Width: 2, Height: 3}
	goldenBox  = world.Box{Center: center, Angle: 1, Width: 2, Depth: 3, Height: 4}
	goldenPyr  = world.Pyramid{Center: center, Angle: 1, Width: 2, Depth: 3, Height: 4}
	goldenTele = world.Teleporter{Center: center, Angle: 1, Width: 2, Depth: 3, Height: 4, Border: 0.5}
)

// goldenWorld is a database in the order bzfs 1.7 writes one: style,
// bases, walls, boxes, pyramids, each teleporter with its two links, end.
func goldenWorld() *world.World {
	w := &world.World{
		Style:       goldenStyle,
		Bases:       []world.Base{goldenBase},
		Walls:       []world.Wall{goldenWall},
		Boxes:       []world.Box{goldenBox},
		Pyramids:    []world.Pyramid{goldenPyr},
		Teleporters: []world.Teleporter{goldenTele},
		Links:       []world.Link{{From: 0, To: 1}, {From: 1, To: 0}},
	}
	w.SetOrder()
	return w
}

const goldenWorldHex = styleHex + baseHex + wallHex + boxHex + pyrHex + teleHex + link0Hex + link1Hex + endHex

func TestGolden(t *testing.T) {
	codectest.Golden(t, &goldenStyle, styleHex)
	codectest.Golden(t, &goldenBase, baseHex)
	codectest.Golden(t, &goldenWall, wallHex)
	codectest.Golden(t, &goldenBox, boxHex)
	codectest.Golden(t, &goldenPyr, pyrHex)
	codectest.Golden(t, &goldenTele, teleHex)
	codectest.Golden(t, &world.Link{From: 0, To: 1}, link0Hex)
	codectest.Golden(t, &world.End{}, endHex)
	goldenWorldCheck(t, goldenWorld(), goldenWorldHex)
	// A style header longer than bzfs 1.7 sends keeps its extra bytes.
	extra := goldenStyle
	extra.Extra = []byte{0xca, 0xfe}
	codectest.Golden(t, &extra, "7374 001a"+styleHex[9:]+"cafe")
	// An empty world: style and end only.
	goldenWorldCheck(t, &world.World{Style: goldenStyle}, styleHex+endHex)
}

// ignoreErr leaves out of a comparison the World's own error value (not
// data), which go-cmp cannot read.
var ignoreErr = cmpopts.IgnoreUnexported(world.World{})

// worldCmp compares Worlds as codectest compares messages: floats by their
// bits, nil and empty slices equal.
var worldCmp = cmp.Options{
	ignoreErr,
	cmpopts.EquateEmpty(),
	cmp.Comparer(func(a, b float32) bool { return math.Float32bits(a) == math.Float32bits(b) }),
}

// goldenWorldCheck is codectest.Golden for a World: want encodes to the
// bytes written in hexBytes, which decode to want.
func goldenWorldCheck(t *testing.T, want *world.World, hexBytes string) {
	t.Helper()
	b := codectest.Hex(t, hexBytes)
	got, err := want.AppendBinary(nil)
	if err != nil || !bytes.Equal(got, b) {
		t.Errorf("World golden: AppendBinary = %x, %v\n                want %x", got, err, b)
	}
	if want.Size() != len(b) {
		t.Errorf("World golden: Size() = %d, want %d", want.Size(), len(b))
	}
	var v world.World
	if err := v.UnmarshalBinary(b); err != nil {
		t.Fatalf("World golden: UnmarshalBinary(%x): %v", b, err)
	}
	if d := cmp.Diff(*want, v, worldCmp); d != "" {
		t.Errorf("World golden: decoded value differs (-want +got):\n%s", d)
	}
}

func TestSizes(t *testing.T) {
	// The sizes bzfs 1.7 computes in WorldInfo::packDatabase and
	// defineWorld (errata: sizes).
	for _, c := range []struct {
		name string
		got  int
		want int
	}{
		{"style", goldenStyle.Size(), 4 + 24},
		{"base", goldenBase.Size(), 4 + 9*4},
		{"wall", goldenWall.Size(), 2 + 6*4},
		{"box", goldenBox.Size(), 2 + 7*4},
		{"pyramid", goldenPyr.Size(), 2 + 7*4},
		{"teleporter", goldenTele.Size(), 2 + 8*4},
		{"link", (&world.Link{}).Size(), 2 + 4},
		{"end", (&world.End{}).Size(), 2},
	} {
		if c.got != c.want {
			t.Errorf("%s: Size() = %d, want %d", c.name, c.got, c.want)
		}
	}
}
