package retrotank

import (
	"github.com/gamewire/gamewire/wire/codec"
	"github.com/gamewire/gamewire/wire/spec"
)

//go:generate go run github.com/gamewire/gamewire/internal/formgen

// The message types (MSG_TYPE_*). The spec names the fourteen message
// types and never gives their values; these number them 0 to 13 in the
// order the spec lists them, as a C enum declared in that order would
// (docs/errata/retrotank.md, E2). This block is the one place that says
// so: a user with the game's real values changes them here and runs go
// generate.
const (
	MsgTypeAck          MsgType = 0  // MSG_TYPE_ACK
	MsgTypeConnReq      MsgType = 1  // MSG_TYPE_CONN_REQ
	MsgTypeConnDeny     MsgType = 2  // MSG_TYPE_CONN_DENY
	MsgTypeConnAccept   MsgType = 3  // MSG_TYPE_CONN_ACCEPT
	MsgTypeConnDisconn  MsgType = 4  // MSG_TYPE_CONN_DISCONN
	MsgTypeOption       MsgType = 5  // MSG_TYPE_OPTION
	MsgTypeObstacle     MsgType = 6  // MSG_TYPE_OBSTACLE
	MsgTypeSpawn        MsgType = 7  // MSG_TYPE_SPAWN
	MsgTypeGoal         MsgType = 8  // MSG_TYPE_GOAL
	MsgTypeGameStart    MsgType = 9  // MSG_TYPE_GAME_START
	MsgTypeGameOver     MsgType = 10 // MSG_TYPE_GAME_OVER
	MsgTypeScore        MsgType = 11 // MSG_TYPE_SCORE
	MsgTypePlayerUpdate MsgType = 12 // MSG_TYPE_PLAYER_UPDATE
	MsgTypePlayerSpawn  MsgType = 13 // MSG_TYPE_PLAYER_SPAWN
)

// Limits of the spec (docs/errata/retrotank.md).
const (
	maxDatagram        = 512   // the design page: no datagram over 512 bytes
	laxDatagram        = 65507 // the most a UDP/IPv4 datagram can carry, read under wire.Lax
	maxAcks            = 253   // MSG_MAX_ACK: (509 - 3) / 2, E3
	maxObstaclesPerMsg = 62    // MAX_OBSTACLES_PER_MSG, E10
	maxScores          = 126   // (512 - 8) / 4, E18
)

// The fields several messages share, with the spec's names and meanings: a
// form lists them by these names.
var (
	msgType   = spec.Field{Name: "type", Spec: "Message type", Type: "u8", Role: spec.CodeRole, Go: "-", Doc: "Message type: MSG_TYPE_*."}
	totalMsgs = spec.Field{Name: "totalMsgs", Spec: "GameOptions::totalMsgs", Type: "u16", Go: "TotalMsgs uint16", Doc: "Total number of game option messages."}
	pageIndex = spec.Field{Name: "index", Type: "u16", Go: "Index uint16", Doc: "The index of this game option message."}
	redScore  = spec.Field{Name: "redScore", Type: "u16", Go: "RedScore uint16", Doc: "Score of the red team."}
	blueScore = spec.Field{Name: "blueScore", Type: "u16", Go: "BlueScore uint16", Doc: "Score of the blue team."}
)

// protocol is what every Retro Tank datagram on the game port shares: one
// message per datagram, big-endian, starting with the type byte. The
// acknowledged messages (CONN_ACCEPT and the messages after it) override
// the header with the type byte and a message id (E1).
var protocol = spec.Protocol{
	Name:   "retrotank",
	Order:  codec.BigEndian,
	Header: []spec.Field{msgType},
	Types: []spec.Form{
		{Name: "Area", Type: "Area", Doc: "A rectangle of the battlefield: an obstacle (Obstacle::loc), a spawn area or a goal area.", Fields: []spec.Field{
			{Name: "x", Type: "u16", Go: "X uint16", Doc: "X coordinate of the upper left corner."},
			{Name: "y", Type: "u16", Go: "Y uint16", Doc: "Y coordinate of the upper left corner."},
			{Name: "width", Type: "u16", Go: "Width uint16", Doc: "Width."},
			{Name: "height", Type: "u16", Go: "Height uint16", Doc: "Height."},
		}},
		{Name: "MessageId", Type: "MessageID", Hand: true, Doc: "A message ID, as ACK lists it.", Fields: []spec.Field{
			{Name: "id", Type: "u16", Doc: "Message ID."},
		}},
		{Name: "PlayerScore", Type: "PlayerScore", Doc: "One player score update of MSG_TYPE_SCORE.", Fields: []spec.Field{
			{Name: "killer", Type: "u8", Go: "Killer PlayerID", Doc: "ID of player scoring a kill."},
			{Name: "killed", Type: "u8", Go: "Killed PlayerID", Doc: "ID of player killed."},
			{Name: "score", Type: "s16", Go: "Score int16", Doc: "New score for the player who got a kill: signed, -4 after killing a teammate (errata E13)."},
		}},
	},
	MaxFrame: maxDatagram,
	HardMax:  laxDatagram,
	Datagram: true,
}

// idHeader is the header of the acknowledged messages (MSG_TYPE_CONN_ACCEPT
// and the messages after it): the type byte and the message id (E1).
var idHeader = []spec.Field{
	msgType,
	{Name: "messageId", Spec: "Message ID", Type: "u16", Go: "ID MessageID", Doc: "Message ID."},
}

// forms is the table of Retro Tank's messages on the game port, in the
// spec's order.
var forms = []spec.Form{
	{Name: "MSG_TYPE_ACK", Code: uint32(MsgTypeAck), From: spec.Both, Type: "Ack",
		Doc: "Acknowledgment: the message ids a peer received.",
		Fields: []spec.Field{
			{Name: "client", Spec: "Client identification number", Type: "u8", Go: "Client PlayerID", Doc: "Client identification number."},
			{Name: "count", Spec: "Number of messages acknowledged", Type: "u8", Go: "-", Doc: "Number of messages acknowledged; must not exceed MSG_MAX_ACK (253)."},
			{Name: "ids", Spec: "Acknowledged message IDs", Type: "list", Count: "count", Entry: "MessageId", Max: 255, Go: "IDs []MessageID", Doc: "First acknowledged message ID, then the additional ones."},
		}},
	{Name: "MSG_TYPE_CONN_REQ", Code: uint32(MsgTypeConnReq), From: spec.FromClient, Type: "ConnReq",
		Doc: "Connection request. It has no message ID: the acceptance acknowledges it.",
		Fields: []spec.Field{
			{Name: "bcast", Spec: "ClientData::bcast", Type: "u8", Go: "Bcast uint8", Doc: "Broadcast receive capable flag (0 or 1)."},
			{Name: "randId", Spec: "clientRandId", Type: "u32", Go: "RandID uint32", Doc: "Random value for client identification."},
		}},
	{Name: "MSG_TYPE_CONN_DENY", Code: uint32(MsgTypeConnDeny), From: spec.FromServer, Type: "ConnDeny",
		Doc: "Connection denial, sent by the server and not acknowledged.",
		Fields: []spec.Field{
			{Name: "randId", Spec: "clientRandId, ClientData::randId", Type: "u32", Go: "RandID uint32", Doc: "Random value for client identification."},
		}},
	{Name: "MSG_TYPE_CONN_ACCEPT", Code: uint32(MsgTypeConnAccept), From: spec.FromServer, Type: "ConnAccept",
		Doc:    "Connection acceptance, sent by the server; the client acknowledges it through the regular acknowledgement system.",
		Header: idHeader,
		Fields: []spec.Field{
			{Name: "client", Spec: "localPlayer", Type: "u8", Go: "Client PlayerID", Doc: "Assigned client ID."},
			{Name: "randId", Spec: "ClientData::randId", Type: "u32", Go: "RandID uint32", Doc: "Random value for client identification."},
		}},
	{Name: "MSG_TYPE_CONN_DISCONN", Code: uint32(MsgTypeConnDisconn), From: spec.Both, Type: "ConnDisconn",
		Doc:    "Disconnect.",
		Header: idHeader,
		Fields: []spec.Field{
			{Name: "client", Spec: "Client ID", Type: "u8", Go: "Client PlayerID", Doc: "Client ID."},
		}},
	{Name: "MSG_TYPE_OPTION", Code: uint32(MsgTypeOption), From: spec.FromServer, Type: "Option",
		Doc:    "Game configuration: page 0 of the game setup.",
		Header: idHeader,
		Fields: []spec.Field{
			{Name: "flags", Spec: "GameOptions::flags", Type: "u8", Go: "Flags uint8", Doc: "Bit flags (not defined by the spec)."},
			{Name: "duration", Spec: "GameOptions::duration", Type: "u32", Go: "Duration uint32", Doc: "The maximum game duration."},
			{Name: "redScore", Spec: "GameOptions::teamScore[TEAM_RED]", Type: "u16", Go: "RedScore uint16", Doc: "Current red team score."},
			{Name: "blueScore", Spec: "GameOptions::teamScore[TEAM_BLUE]", Type: "u16", Go: "BlueScore uint16", Doc: "Current blue team score (the spec says red twice)."},
			{Name: "winScore", Spec: "GameOptions::winScore", Type: "u16", Go: "WinScore uint16", Doc: "Score needed to win."},
			{Name: "width", Spec: "GameOptions::width", Type: "u16", Go: "Width uint16", Doc: "Battle field width."},
			{Name: "height", Spec: "GameOptions::height", Type: "u16", Go: "Height uint16", Doc: "Battle field height."},
			{Name: "totalMsgs", Spec: "GameOptions::totalMsgs", Type: "u16", Go: "TotalMsgs uint16", Doc: "Total number of messages describing all the game's options."},
		}},
	{Name: "MSG_TYPE_OBSTACLE", Code: uint32(MsgTypeObstacle), From: spec.FromServer, Type: "Obstacle", MaxSize: 11 + 8*maxObstaclesPerMsg,
		Doc:    "Obstacles: a game setup page of up to 62 obstacles.",
		Header: idHeader,
		Fields: []spec.Field{
			totalMsgs, pageIndex,
			{Name: "total", Spec: "Total number of obstacles", Type: "u16", Go: "Total uint16", Doc: "Total number of obstacles."},
			{Name: "first", Spec: "Index of the first obstacle", Type: "u16", Go: "First uint16", Doc: "Index of the first obstacle in this message; a multiple of MAX_OBSTACLES_PER_MSG (62)."},
			{Name: "obstacles", Spec: "Obstacle::loc", Type: "list", Entry: "Area", Go: "Obstacles []Area", Doc: "The obstacles, to the end of the datagram (their number is not sent)."},
		}},
	{Name: "MSG_TYPE_SPAWN", Code: uint32(MsgTypeSpawn), From: spec.FromServer, Type: "Spawn", Hand: true,
		Doc:    "Spawn areas: a game setup page of sets of spawn areas.",
		Header: idHeader,
		Fields: []spec.Field{
			totalMsgs, pageIndex,
			{Name: "redTotal", Spec: "Total number of spawn areas for the red team", Type: "u8", Go: "RedTotal uint8", Doc: "Total number of areas of the red team (TEAM_RED)."},
			{Name: "blueTotal", Spec: "Total number of spawn areas for the blue team", Type: "u8", Go: "BlueTotal uint8", Doc: "Total number of areas of the blue team (TEAM_BLUE)."},
			{Name: "sets", Type: "rest", Max: maxDatagram - 9, Go: "Sets []AreaSet", Doc: "Sets of areas to the end of the datagram: each the index of its first area (per team), a byte of team (upper two bits) and number of areas minus one (lower six), and the areas."},
		}},
	{Name: "MSG_TYPE_GOAL", Code: uint32(MsgTypeGoal), From: spec.FromServer, Type: "Goal", Hand: true,
		Doc:    "Goal areas, used in capture-the-flag games: the same format as MSG_TYPE_SPAWN.",
		Header: idHeader,
		Fields: []spec.Field{
			totalMsgs, pageIndex,
			{Name: "redTotal", Spec: "Total number of goal areas for the red team", Type: "u8", Go: "RedTotal uint8", Doc: "Total number of areas of the red team (TEAM_RED)."},
			{Name: "blueTotal", Spec: "Total number of goal areas for the blue team", Type: "u8", Go: "BlueTotal uint8", Doc: "Total number of areas of the blue team (TEAM_BLUE)."},
			{Name: "sets", Type: "rest", Max: maxDatagram - 9, Go: "Sets []AreaSet", Doc: "Sets of areas to the end of the datagram, as in MSG_TYPE_SPAWN."},
		}},
	{Name: "MSG_TYPE_GAME_START", Code: uint32(MsgTypeGameStart), From: spec.FromServer, Type: "GameStart",
		Doc:    "Game start. A start message with a newer ID and a later start time replaces an earlier one.",
		Header: idHeader,
		Fields: []spec.Field{
			{Name: "startTime", Spec: "Common game time when the game will begin", Type: "u32", Go: "StartTime uint32", Doc: "Common game time when the game will begin."},
		}},
	{Name: "MSG_TYPE_GAME_OVER", Code: uint32(MsgTypeGameOver), From: spec.FromServer, Type: "GameOver",
		Doc:    "Game over.",
		Header: idHeader,
		Fields: []spec.Field{
			{Name: "winner", Spec: "Winning team ID", Type: "u8", Go: "Winner Team", Doc: "Winning team ID, or -1 (0xff, TeamNone) for a draw."},
			redScore, blueScore,
		}},
	{Name: "MSG_TYPE_SCORE", Code: uint32(MsgTypeScore), From: spec.FromServer, Type: "Score",
		Doc:    "Score update; sent with a low priority, by a longer resend time.",
		Header: idHeader,
		Fields: []spec.Field{
			{Name: "count", Spec: "Number of player score updates", Type: "u8", Go: "-", Doc: "Number of player score updates."},
			redScore, blueScore,
			{Name: "scores", Spec: "Additional player scores", Type: "list", Count: "count", Entry: "PlayerScore", Max: 255, Go: "Scores []PlayerScore", Doc: "The player score updates."},
		}},
	{Name: "MSG_TYPE_PLAYER_UPDATE", Code: uint32(MsgTypePlayerUpdate), From: spec.Both, Type: "PlayerUpdate",
		Doc:    "Player update. The player data portions are not in the spec: they are kept as opaque bytes.",
		Header: idHeader,
		Fields: []spec.Field{
			{Name: "updateTime", Spec: "Player::lastUpdate", Type: "u32", Go: "UpdateTime uint32", Doc: "Update time, for all players in the message."},
			{Name: "firstPlayer", Spec: "First player ID", Type: "u8", Go: "FirstPlayer PlayerID", Doc: "First player ID."},
			{Name: "flags", Spec: "Player flags (PLAYER_FLAGS)", Type: "u16", Go: "Flags UpdateFlags", Doc: "Player flags: which data portions follow."},
			{Name: "data", Spec: "Update data", Type: "rest", Max: maxDatagram - 10, Go: "Data []byte", Doc: "Update data, in the order of the flags; opaque (the spec does not give the layouts)."},
		}},
	{Name: "MSG_TYPE_PLAYER_SPAWN", Code: uint32(MsgTypePlayerSpawn), From: spec.FromClient, Type: "PlayerSpawn",
		Doc:    "Player spawn request, sent by a client when a player wants to spawn.",
		Header: idHeader,
		Fields: []spec.Field{
			{Name: "player", Spec: "Player ID", Type: "u8", Go: "Player PlayerID", Doc: "Player ID."},
		}},
}

// table is the one description of the game port's wire: dispatch,
// constructors, errors, the CLI and the generators read it.
var table = spec.NewTable(protocol, forms, newMessage)
