package world

import (
	"github.com/gamewire/gamewire/wire/codec"
	"github.com/gamewire/gamewire/wire/spec"
)

//go:generate go run github.com/gamewire/gamewire/internal/formgen

// This file is the package's one description of the world database: the
// block header (the code), and every block type with the spec's names
// ("getting the world database", specs/bzflag-1.7-protocol.txt 165-275;
// docs/errata/bzflag.md W5 and W8 confirm the layouts against bzfs 1.7).
// The generated codecs (forms_gen.go), the errors' block and field names
// and offsets, Code's names, and World's dispatch from a block code to its
// type all read it.

// Sizes the table uses.
const (
	// StyleLen is the length the style header announces in bzfs 1.7: the
	// bytes of its fields after the length field (errata W5).
	StyleLen = 24
	// MaxSize is the largest database the download can carry: offsets
	// and `remaining' are 16-bit (errata W4).
	MaxSize = 0xffff
)

// The block codes of the world database (include/Protocol.h in BZFlag
// 1.7), each written once: the forms below name them.
const (
	CodeBase       Code = 0x6261 // WorldCodeBase, 'ba': a team base
	CodeBox        Code = 0x6278 // WorldCodeBox, 'bx': a box
	CodeEnd        Code = 0x6564 // WorldCodeEnd, 'ed': end of data
	CodeLink       Code = 0x6c6e // WorldCodeLink, 'ln': a teleporter link
	CodePyramid    Code = 0x7079 // WorldCodePyramid, 'py': a pyramid
	CodeStyle      Code = 0x7374 // WorldCodeStyle, 'st': the style header
	CodeTeleporter Code = 0x7465 // WorldCodeTeleporter, 'te': a teleporter
	CodeWall       Code = 0x776c // WorldCodeWall, 'wl': a wall
)

// protocol is what every block shares: big-endian like the rest of
// BZFlag, and a two-byte code in front.
var protocol = spec.Protocol{
	Name:  "bzflag",
	Order: codec.BigEndian,
	Header: []spec.Field{
		{Name: "code", Type: "u16", Go: "-", Role: spec.CodeRole,
			Doc: "the block code, two ASCII letters ('wl' for WorldCodeWall)"},
	},
	MaxFrame: MaxSize,
}

// The fields the obstacles share, with the spec's names and meanings: a
// block lists them by these names, in the order of its diagram.
var (
	center = spec.Field{Name: "center", Type: "f32[3]", Doc: "center in xy, bottom in z"}
	angle  = spec.Field{Name: "angle", Type: "f32", Doc: "in radians from the x-axis in the xy plane"}
	width  = spec.Field{Name: "width", Type: "f32", Doc: "half width (in xy) measured from center"}
	depth  = spec.Field{Name: "depth", Type: "f32", Doc: "half depth (in xy) measured from center"}
	height = spec.Field{Name: "height", Type: "f32", Doc: "full height (in z) measured from bottom"}
)

// The block types, in the order of the spec's diagrams (the style header
// first, the end of data last). Blocks travel inside MsgGetWorld replies,
// from the server. Types is empty: the blocks share fields (center, angle,
// width, depth, height), not a composite the spec names, and the Go types
// keep them flat, as the diagrams draw them.
var forms = []spec.Form{
	{Name: "WorldCodeStyle", Code: uint32(CodeStyle), From: spec.FromServer, Type: "Style",
		Doc: "the style header that starts the database: the game's rules (errata W5, W10)",
		Header: []spec.Field{
			{Name: "code", Type: "u16", Go: "-", Role: spec.CodeRole,
				Doc: "the block code, 'st'"},
			{Name: "length", Type: "u16", Go: "-", Role: spec.LengthRole, Adjust: 4,
				Doc: "the bytes of the header after this field: StyleLen, or more (errata W5)"},
		},
		Fields: []spec.Field{
			{Name: "style", Type: "u16", Go: "GameStyle uint16", Doc: "bitfield of game style"},
			{Name: "players", Type: "u16", Go: "MaxPlayers uint16", Doc: "maximum number of players"},
			{Name: "shots", Type: "u16", Go: "MaxShots uint16", Doc: "maximum number of shots at once per player"},
			{Name: "flags", Type: "u16", Go: "MaxFlags uint16", Doc: "maximum number of flags that may exist at once"},
			{Name: "linearAcceleration", Spec: "linear acceleration", Type: "f32", Doc: "linear acceleration limit"},
			{Name: "angularAcceleration", Spec: "angulr acceleration", Type: "f32", Doc: "angular acceleration limit"},
			{Name: "shakeTimeout", Spec: "shake t", Type: "u16", Doc: "time to shake a bad flag (1/10ths of seconds)"},
			{Name: "shakeWins", Spec: "shake w", Type: "u16", Doc: "number of wins to shake a bad flag"},
			{Name: "serverTime", Spec: "server time", Type: "u32", Doc: "seconds since midnight Jan 1, 1970 GMT on the server (errata W6)"},
			{Name: "extra", Type: "rest", Max: 0xffff - StyleLen, Go: "Extra []byte",
				Doc: "bytes the length announces beyond StyleLen; bzfs 1.7 sends none (errata W5)"},
		}},
	{Name: "WorldCodeBase", Code: uint32(CodeBase), From: spec.FromServer, Type: "Base",
		Doc: "a team base: the area a team's flag starts in and must be brought back to",
		Fields: []spec.Field{
			{Name: "teamId", Spec: "team id", Type: "u16", Go: "Team uint16", Doc: "the team, a TeamColor (1 red ... 4 purple)"},
			center, angle,
			{Name: "size", Type: "f32[2]", Go: "Extent [2]float32",
				Doc: "how far the base extends from its center in x and y (Extent: Size is the codec's length)"},
			{Name: "safety", Type: "f32[3]", Doc: "safety position for team flags, used when team A drops team B's flag on team C's base"},
		}},
	{Name: "WorldCodeWall", Code: uint32(CodeWall), From: spec.FromServer, Type: "Wall",
		Doc:    "a wall: a vertical rectangle with no depth",
		Fields: []spec.Field{center, angle, width, height}},
	{Name: "WorldCodePyramid", Code: uint32(CodePyramid), From: spec.FromServer, Type: "Pyramid",
		Doc:    "a pyramid: a rotated pyramid on a rectangular footprint",
		Fields: []spec.Field{center, angle, width, depth, height}},
	{Name: "WorldCodeBox", Code: uint32(CodeBox), From: spec.FromServer, Type: "Box",
		Doc:    "a box: a rotated rectangular building",
		Fields: []spec.Field{center, angle, width, depth, height}},
	{Name: "WorldCodeTeleporter", Code: uint32(CodeTeleporter), From: spec.FromServer, Type: "Teleporter",
		Doc: "a teleporter; the N'th teleporter of the database (from zero) has the faces 2*N and 2*N+1 that links and MsgTeleport name",
		Fields: []spec.Field{
			center, angle, width, depth, height,
			{Name: "border", Type: "f32", Doc: "full size of the square cross section teleporter border"},
		}},
	{Name: "WorldCodeLink", Code: uint32(CodeLink), From: spec.FromServer, Type: "Link",
		Doc: "a teleporter link: a player entering face From comes out of face To; a face may lead to itself",
		Fields: []spec.Field{
			{Name: "from", Type: "u16", Doc: "index of the teleporter face entered, from zero"},
			{Name: "to", Type: "u16", Doc: "index of the teleporter face left by"},
		}},
	{Name: "WorldCodeEnd", Code: uint32(CodeEnd), From: spec.FromServer, Type: "End",
		Doc: "the end of data that closes the database; World writes and expects it itself"},
}

// table is the world database's table, built once.
var table = spec.NewTable(protocol, forms, newMessage)

// Table returns the world database's table: the block types (forms), the
// spec's names, codes and field offsets. It is read-only.
func Table() *spec.Table { return table }
