package tfighters

//go:generate go run github.com/gamewire/gamewire/internal/formgen

import (
	"github.com/gamewire/gamewire/wire/codec"
	"github.com/gamewire/gamewire/wire/spec"
)

// The message codes, the spec's "type (u16)": 0x0000-0x7FFF travel
// server->client (SMSG_*), 0x8000-0xFFFF client->server (CMSG_*). They are
// untyped, so that they serve as a Code, a uint16 or a uint32 alike.
const (
	CodeHi              = 0x0000 // SMSG_HI
	CodeMotd            = 0x0001 // SMSG_MOTD
	CodePing            = 0x0002 // SMSG_PING
	CodeLag             = 0x0003 // SMSG_LAG
	CodeSpawnReady      = 0x0200 // SMSG_SPAWNREADY
	CodeServerAccel     = 0x0400 // SMSG_ACCEL
	CodeServerTurn      = 0x0401 // SMSG_TURN
	CodeInvincible      = 0x0402 // SMSG_INVINCIBLE
	CodeHit             = 0x0403 // SMSG_HIT
	CodeServerSay       = 0x0500 // SMSG_SAY
	CodeServerTeamSay   = 0x0501 // SMSG_TEAMSAY
	CodeNewUser         = 0x0600 // SMSG_NEWUSER
	CodeDelObj          = 0x0601 // SMSG_DELOBJ
	CodeKill            = 0x0602 // SMSG_KILL
	CodeServerNewBullet = 0x0603 // SMSG_NEWBULLET
	CodeServerNick      = 0x0604 // SMSG_NICK
	CodeServerSpawn     = 0x0605 // SMSG_SPAWN
	CodeQuit            = 0x0606 // SMSG_QUIT
	CodeKick            = 0x0607 // SMSG_KICK
	CodeNickReply       = 0x0700 // SMSG_NICKREPLY

	CodeVersion         = 0x8000 // CMSG_VERSION
	CodePass            = 0x8001 // CMSG_PASS
	CodeClientNick      = 0x8002 // CMSG_NICK
	CodePong            = 0x8003 // CMSG_PONG
	CodeClientSpawn     = 0x8200 // CMSG_SPAWN
	CodeClientAccel     = 0x8300 // CMSG_ACCEL
	CodeClientTurn      = 0x8301 // CMSG_TURN
	CodeClientNewBullet = 0x8302 // CMSG_NEWBULLET
	CodeCmd             = 0x8500 // CMSG_CMD
	CodeClientSay       = 0x8501 // CMSG_SAY
	CodeClientTeamSay   = 0x8502 // CMSG_TEAMSAY
)

// MaxFrame is the largest frame, header included, that the stream layer
// accepts: the original builds every message in a buffer of 8194 bytes
// (server/send.c and client/send.cpp, xpacket[8194]), so no original peer
// sends more. See docs/errata/tfighters.md, erratum 20.
const MaxFrame = 8194

// HeaderLen is the length of every message's header: "[len (u16)][type
// (u16)]".
const HeaderLen = 4

// protocol is what every TFighters frame shares: "[len (u16)][type
// (u16)][data...]", little-endian (erratum 1), len counting the type and
// the data but not itself (erratum 2).
var protocol = spec.Protocol{
	Name:  "tfighters",
	Order: codec.LittleEndian,
	Header: []spec.Field{
		{Name: "len", Type: "u16", Go: "-", Role: spec.LengthRole, Adjust: 2,
			Doc: "length of packet including type field: the frame is 2+len bytes"},
		{Name: "type", Type: "u16", Go: "-", Role: spec.CodeRole,
			Doc: "the message code: 0x0000-0x7FFF server->client, 0x8000-0xFFFF client->server"},
	},
	MaxFrame: MaxFrame,
}

// The fields several messages share: the spec repeats them, with the same
// name, type and meaning, in each message that carries them. A form lists
// them by these names; a field only one message has is written in its form.
//
// An object and its motion, as SMSG_ACCEL, SMSG_TURN, SMSG_NEWUSER,
// SMSG_SPAWN, SMSG_NEWBULLET and their CMSG_ counterparts carry them.
var (
	objectID  = spec.Field{Name: "id", Type: "u32", Go: "ID uint32", Doc: "the object"}
	posX      = spec.Field{Name: "x", Type: "s32", Go: "X Dbl", Doc: "position (dbl)"}
	posY      = spec.Field{Name: "y", Type: "s32", Go: "Y Dbl", Doc: "position (dbl)"}
	accel     = spec.Field{Name: "accel", Type: "s8", Go: "Accel int8", Doc: "-1, 0 or +1"}
	speed     = spec.Field{Name: "speed", Type: "s32", Go: "Speed Dbl", Doc: "how fast the object moves (dbl)"}
	turn      = spec.Field{Name: "turn", Type: "s8", Go: "Turn int8", Doc: "-4, -2, 0, +2 or +4"}
	heading   = spec.Field{Name: "deg", Type: "s32", Go: "Deg Dbl", Doc: "heading in degrees (dbl)"}
	bulletDeg = spec.Field{Name: "deg", Type: "s32", Go: "Deg Dbl", Doc: "direction in degrees (dbl)"}
)

// What SMSG_NEWUSER and SMSG_SPAWN tell of an object besides its motion.
var (
	alive      = spec.Field{Name: "alive", Type: "u32", Go: "Alive uint32", Doc: "seconds in the game (the original always sends 0)"}
	frags      = spec.Field{Name: "frags", Type: "s16", Go: "Frags int16", Doc: "the player's kills (the spec's CHANGES: \"kills->frags\")"}
	objectType = spec.Field{Name: "type", Type: "u8", Go: "Type ObjectType", Doc: "what the object is"}
)

// A player's id, and the field lists several messages share.
var (
	playerID = spec.Field{Name: "id", Type: "u32", Go: "ID uint32", Doc: "the player"}

	// say is SMSG_SAY's and SMSG_TEAMSAY's: who said what.
	say = []spec.Field{
		{Name: "id", Type: "u32", Go: "ID uint32", Doc: "who said it"},
		{Name: "text", Type: "cstring", Max: MaxFrame - 8, Go: "Text []byte", Doc: "what was said"},
	}
	// leave is SMSG_QUIT's and SMSG_KICK's: who left, and why.
	leave = []spec.Field{
		playerID,
		{Name: "text", Type: "cstring", Max: MaxFrame - 8, Go: "Text []byte", Doc: "the reason"},
	}
	// sayText is CMSG_SAY's and CMSG_TEAMSAY's: what the client says.
	sayText = []spec.Field{
		{Name: "text", Type: "cstring", Max: MaxFrame - 4, Go: "Text []byte", Doc: "what was said"},
	}
)

// forms is the message table, the package's single description of the
// wire: one form per message, in the spec's order, server->client first.
// A "dbl" travels as an s32 (Go type Dbl, erratum 3); a "str" is a
// cstring (NUL-terminated, the NUL ending the frame) whose Max is what
// MaxFrame leaves after the fields before it, so that whatever encodes
// can be read back; Validate applies the original's far smaller limits
// (erratum 15).
var forms = []spec.Form{
	{Name: "SMSG_HI", Code: CodeHi, From: spec.FromServer, Type: "Hi",
		Doc: "the server's first message on a new connection (erratum 8)",
		Fields: []spec.Field{
			{Name: "myversion", Type: "u32", Go: "MyVersion uint32", Doc: "the server's version (the original sends 1)"},
			{Name: "uwid", Type: "u32", Go: "UWID uint32", Doc: "the id the server gave this connection (the original's socket descriptor)"},
		}},
	{Name: "SMSG_MOTD", Code: CodeMotd, From: spec.FromServer, Type: "Motd",
		Doc: "the message of the day; the original server never sends it",
		Fields: []spec.Field{
			{Name: "text", Spec: "text including \\n's", Type: "cstring", Max: MaxFrame - 4, Go: "Text []byte", Doc: "the message, lines separated by \\n"},
		}},
	{Name: "SMSG_PING", Code: CodePing, From: spec.FromServer, Type: "Ping", Hand: true,
		Doc: "Server time: the spec's u32 is the original's C long, 8 bytes from a 64-bit build (erratum 4)",
		Fields: []spec.Field{
			{Name: "time", Type: "u32", Go: "Time uint32", Doc: "the server's time in milliseconds (its low 32 bits)"},
			{Name: "timeHigh", Type: "rest", Max: 4, Go: "TimeHigh []byte",
				Doc: "the upper 32 bits of an 8-byte time: absent (0 bytes) or 4 bytes, from a 64-bit build of the original server"},
		}},
	{Name: "SMSG_LAG", Code: CodeLag, From: spec.FromServer, Type: "Lag",
		Doc: "The lag calculated at server, already one-way between server and client, in milliseconds",
		Fields: []spec.Field{
			{Name: "diff", Type: "s32", Go: "Diff int32", Doc: "the one-way lag in milliseconds"},
		}},
	{Name: "SMSG_SPAWNREADY", Code: CodeSpawnReady, From: spec.FromServer, Type: "SpawnReady",
		Doc: "Ready to respawn, send CMSG_SPAWN back to get respawned"},
	{Name: "SMSG_ACCEL", Code: CodeServerAccel, From: spec.FromServer, Type: "ServerAccel",
		Doc:    "Acceleration update of another object",
		Fields: []spec.Field{objectID, posX, posY, accel, speed}},
	{Name: "SMSG_TURN", Code: CodeServerTurn, From: spec.FromServer, Type: "ServerTurn",
		Doc:    "Turn update of another object",
		Fields: []spec.Field{objectID, posX, posY, turn, heading}},
	{Name: "SMSG_INVINCIBLE", Code: CodeInvincible, From: spec.FromServer, Type: "Invincible",
		Doc: "Invincibility update",
		Fields: []spec.Field{
			objectID,
			{Name: "yesno", Type: "u8", Go: "YesNo uint8", Doc: "1 if invincible, 0 if not"},
			{Name: "invincibilityT", Spec: "invincibility_t", Type: "u32", Go: "InvincibilityT uint32", Doc: "milliseconds of invincibility left"},
		}},
	{Name: "SMSG_HIT", Code: CodeHit, From: spec.FromServer, Type: "Hit",
		Doc: "victimid has been hit by evilid, new power is newpower (erratum 13)",
		Fields: []spec.Field{
			{Name: "victimid", Type: "u32", Go: "VictimID uint32", Doc: "who was hit"},
			{Name: "evilid", Type: "u32", Go: "EvilID uint32", Doc: "what hit it: the bullet, or 0"},
			{Name: "newpower", Type: "u8", Go: "NewPower uint8", Doc: "the victim's power"},
		}},
	{Name: "SMSG_SAY", Code: CodeServerSay, From: spec.FromServer, Type: "ServerSay",
		Doc:    "Simple say",
		Fields: say},
	{Name: "SMSG_TEAMSAY", Code: CodeServerTeamSay, From: spec.FromServer, Type: "ServerTeamSay",
		Doc:    "Teamsay; the original server never sends it",
		Fields: say},
	{Name: "SMSG_NEWUSER", Code: CodeNewUser, From: spec.FromServer, Type: "NewUser",
		Doc: "userlist/new user; one field more than the spec lists (erratum 5)",
		Fields: []spec.Field{
			objectID, posX, posY, heading, accel, alive, frags,
			{Name: "pendingMoves", Spec: "pending moves", Type: "u32", Go: "PendingMoves uint32", Doc: "the original's \"move\" counter, missing from the spec"},
			turn, objectType, speed,
			{Name: "nick", Type: "cstring", Max: MaxFrame - 37, Go: "Nick []byte", Doc: "the nick"},
		}},
	{Name: "SMSG_DELOBJ", Code: CodeDelObj, From: spec.FromServer, Type: "DelObj",
		Doc:    "Object deleted; the original server never sends it",
		Fields: []spec.Field{objectID}},
	{Name: "SMSG_KILL", Code: CodeKill, From: spec.FromServer, Type: "Kill",
		Doc: "Kill message for victimid by evilid; an empty killtxt means the default message (erratum 14)",
		Fields: []spec.Field{
			{Name: "victimid", Type: "u32", Go: "VictimID uint32", Doc: "who died"},
			{Name: "evilid", Type: "u32", Go: "EvilID uint32", Doc: "who killed"},
			{Name: "killtxt", Type: "cstring", Max: MaxFrame - 12, Go: "KillTxt []byte", Doc: "the kill message, empty for the default"},
		}},
	{Name: "SMSG_NEWBULLET", Code: CodeServerNewBullet, From: spec.FromServer, Type: "ServerNewBullet",
		Doc: "New bullet (erratum 13: the original never sets its id)",
		Fields: []spec.Field{
			{Name: "id", Type: "u32", Go: "ID uint32", Doc: "the bullet"},
			{Name: "ownerid", Type: "u32", Go: "OwnerID uint32", Doc: "the player who fired it"},
			posX, posY, bulletDeg,
		}},
	{Name: "SMSG_NICK", Code: CodeServerNick, From: spec.FromServer, Type: "ServerNick",
		Doc: "Nick change; the spec's \"newnick (u32)\" is a str (erratum 6)",
		Fields: []spec.Field{
			playerID,
			{Name: "newnick", Type: "cstring", Max: MaxFrame - 8, Go: "NewNick []byte", Doc: "the new nick"},
		}},
	{Name: "SMSG_SPAWN", Code: CodeServerSpawn, From: spec.FromServer, Type: "ServerSpawn",
		Doc:    "A (re)spawn message, used when player has joined or respawn-after-death",
		Fields: []spec.Field{objectID, posX, posY, heading, accel, alive, frags, turn, objectType, speed}},
	{Name: "SMSG_QUIT", Code: CodeQuit, From: spec.FromServer, Type: "Quit",
		Doc:    "a player left (\"Persoon die wegrent\"; erratum 12)",
		Fields: leave},
	{Name: "SMSG_KICK", Code: CodeKick, From: spec.FromServer, Type: "Kick",
		Doc:    "a player was kicked by the server or an admin (\"Persoon kicked door server of admin\")",
		Fields: leave},
	{Name: "SMSG_NICKREPLY", Code: CodeNickReply, From: spec.FromServer, Type: "NickReply",
		Doc: "Reply if NICK was successful or not; goodorbad is 0 for accepted, 1 for rejected (erratum 7)",
		Fields: []spec.Field{
			{Name: "goodorbad", Type: "u8", Go: "GoodOrBad NickResult", Doc: "accepted or rejected"},
			{Name: "text", Type: "cstring", Max: MaxFrame - 5, Go: "Text []byte", Doc: "\"Ok\", or why the nick was rejected"},
		}},

	{Name: "CMSG_VERSION", Code: CodeVersion, From: spec.FromClient, Type: "Version",
		Doc: "the client's version, its first message, sent after SMSG_HI",
		Fields: []spec.Field{
			{Name: "myversion", Type: "u32", Go: "MyVersion uint32", Doc: "the client's version (the original sends 1)"},
		}},
	{Name: "CMSG_PASS", Code: CodePass, From: spec.FromClient, Type: "Pass",
		Doc: "a password; the original server never handles it",
		Fields: []spec.Field{
			{Name: "pass", Type: "cstring", Max: MaxFrame - 4, Go: "Pass []byte", Doc: "the password"},
		}},
	{Name: "CMSG_NICK", Code: CodeClientNick, From: spec.FromClient, Type: "ClientNick",
		Doc: "the nick the client wants; the server answers with SMSG_NICKREPLY",
		Fields: []spec.Field{
			{Name: "nick", Type: "cstring", Max: MaxFrame - 4, Go: "Nick []byte", Doc: "the nick; Validate applies the original server's rules"},
		}},
	{Name: "CMSG_PONG", Code: CodePong, From: spec.FromClient, Type: "Pong",
		Doc: "Returns servertime of an SMSG_PING; the server answers with SMSG_LAG",
		Fields: []spec.Field{
			{Name: "servertime", Type: "u32", Go: "ServerTime uint32", Doc: "the time from the SMSG_PING, returned as it came (its low 32 bits)"},
		}},
	{Name: "CMSG_SPAWN", Code: CodeClientSpawn, From: spec.FromClient, Type: "ClientSpawn",
		Doc: "I wanna spawn! Sent back after SMSG_SPAWNREADY"},
	{Name: "CMSG_ACCEL", Code: CodeClientAccel, From: spec.FromClient, Type: "ClientAccel",
		Doc:    "Acceleration update with X/Y coordinates, accel can be -1/0/+1",
		Fields: []spec.Field{posX, posY, accel, speed}},
	{Name: "CMSG_TURN", Code: CodeClientTurn, From: spec.FromClient, Type: "ClientTurn",
		Doc:    "Direction update with X/Y coordinates, turn can be -4/-2/0/+2/+4",
		Fields: []spec.Field{posX, posY, turn, heading}},
	{Name: "CMSG_NEWBULLET", Code: CodeClientNewBullet, From: spec.FromClient, Type: "ClientNewBullet",
		Doc:    "New bullet: the client fired",
		Fields: []spec.Field{posX, posY, bulletDeg}},
	{Name: "CMSG_CMD", Code: CodeCmd, From: spec.FromClient, Type: "Cmd",
		Doc: "Command, like \"addbot\"; the original server ignores it",
		Fields: []spec.Field{
			{Name: "text", Type: "cstring", Max: MaxFrame - 4, Go: "Text []byte", Doc: "the command"},
		}},
	{Name: "CMSG_SAY", Code: CodeClientSay, From: spec.FromClient, Type: "ClientSay",
		Doc:    "Simple say",
		Fields: sayText},
	{Name: "CMSG_TEAMSAY", Code: CodeClientTeamSay, From: spec.FromClient, Type: "ClientTeamSay",
		Doc:    "Teamsay; the original server ignores it",
		Fields: sayText},
}

// table is the message table built from forms: dispatch, constructors,
// errors and tools all read it.
var table = spec.NewTable(protocol, forms, newMessage)

// Table returns the TFighters message table.
func Table() *spec.Table { return table }
