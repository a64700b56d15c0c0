package toy

//go:generate go run github.com/gamewire/gamewire/internal/formgen

import (
	"github.com/gamewire/gamewire/wire/codec"
	"github.com/gamewire/gamewire/wire/spec"
)

// The codes of the toy protocol's messages.
const (
	codeHello  = 0x6865 // "he"
	codeChat   = 0x6368 // "ch"
	codeScores = 0x7363 // "sc"
	codeData   = 0x6461 // "da"
	codePing   = 0x7069 // "pi"
	codeOdd    = 0x6f64 // "od"
)

// Limits of the toy spec.
const (
	maxText   = 64
	maxScores = 20
	headerLen = 2 + 2
)

// protocol is the toy protocol: big-endian frames after a 4-byte header,
// a length (of the frame, less the header) and a code, as BZFlag's.
var protocol = spec.Protocol{
	Name:  "toy",
	Order: codec.BigEndian,
	Header: []spec.Field{
		{Name: "length", Type: "u16", Role: spec.LengthRole, Adjust: headerLen, Doc: "the frame's length less the header"},
		{Name: "code", Type: "u16", Role: spec.CodeRole, Go: "-"},
	},
	Types: []spec.Form{
		{Name: "PlayerId", Type: "PlayerID", Doc: "where a player connects from", Fields: []spec.Field{
			{Name: "port", Type: "u16"},
			{Name: "number", Type: "u8"},
			{Name: "addr", Type: "bytes[4]", Spec: "IPv4 address"},
		}},
		{Name: "Score", Doc: "one player's score", Fields: []spec.Field{
			{Name: "player", Type: "PlayerId"},
			{Name: "points", Type: "s32"},
			{Name: "pos", Type: "f32[3]"},
		}},
	},
	MaxFrame: 1 << 10,
}

var forms = []spec.Form{
	{Name: "MsgHello", Code: codeHello, From: spec.FromClient, Type: "Hello",
		Doc: "a player says who it is, in every fixed field kind",
		Fields: []spec.Field{
			{Name: "playerId", Type: "PlayerId"},
			{Name: "type", Type: "u16", Go: "Type PlayerType", Doc: "what kind of player"},
			{Name: "team", Type: "s16"},
			{Name: "callSign", Type: "bytes[16]", Spec: "call sign"},
			{Name: "flags", Type: "u8"},
			{Name: "delta", Type: "s8"},
			{Name: "time", Type: "f64"},
			{Name: "big", Type: "u64"},
			{Name: "small", Type: "s64"},
			{Name: "mask", Type: "u32"},
			{Name: "pos", Type: "f32[3]"},
			{Name: "history", Type: "u16[6]"},
			{Name: "buddies", Type: "PlayerId[2]"},
			{Name: "rank", Type: "s32", Go: "Rank Rank"},
			{Name: "speed", Type: "f32"},
		}},
	{Name: "MsgChat", Code: codeChat, From: spec.Both, Type: "Chat",
		Doc: "a line of chat, with a fixed field after the variable ones",
		Fields: []spec.Field{
			{Name: "to", Type: "PlayerId"},
			{Name: "text", Type: "cstring", Max: maxText},
			{Name: "note", Type: "str8", Max: 40},
			{Name: "seq", Type: "u32"},
			{Name: "blob", Type: "str16"},
		}},
	{Name: "MsgScores", Code: codeScores, From: spec.FromServer, Type: "Scores",
		Doc: "the score table",
		Fields: []spec.Field{
			{Name: "count", Type: "u8", Go: "-"},
			{Name: "round", Type: "u16"},
			{Name: "scores", Type: "list", Count: "count", Entry: "Score", Max: maxScores},
		}},
	{Name: "MsgData", Code: codeData, From: spec.FromServer, Type: "Data",
		Doc: "a kind of data, then its bytes to the end of the frame",
		Fields: []spec.Field{
			{Name: "kind", Type: "u8"},
			{Name: "payload", Type: "rest", Max: 256},
		}},
	{Name: "MsgPing", Code: codePing, From: spec.Both, Type: "Ping", Doc: "are you there?"},
	{Name: "MsgOdd", Code: codeOdd, From: spec.FromClient, Type: "Odd", Hand: true,
		Doc: "a value the spec scrambles and who sends it: the codec is written by hand, and writes the PlayerId with its put and get",
		Fields: []spec.Field{
			{Name: "value", Type: "u32"},
			{Name: "from", Type: "PlayerId"},
		}},
}

var table = spec.NewTable(protocol, forms, newMessage)
