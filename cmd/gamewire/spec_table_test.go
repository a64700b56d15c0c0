package main

import (
	"strings"
	"testing"

	"github.com/gamewire/gamewire/bzflag/world"
	"github.com/gamewire/gamewire/wire"
	"github.com/gamewire/gamewire/wire/spec"
)

func TestSpecPrintsTheTable(t *testing.T) {
	table := spec.NewTable(spec.Protocol{
		Name: "tabled", MaxFrame: 64,
		Header: []spec.Field{
			{Name: "marker", Type: "u8", Role: spec.MarkerRole, Value: '*'},
			{Name: "length", Type: "u8", Role: spec.LengthRole, Adjust: 3},
			{Name: "code", Type: "u8", Role: spec.CodeRole},
		},
		Types: []spec.Form{{Name: "Point", Fields: []spec.Field{{Name: "x", Type: "f32"}, {Name: "y", Type: "f32"}}}},
	}, []spec.Form{
		{Name: "MsgFixed", Code: 1, From: wire.FromClient, Fields: []spec.Field{{Name: "at", Type: "Point"}, {Name: "id", Type: "u16"}}},
		{Name: "MsgList", Code: 2, From: wire.Both, Fields: []spec.Field{
			{Name: "count", Type: "u8"}, {Name: "points", Type: "list", Entry: "Point", Count: "count", Max: 4},
			{Name: "note", Type: "str8", Max: 10},
		}},
		{Name: "MsgRest", Code: 3, From: wire.FromServer, Fields: []spec.Field{
			{Name: "points", Type: "list", Entry: "Point"},
		}},
	}, nil)
	p := &protocol{name: "tabled", summary: "a table", table: table, codeName: func(c uint32) string {
		if c == 1 {
			return "fx"
		}
		return ""
	}}
	register(p)
	defer delete(registry, "tabled")
	checkSpec(t, "tabled",
		"byte order big-endian; at most 64 bytes a frame\n",
		"  offset size  field                    type\n",
		"  0      1     marker                   u8, always 0x2a\n",
		"  1      1     length                   u8, the length (frame length - 3)\n",
		"type Point (8 bytes)\n",
		`MsgFixed                 code     1 (0x0001) "fx"  from client  size 13`+"\n",
		"  3      8     at                       Point\n",
		"  11     2     id                       u16\n",
		"MsgList                  code     2 (0x0002)  from both    size 5..47\n",
		"  4      var   points                   list of Point, count in count, at most 4\n",
		"  +      var   note                     str8, at most 10 bytes\n",
		"MsgRest                  code     3 (0x0003)  from server  size 3..",
		"  3      var   points                   list of Point, to the end of the frame\n",
	)
}

// TestSpecListToTheEnd: a list whose number is not sent (Retro Tank's
// OBSTACLE) reads to the end of the frame, with no count field and no
// bound of its own to print.
func TestSpecListToTheEnd(t *testing.T) {
	out := checkSpec(t, "retrotank",
		"  11     var   obstacles                list of Area, to the end of the frame\n")
	for _, bad := range []string{"count in ,", "at most 0\n"} {
		if strings.Contains(out, bad) {
			t.Errorf("spec -proto retrotank prints %q:\n%s", bad, out)
		}
	}
}

// TestSpecPrintsWorldBlocks: spec -proto bzflag also prints the world
// database's blocks (package bzflag/world), which travel inside
// MsgGetWorld's replies, every one of them.
func TestSpecPrintsWorldBlocks(t *testing.T) {
	want := []string{"the world database's blocks"}
	for _, f := range world.Table().Forms {
		want = append(want, "\n"+f.Name+" ")
	}
	checkSpec(t, "bzflag", want...)
}
