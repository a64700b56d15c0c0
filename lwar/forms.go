package lwar

import (
	"github.com/gamewire/gamewire/wire/codec"
	"github.com/gamewire/gamewire/wire/spec"
)

//go:generate go run github.com/gamewire/gamewire/internal/formgen

// This file is lwar's message table, the single description of its
// messages: the dispatch of Decode and the Iterator, New, the field names
// and offsets in errors, `gamewire spec`, the generators' coverage check
// and the codec (forms_gen.go) all read it.
//
// A packet is the 12-byte packet Header (header.go), then messages. A
// message starts with its message header: the type id, and for reliable
// messages (ids 1 to 99) the sequence number. The protocol's Header is the
// unreliable message header; every reliable form overrides it with the
// reliable one.

// maxHard is the largest datagram a reader accepts under wire.Lax and
// wire.Checked: the original server appends a queued message before it
// checks the packet's size, so it sends up to 512 bytes plus the largest
// reliable message (a Chat or a Join of 5 + 4 + 1 + 255 bytes) in one
// datagram (docs/errata/lwar.md, E5).
const maxHard = 512 + 265

// reliable is the message header of the reliable messages (type ids 1 to
// 99), which overrides the protocol's Header.
var reliable = []spec.Field{
	{Name: "type", Type: "u8", Role: spec.CodeRole, Go: "-", Doc: "One of the reliable message type ids"},
	{Name: "seqno", Type: "u32", Go: "Seqno uint32", Doc: "The sequence number of the reliable message, from 1 (docs/errata/lwar.md, E3)"},
}

// The fields several entries or messages share, with the spec's names and
// meanings: a form lists them by these names.
var (
	entityID    = spec.Field{Name: "entityId", Type: "Id", Go: "EntityID ID", Doc: "The generational identifier of the entity that is updated"}
	newX        = spec.Field{Name: "x", Type: "s16", Go: "X int16", Doc: "The new x position"}
	newY        = spec.Field{Name: "y", Type: "s16", Go: "Y int16", Doc: "The new y position"}
	playerName  = spec.Field{Name: "name", Type: "str8", Max: 255, Go: "Name wire.Text", Doc: "The UTF8-encoded player name (not NUL-terminated); at most Max Player Name Length (32) bytes"}
	updateCount = spec.Field{Name: "num", Type: "u8", Go: "-", Doc: "The number of entity updates that follow"}
)

// stateDoc describes each of Input's state bytes.
const stateDoc = "Boolean state value, also including the seven previous states"

// maxEntries is the most entries a counted list can hold: its "num" is a
// uint8. A list message's MaxSize is what that count can say, more than a
// packet holds: the codec encodes it, and the Builder refuses what does
// not fit (docs/errata/lwar.md, E5).
const maxEntries = 255

// protocol is what every lwar message shares.
var protocol = spec.Protocol{
	Name:     "lwar",
	Order:    codec.BigEndian,
	Datagram: true,
	MaxFrame: 512,
	HardMax:  maxHard,
	Header: []spec.Field{
		{Name: "type", Type: "u8", Role: spec.CodeRole, Go: "-", Doc: "One of the unreliable message type ids"},
	},
	Types: []spec.Form{
		{Name: "Id", Type: "ID", Doc: "The generational identifier uint32(Id): generation, then identity (docs/errata/lwar.md, E2)", Fields: []spec.Field{
			{Name: "generation", Type: "u16", Go: "Generation uint16", Doc: "Bumped each time the slot is reused"},
			{Name: "identity", Type: "u16", Go: "Identity uint16", Doc: "The slot number"},
		}},
		{Name: "StatsEntry", Type: "StatsEntry", Doc: "One entry of Stats: the stats of one player", Fields: []spec.Field{
			{Name: "player", Type: "Id", Go: "Player ID", Doc: "The generational identifier of the player whose stats are updated"},
			{Name: "kills", Type: "u16", Go: "Kills uint16", Doc: "The player kills"},
			{Name: "deaths", Type: "u16", Go: "Deaths uint16", Doc: "The player deaths"},
			{Name: "ping", Type: "u16", Go: "Ping uint16", Doc: "The player pings"},
		}},
		{Name: "UpdateEntry", Type: "UpdateEntry", Doc: "One entry of Update: the state of one entity", Fields: []spec.Field{
			entityID, newX, newY,
			{Name: "orientation", Type: "u16", Go: "Orientation uint16", Doc: "New orientation angle, in degrees"},
			{Name: "health", Type: "u8", Go: "Health uint8", Doc: "The new health (the original sends a percentage, E10)"},
		}},
		{Name: "UpdatePosEntry", Type: "UpdatePosEntry", Doc: "One entry of UpdatePos: the position of one entity", Fields: []spec.Field{entityID, newX, newY}},
		{Name: "UpdateRayEntry", Type: "UpdateRayEntry", Doc: "One entry of UpdateRay: the state of one ray", Fields: []spec.Field{
			entityID,
			{Name: "x", Type: "s16", Go: "X int16", Doc: "The current origin x"},
			{Name: "y", Type: "s16", Go: "Y int16", Doc: "The current origin y"},
			{Name: "orientation", Type: "u16", Go: "Orientation uint16", Doc: "The orientation (direction) of the ray, in degrees"},
			{Name: "length", Type: "u16", Go: "Length uint16", Doc: "The length of the ray"},
		}},
		{Name: "UpdateCircleEntry", Type: "UpdateCircleEntry", Doc: "One entry of UpdateCircle: the state of one circle", Fields: []spec.Field{
			entityID,
			{Name: "x", Type: "s16", Go: "X int16", Doc: "The current center x"},
			{Name: "y", Type: "s16", Go: "Y int16", Doc: "The current center y"},
			{Name: "radius", Type: "u16", Go: "Radius uint16", Doc: "The radius of the circle"},
		}},
	},
}

// forms are the message types of the spec's table "Message Types", in its
// order. A string is a str8 (the spec's "len" and "uint8[len]"): its Max
// is what the uint8 length can say, 255, so the codec carries any string a
// peer sends; the spec's limits (32 for names, 255 for chat) are rules,
// checked by Validate (docs/errata/lwar.md, E4). A counted list is its
// "num" and the entries after it, at most 255.
var forms = []spec.Form{
	{Name: "Connect", Code: 1, From: spec.FromClient, Type: "Connect", Doc: "Client wants to connect to a server",
		Header: reliable,
		Fields: []spec.Field{playerName}},
	{Name: "Disconnect", Code: 2, From: spec.FromClient, Type: "Disconnect", Doc: "Client wants to disconnect from a server. It carries no payload",
		Header: reliable},
	{Name: "Join", Code: 3, From: spec.FromServer, Type: "Join", Doc: "Informs all clients about a new player. The first Join a new client receives, with seqno 1, is its own",
		Header: reliable,
		Fields: []spec.Field{
			{Name: "playerId", Type: "Id", Go: "PlayerID ID", Doc: "The generational identifier of the player that joined"},
			playerName,
		}},
	{Name: "Leave", Code: 4, From: spec.FromServer, Type: "Leave", Doc: "Informs all clients that a client left. The Leave sent to a disconnecting client also acknowledges its Disconnect",
		Header: reliable,
		Fields: []spec.Field{
			{Name: "playerId", Type: "Id", Go: "PlayerID ID", Doc: "The generational identifier of the player that left"},
		}},
	{Name: "Chat", Code: 5, From: spec.Both, Type: "Chat", Doc: "Broadcasts the chat message to all clients",
		Header: reliable,
		Fields: []spec.Field{
			{Name: "playerId", Type: "Id", Go: "PlayerID ID", Doc: "The generational identifier of the player that generated the chat message"},
			{Name: "message", Spec: "msg", Type: "str8", Max: 255, Go: "Msg wire.Text", Doc: "The UTF8-encoded chat message (not NUL-terminated); at most Max Chat Message Length (255) bytes. Its JSON key is \"message\": \"msg\" names the message type in gamewire's JSON lines"},
		}},
	{Name: "Add", Code: 6, From: spec.FromServer, Type: "Add", Doc: "Adds a new entity to the clients' worlds",
		Header: reliable,
		Fields: []spec.Field{
			{Name: "entityId", Type: "Id", Go: "EntityID ID", Doc: "The generational identifier of the entity that is added"},
			{Name: "playerId", Type: "Id", Go: "PlayerID ID", Doc: "The generational identifier of the player the entity belongs to"},
			{Name: "typeId", Type: "u8", Go: "TypeID uint8", Doc: "The identifier of the entity type template (EntityTemplates.fsx; any byte)"},
		}},
	{Name: "Remove", Code: 7, From: spec.FromServer, Type: "Remove", Doc: "Removes an entity from the clients' worlds",
		Header: reliable,
		Fields: []spec.Field{
			{Name: "entityId", Type: "Id", Go: "EntityID ID", Doc: "The generational identifier of the entity that is removed"},
		}},
	{Name: "Selection", Code: 8, From: spec.Both, Type: "Selection", Doc: "Broadcasts a ship or weapon type change to all clients",
		Header: reliable,
		Fields: []spec.Field{
			{Name: "playerId", Type: "Id", Go: "PlayerID ID", Doc: "The generational identifier of the player that selected a new ship or weapon"},
			{Name: "shipType", Type: "u8", Go: "ShipType uint8", Doc: "The identifier of the new ship type template"},
			{Name: "weaponType", Type: "u8[4]", Go: "WeaponType [4]uint8", Doc: "The identifier of the new weapon type templates for four slots"},
		}},
	{Name: "Name", Code: 9, From: spec.Both, Type: "Name", Doc: "Broadcasts a player name change to all clients",
		Header: reliable,
		Fields: []spec.Field{
			{Name: "playerId", Type: "Id", Go: "PlayerID ID", Doc: "The generational identifier of the player that changed his/her name"},
			playerName,
		}},
	{Name: "Synced", Code: 10, From: spec.FromServer, Type: "Synced", Doc: "Signals the client that the game state has been fully synced. It carries no payload",
		Header: reliable},
	{Name: "Stats", Code: 101, From: spec.FromServer, Type: "Stats", MaxSize: 2 + maxEntries*10, Doc: "Periodically updates the clients' stats (pings, scores)",
		Fields: []spec.Field{
			{Name: "num", Type: "u8", Go: "-", Doc: "The number of player stats updates that follow"},
			{Name: "entries", Type: "list", Count: "num", Entry: "StatsEntry", Max: maxEntries, Go: "Entries []StatsEntry", Doc: "The player stats updates, at most 255 (MaxEntries)"},
		}},
	{Name: "Input", Code: 103, From: spec.FromClient, Type: "Input", Doc: "Periodically updates the server's client-specific input state: the current state and the seven before it. Each state byte holds eight boolean states, bit 0 the current one, bit 1 the previous one, and so on; a client shifts a state in with new = old<<1 | active, and the server uses frameNo to tell how many messages it missed (see PushInput and InputActive)",
		Fields: []spec.Field{
			{Name: "playerId", Type: "Id", Go: "PlayerID ID", Doc: "The generational identifier of the player that generated the message"},
			{Name: "frameNo", Type: "u32", Go: "FrameNo uint32", Doc: "The monotonically increasing frame number, starting with 1"},
			{Name: "forward", Type: "u8", Go: "Forward uint8", Doc: stateDoc},
			{Name: "backward", Type: "u8", Go: "Backward uint8", Doc: stateDoc},
			{Name: "turnLeft", Type: "u8", Go: "TurnLeft uint8", Doc: stateDoc},
			{Name: "turnRight", Type: "u8", Go: "TurnRight uint8", Doc: stateDoc},
			{Name: "strafeLeft", Type: "u8", Go: "StrafeLeft uint8", Doc: stateDoc},
			{Name: "strafeRight", Type: "u8", Go: "StrafeRight uint8", Doc: stateDoc},
			{Name: "shooting", Type: "u8[4]", Go: "Shooting [4]uint8", Doc: "Boolean state values of the four weapon slots, also including the seven previous states"},
			{Name: "aimX", Spec: "aim x", Type: "s16", Go: "AimX int16", Doc: "World x position of the client's aim (= mouse)"},
			{Name: "aimY", Spec: "aim y", Type: "s16", Go: "AimY int16", Doc: "World y position of the client's aim (= mouse)"},
		}},
	{Name: "Full", Code: 104, From: spec.FromServer, Type: "Full", Doc: "Signals the client that the server is full. It carries no payload; the server resends it for as long as the client keeps sending Connect"},
	{Name: "Collision", Code: 105, From: spec.FromServer, Type: "Collision", Doc: "Indicates that a collision has occurred",
		Fields: []spec.Field{
			{Name: "entityIds", Type: "Id[2]", Go: "EntityIDs [2]ID", Doc: "The generational identifiers of the entities that collided (their order has no significance)"},
			{Name: "x", Type: "s16", Go: "X int16", Doc: "The x position of the impact point"},
			{Name: "y", Type: "s16", Go: "Y int16", Doc: "The y position of the impact point"},
		}},
	{Name: "Update", Code: 110, From: spec.FromServer, Type: "Update", MaxSize: 2 + maxEntries*11, Doc: "Periodically updates the clients' entity states",
		Fields: []spec.Field{
			updateCount,
			{Name: "entries", Type: "list", Count: "num", Entry: "UpdateEntry", Max: maxEntries, Go: "Entries []UpdateEntry", Doc: "The entity updates, at most 255 (MaxEntries)"},
		}},
	{Name: "UpdatePos", Code: 111, From: spec.FromServer, Type: "UpdatePos", MaxSize: 2 + maxEntries*8, Doc: "Restricted updates for entities that only have a position",
		Fields: []spec.Field{
			updateCount,
			{Name: "entries", Type: "list", Count: "num", Entry: "UpdatePosEntry", Max: maxEntries, Go: "Entries []UpdatePosEntry", Doc: "The entity updates, at most 255 (MaxEntries)"},
		}},
	{Name: "UpdateRay", Code: 112, From: spec.FromServer, Type: "UpdateRay", MaxSize: 2 + maxEntries*12, Doc: "Restricted updates for ray entities",
		Fields: []spec.Field{
			updateCount,
			{Name: "entries", Type: "list", Count: "num", Entry: "UpdateRayEntry", Max: maxEntries, Go: "Entries []UpdateRayEntry", Doc: "The entity updates, at most 255 (MaxEntries)"},
		}},
	{Name: "UpdateCircle", Code: 113, From: spec.FromServer, Type: "UpdateCircle", MaxSize: 2 + maxEntries*10, Doc: "Restricted updates for circular entities",
		Fields: []spec.Field{
			updateCount,
			{Name: "entries", Type: "list", Count: "num", Entry: "UpdateCircleEntry", Max: maxEntries, Go: "Entries []UpdateCircleEntry", Doc: "The entity updates, at most 255 (MaxEntries)"},
		}},
}

// table is lwar's message table, built once.
var table = spec.NewTable(protocol, forms, newMessage)

// Table returns lwar's message table: every message form with its spec
// name, type id, direction, fields, offsets and sizes. It is shared and
// read-only.
func Table() *spec.Table { return table }
