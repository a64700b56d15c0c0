package toydgram

//go:generate go run github.com/gamewire/gamewire/internal/formgen

import (
	c "github.com/gamewire/gamewire/wire/codec"
	w "github.com/gamewire/gamewire/wire/spec"
)

// The types of the toydgram protocol's messages.
const (
	typeMove  uint8 = 1
	typeSay   uint8 = 2
	typeBye         = typeSay + 1
	typeTrail       = 4
)

// marker starts every datagram.
const marker = '*'

// reliable is the header of the messages that carry a sequence number.
var reliable = []w.Field{
	{Name: "marker", Type: "u8", Role: w.MarkerRole, Value: marker},
	{Name: "type", Type: "u8", Role: w.CodeRole},
	{Name: "seq", Type: "u16", Doc: "the message's sequence number"},
}

// protocol is the toydgram protocol: little-endian datagrams that start
// with a marker byte and a type, with no length.
var protocol = w.Protocol{
	Name:     "toydgram",
	Order:    c.LittleEndian,
	Datagram: true,
	Header: []w.Field{
		{Name: "marker", Type: "u8", Role: w.MarkerRole, Value: marker},
		{Name: "type", Type: "u8", Role: w.CodeRole},
	},
	Types: []w.Form{
		{Name: "Vec", Doc: "a point of the plane", Fields: []w.Field{{Name: "x", Type: "f32"}, {Name: "y", Type: "f32"}}},
	},
	MaxFrame: 1 << 9,
}

var forms = []w.Form{
	{Name: "MOVE", Code: uint32(typeMove), From: w.FromClient, Type: "Move",
		Doc: "where the player moves to, which way it faces, how fast it goes and how it turns",
		Fields: []w.Field{
			{Name: "pos", Type: "Vec"},
			{Name: "angle", Type: "s16"},
			{Name: "speed", Type: "u32"},
			{Name: "turn", Type: "s8", Go: "Turn Turn"},
		}},
	{Name: "SAY", Code: uint32(typeSay), From: w.Both, Type: "Say", Header: reliable,
		Doc: "words and a path, after two strings",
		Fields: []w.Field{
			{Name: "name", Type: "utf", Max: 30},
			{Name: "words", Type: "str16", Max: 200},
			{Name: "mood", Type: "s8"},
			{Name: "hops", Type: "u8"},
			{Name: "path", Type: "list", Count: "hops", Entry: "Vec", Max: 8},
		}},
	{Name: "BYE", Code: uint32(typeBye), From: w.FromServer, Type: "Bye", Header: reliable,
		Doc: "the server ends the game, and says why",
		Fields: []w.Field{
			{Name: "reason", Type: "cstring", Max: 4 * 4},
		}},
	{Name: "TRAIL", Code: typeTrail, From: w.FromServer, Type: "Trail",
		Doc: "the points a player went through, to the end of the datagram",
		Fields: []w.Field{
			{Name: "player", Type: "u8"},
			{Name: "points", Type: "list", Entry: "Vec", Max: 16},
		}},
}

var table = w.NewTable(protocol, forms, newMessage)
