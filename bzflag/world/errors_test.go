package world_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/gamewire/gamewire/bzflag/world"
	"github.com/gamewire/gamewire/internal/codectest"
	"github.com/gamewire/gamewire/wire"
)

func TestWorldErrors(t *testing.T) {
	const objects = styleHex + wallHex // 28 + 26 bytes: the next block is at 54
	for _, c := range []struct {
		name   string
		in     string
		msg    string
		field  string
		offset int
		kind   error
	}{
		{"empty", "", "WorldCodeStyle", "code", 0, wire.ErrShort},
		{"no style first", wallHex + endHex, "WorldCodeStyle", "code", 0, wire.ErrInvalid},
		{"style length below 24", "7374 0017" + styleHex[9:], "WorldCodeStyle", "length", 2, wire.ErrInvalid},
		{"style extra missing", "7374 001a" + styleHex[9:], "WorldCodeStyle", "extra", 28, wire.ErrShort},
		{"unknown block", objects + "abcd" + endHex, "world database", "code", 54, wire.ErrUnknownCode},
		{"second style header", objects + styleHex + endHex, "world database", "code", 54, wire.ErrUnknownCode},
		{"truncated wall in center", objects + "776c 4120", "WorldCodeWall", "center", 56, wire.ErrShort},
		{"truncated wall in height", objects + wallHex[:len(wallHex)-2], "WorldCodeWall", "height", 54 + 22, wire.ErrShort},
		{"truncated base in safety", objects + baseHex[:len(baseHex)-4], "WorldCodeBase", "safety", 54 + 28, wire.ErrShort},
		{"truncated teleporter border", objects + teleHex[:len(teleHex)-2], "WorldCodeTeleporter", "border", 54 + 30, wire.ErrShort},
		{"truncated link", objects + "6c6e 00", "WorldCodeLink", "from", 56, wire.ErrShort},
		{"no end of data", objects, "world database", "code", 54, wire.ErrShort},
		{"half an end code", objects + "65", "world database", "code", 54, wire.ErrShort},
		{"data after the end", objects + endHex + "00", "world database", "", 56, wire.ErrTrailing},
	} {
		t.Run(c.name, func(t *testing.T) {
			var w world.World
			err := w.UnmarshalBinary(codectest.Hex(t, c.in))
			var we *wire.Error
			if !errors.As(err, &we) || !errors.Is(err, c.kind) {
				t.Fatalf("UnmarshalBinary = %v; want a *wire.Error wrapping %v", err, c.kind)
			}
			if we.Protocol != "bzflag" || we.Message != c.msg || we.Field != c.field || we.Offset != c.offset {
				t.Errorf("error %q: got message %q field %q offset %d; want %q %q %d",
					err, we.Message, we.Field, we.Offset, c.msg, c.field, c.offset)
			}
		})
	}
}

func TestBlockWrongCode(t *testing.T) {
	var b world.Box
	err := b.UnmarshalBinary(codectest.Hex(t, pyrHex))
	if !errors.Is(err, wire.ErrInvalid) {
		t.Fatalf("Box from a pyramid's bytes: %v; want ErrInvalid", err)
	}
	if want := "bzflag: WorldCodeBox: field code at byte 0: invalid value"; err.Error() != want {
		t.Errorf("error %q, want %q", err, want)
	}
}

func TestEncodeErrors(t *testing.T) {
	for _, c := range []struct {
		name string
		w    world.World
		kind error
	}{
		{"order misses a block", world.World{Walls: []world.Wall{{}}}, wire.ErrInvalid},
		{"order names a missing block", world.World{Order: []world.Code{world.CodeBox}}, wire.ErrInvalid},
		{"order names the end", world.World{Order: []world.Code{world.CodeEnd}}, wire.ErrInvalid},
		{"style extra too long", world.World{Style: world.Style{Extra: make([]byte, 0xffff-23)}}, wire.ErrTooLong},
	} {
		t.Run(c.name, func(t *testing.T) {
			b, err := c.w.AppendBinary([]byte{1, 2})
			if !errors.Is(err, c.kind) {
				t.Errorf("AppendBinary = %v; want %v", err, c.kind)
			}
			if string(b) != "\x01\x02" {
				t.Errorf("AppendBinary changed the buffer on error: %x", b)
			}
		})
	}
}

func TestValidate(t *testing.T) {
	w := goldenWorld()
	if err := w.Validate(); err != nil {
		t.Fatalf("golden world: %v", err)
	}
	w.Links[1].To = 2 // only faces 0 and 1 exist
	err := w.Validate()
	var we *wire.Error
	if !errors.As(err, &we) || !errors.Is(err, wire.ErrInvalid) || we.Field != "to" {
		t.Fatalf("link to face 2 of 2: %v", err)
	}
	// The second link sits after style, base, wall, box, pyramid,
	// teleporter and the first link; its `to' 4 bytes in.
	if want := 28 + 40 + 26 + 30 + 30 + 34 + 6 + 4; we.Offset != want {
		t.Errorf("offset %d, want %d", we.Offset, want)
	}
}

func TestSetOrder(t *testing.T) {
	w := &world.World{
		Walls:       make([]world.Wall, 2),
		Teleporters: make([]world.Teleporter, 2),
		Links:       make([]world.Link, 5),
		Bases:       make([]world.Base, 1),
	}
	w.SetOrder()
	got := make([]string, len(w.Order))
	for i, c := range w.Order {
		got[i] = c.String()
	}
	want := "WorldCodeBase WorldCodeWall WorldCodeWall WorldCodeTeleporter WorldCodeLink WorldCodeLink " +
		"WorldCodeTeleporter WorldCodeLink WorldCodeLink WorldCodeLink"
	if strings.Join(got, " ") != want {
		t.Errorf("SetOrder = %s\nwant       %s", strings.Join(got, " "), want)
	}
}

func TestCodeText(t *testing.T) {
	for _, c := range []world.Code{world.CodeBase, world.CodeWall, world.CodeEnd, 0x1234} {
		text, _ := c.MarshalText()
		var back world.Code
		if err := back.UnmarshalText(text); err != nil || back != c {
			t.Errorf("%v: text %q -> %v, %v", uint16(c), text, back, err)
		}
	}
	if s := world.Code(0xabcd).String(); s != "0xabcd" {
		t.Errorf("unknown code String = %q", s)
	}
	var c world.Code
	for _, bad := range []string{"WorldCodeNope", "0x", "0x10000", "1234"} {
		if err := c.UnmarshalText([]byte(bad)); !errors.Is(err, wire.ErrInvalid) {
			t.Errorf("UnmarshalText(%q) = %v; want wire.ErrInvalid", bad, err)
		}
	}
}

// TestWorldErrorKeepsWholeBlocks checks the promise of World.Decode that on
// error the World holds the blocks decoded so far: the block the input
// ends in is not among them, so Order and the slices agree and the World
// still encodes.
func TestWorldErrorKeepsWholeBlocks(t *testing.T) {
	for _, c := range []struct {
		name                      string
		whole                     string // whole blocks after the style header
		cut                       string // a block, then cut to half its bytes
		walls, bases, tele, links int
	}{
		{"truncated wall", wallHex, wallHex, 1, 0, 0, 0},
		{"truncated base", wallHex, baseHex, 1, 0, 0, 0},
		{"truncated teleporter", baseHex, teleHex, 0, 1, 0, 0},
		{"truncated link", teleHex + link0Hex, link1Hex, 0, 0, 1, 1},
		{"unknown block", wallHex + baseHex, "abcd 0000", 1, 1, 0, 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			cut := codectest.Hex(t, c.cut)
			in := append(codectest.Hex(t, styleHex+c.whole), cut[:len(cut)/2]...)
			var w world.World
			if _, err := w.Decode(in); err == nil {
				t.Fatal("Decode succeeded")
			}
			if len(w.Walls) != c.walls || len(w.Bases) != c.bases || len(w.Teleporters) != c.tele || len(w.Links) != c.links {
				t.Errorf("after the error: %d walls, %d bases, %d teleporters, %d links; want %d, %d, %d, %d",
					len(w.Walls), len(w.Bases), len(w.Teleporters), len(w.Links), c.walls, c.bases, c.tele, c.links)
			}
			if want := c.walls + c.bases + c.tele + c.links; len(w.Order) != want {
				t.Errorf("Order has %d blocks, want %d", len(w.Order), want)
			}
			if _, err := w.MarshalBinary(); err != nil {
				t.Errorf("the blocks decoded so far do not encode: %v", err)
			}
		})
	}
}
