package world

import (
	"testing"
)

// TestTableAndWorld checks that the World's view of the block types
// agrees with the table: an object block type (everything but the style
// header and the end of data) has its entry in blocks at its form's
// index, the forms World treats apart are where it expects them, every
// Code constant names its form, and every form's Go type returns it.
func TestTableAndWorld(t *testing.T) {
	if len(blocks) != len(table.Forms) {
		t.Fatalf("blocks has %d entries, the table %d forms", len(blocks), len(table.Forms))
	}
	for i := range table.Forms {
		f := &table.Forms[i]
		object := Code(f.Code) != CodeStyle && Code(f.Code) != CodeEnd
		b := &blocks[i]
		if have := b.len != nil && b.decode != nil && b.append != nil; have != object {
			t.Errorf("%s (form %d): World handles it as an object block: %v, want %v", f.Name, i, have, object)
		}
		if m := newMessage(i); m.Form() != f {
			t.Errorf("form %d: newMessage gives a %T of form %s", i, m, m.Form().Name)
		}
		if k := kind(Code(f.Code)); (k >= 0) != object || (object && k != i) {
			t.Errorf("%s: kind = %d", f.Name, k)
		}
	}
	for _, c := range []struct {
		index int
		code  Code
	}{{styleForm, CodeStyle}, {linkForm, CodeLink}, {endForm, CodeEnd}} {
		if Code(table.Forms[c.index].Code) != c.code {
			t.Errorf("form %d is %s, want %v", c.index, table.Forms[c.index].Name, c.code)
		}
	}
	for c, name := range map[Code]string{
		CodeBase: "WorldCodeBase", CodeBox: "WorldCodeBox", CodeEnd: "WorldCodeEnd",
		CodeLink: "WorldCodeLink", CodePyramid: "WorldCodePyramid", CodeStyle: "WorldCodeStyle",
		CodeTeleporter: "WorldCodeTeleporter", CodeWall: "WorldCodeWall",
	} {
		if f := table.Lookup(uint32(c), 0); f == nil || f.Name != name {
			t.Errorf("code %#x: table form %v, want %s", uint16(c), f, name)
		}
	}
	if len(table.Forms) != 8 {
		t.Errorf("the table has %d forms; the constants above name 8", len(table.Forms))
	}
}
