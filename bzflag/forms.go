package bzflag

import (
	"github.com/gamewire/gamewire/wire/codec"
	"github.com/gamewire/gamewire/wire/spec"
)

//go:generate go run github.com/gamewire/gamewire/internal/formgen

// This file is the package's one description of the wire: the protocol
// (byte order, frame header, composite field types, frame limit) and every
// message form, with the spec's names. Dispatch (Decode, New, the
// Decoder and Stream), the errors' field names and offsets, `gamewire
// spec`, the generators' coverage check and the generated codecs
// (forms_gen.go) all read it. Names in comments and Doc quote
// specs/bzflag-1.7-protocol.txt; forms the spec omits follow the 1.7g2
// source (docs/errata/bzflag.md).

// Sizes and limits the table uses (the spec names them without values;
// include/global.h and include/Protocol.h of 1.7 give them, errata M8).
const (
	// MaxPacketLen is the largest frame, header included ("MaxPacketLen",
	// errata M2).
	MaxPacketLen = 1024
	// HeaderLen is the size of the frame header: the body length and the
	// message code, both uint16.
	HeaderLen = 4
	// MaxBodyLen is the largest body a frame of MaxPacketLen bytes holds.
	MaxBodyLen = MaxPacketLen - HeaderLen
	// MaxWorldChunk is the most world database bytes one MsgGetWorld reply
	// may carry ("MaxPacketLen - 6"); bzflag/world owns the download rules.
	MaxWorldChunk = MaxPacketLen - 6
)

// The message codes, each written once: the forms below name them. The
// first group are the spec's, the second the codes the 1.7 client and
// server exchange that the spec omits (see docs/errata/bzflag.md).
const (
	CodeNull         Code = 0x0000 // "MsgNull": never sent
	CodeAccept       Code = 0x6163 // 'ac' MsgAccept
	CodeAlive        Code = 0x616c // 'al' MsgAlive
	CodeAddPlayer    Code = 0x6170 // 'ap' MsgAddPlayer
	CodeCaptureFlag  Code = 0x6366 // 'cf' MsgCaptureFlag
	CodeDropFlag     Code = 0x6466 // 'df' MsgDropFlag
	CodeEnter        Code = 0x656e // 'en' MsgEnter
	CodeExit         Code = 0x6578 // 'ex' MsgExit
	CodeFlagUpdate   Code = 0x6675 // 'fu' MsgFlagUpdate
	CodeGrabFlag     Code = 0x6766 // 'gf' MsgGrabFlag
	CodeGMUpdate     Code = 0x676d // 'gm' MsgGMUpdate
	CodeGetWorld     Code = 0x6777 // 'gw' MsgGetWorld
	CodeKilled       Code = 0x6b6c // 'kl' MsgKilled
	CodeMessage      Code = 0x6d67 // 'mg' MsgMessage
	CodeNetworkRelay Code = 0x6e72 // 'nr' MsgNetworkRelay
	CodeLagPing      Code = 0x7069 // 'pi' MsgLagPing
	CodePlayerUpdate Code = 0x7075 // 'pu' MsgPlayerUpdate
	CodeReject       Code = 0x726a // 'rj' MsgReject
	CodeRemovePlayer Code = 0x7270 // 'rp' MsgRemovePlayer
	CodeShotBegin    Code = 0x7362 // 'sb' MsgShotBegin
	CodeScore        Code = 0x7363 // 'sc' MsgScore
	CodeShotEnd      Code = 0x7365 // 'se' MsgShotEnd
	CodeSuperKill    Code = 0x736b // 'sk' MsgSuperKill
	CodeScoreOver    Code = 0x736f // 'so' MsgScoreOver
	CodeTimeLeft     Code = 0x746f // 'to' MsgTimeLeft (the source's MsgTimeUpdate)
	CodeTeleport     Code = 0x7470 // 'tp' MsgTeleport (the spec's diagrams say 0x7363)
	CodeSetTTL       Code = 0x7474 // 'tt' MsgSetTTL
	CodeTeamUpdate   Code = 0x7475 // 'tu' MsgTeamUpdate (the spec's diagram says 0x746f)

	// Codes the 1.7 client and server exchange that the spec omits.
	CodeAcquireRadio       Code = 0x6172 // 'ar' MsgAcquireRadio
	CodeAudio              Code = 0x6175 // 'au' MsgAudio (no layout)
	CodeIDAck              Code = 0x6964 // 'id' MsgIdAck
	CodeUDPLinkRequest     Code = 0x6f66 // 'of' MsgUDPLinkRequest
	CodeUDPLinkEstablished Code = 0x6f67 // 'og' MsgUDPLinkEstablished
	CodeUDPLinkUpdate      Code = 0x6f68 // 'oh' MsgUDPLinkUpdate (unused)
	CodeServerControl      Code = 0x6f69 // 'oi' MsgServerControl (no layout)
	CodeClientVersion      Code = 0x6f6a // 'oj' MsgClientVersion
	CodeQueryGame          Code = 0x7167 // 'qg' MsgQueryGame
	CodeQueryPlayers       Code = 0x7170 // 'qp' MsgQueryPlayers
	CodeReleaseRadio       Code = 0x7272 // 'rr' MsgReleaseRadio
	CodeVideo              Code = 0x7669 // 'vi' MsgVideo (no layout)
	CodeWantWHash          Code = 0x7768 // 'wh' MsgWantWHash

	// CodeTimeUpdate is BZFlag 1.7's name for CodeTimeLeft.
	CodeTimeUpdate = CodeTimeLeft
)

// protocol is what every BZFlag frame shares.
var protocol = spec.Protocol{
	Name:  "bzflag",
	Order: codec.BigEndian,
	Header: []spec.Field{
		{Name: "length", Type: "u16", Go: "-", Role: spec.LengthRole, Adjust: HeaderLen,
			Doc: "the length of the body: excludes itself and the code (errata M1)"},
		{Name: "code", Type: "u16", Go: "-", Role: spec.CodeRole,
			Doc: "the message code, two ASCII letters ('en' for MsgEnter)"},
	},
	Types: []spec.Form{
		{Name: "PlayerId", Type: "PlayerID",
			Doc: "the `player id' that names a player in many messages (errata M6)",
			Fields: []spec.Field{
				{Name: "serverHostAddr", Spec: "server host addr", Type: "bytes[4]", Go: "Host IPv4", Doc: "an IPv4 address, most significant byte first"},
				{Name: "port", Type: "u16", Go: "Port uint16", Doc: "a TCP port"},
				{Name: "number", Type: "u16", Go: "Number uint16", Doc: "the player's number (bzfs: its slot)"},
			}},
		{Name: "FlagStatus", Type: "FlagStatus",
			Doc: "the `flag status' of MsgFlagUpdate, MsgGrabFlag and MsgDropFlag: a flag's kind, where it is and its flight (errata M7)",
			Fields: []spec.Field{
				{Name: "flagId", Spec: "flag id", Type: "u16", Go: "ID FlagID", Doc: "the kind of flag"},
				{Name: "status", Type: "u16", Go: "Status FlagState", Doc: "where the flag is"},
				{Name: "type", Type: "u16", Go: "Type FlagType", Doc: "how the flag behaves"},
				{Name: "ownerId", Spec: "owner id", Type: "PlayerId", Go: "Owner PlayerID", Doc: "who has the flag when FlagOnTank"},
				{Name: "position", Type: "f32[3]", Go: "Position Vec3", Doc: "on the ground"},
				{Name: "launch", Type: "f32[3]", Go: "Launch Vec3", Doc: "where it was thrown from"},
				{Name: "landing", Type: "f32[3]", Go: "Landing Vec3", Doc: "where it will land"},
				{Name: "flightTime", Spec: "flight time", Type: "f32", Go: "FlightTime float32", Doc: "time in the air so far"},
				{Name: "flightEnd", Spec: "flight end", Type: "f32", Go: "FlightEnd float32", Doc: "total time of the flight"},
				{Name: "initialVelocity", Spec: "initial velocity", Type: "f32", Go: "InitialVelocity float32", Doc: "vertical, at launch"},
			}},
	},
	MaxFrame: MaxPacketLen,
}

// The fields several forms share: the spec draws them, with the same name,
// type and meaning, in each message that carries them. A form lists them
// by these names; a field only one form has is written in its form.
var (
	playerID  = spec.Field{Name: "playerId", Spec: "player id", Type: "PlayerId", Go: "ID PlayerID"}
	team      = spec.Field{Name: "team", Type: "u16", Go: "Team TeamColor"}
	wins      = spec.Field{Name: "wins", Type: "u16", Go: "Wins uint16"}
	losses    = spec.Field{Name: "losses", Type: "u16", Go: "Losses uint16"}
	position  = spec.Field{Name: "position", Type: "f32[3]", Go: "Position Vec3"}
	forward   = spec.Field{Name: "forward", Type: "f32[3]", Go: "Forward Vec3"}
	velocity  = spec.Field{Name: "velocity", Type: "f32[3]", Go: "Velocity Vec3"}
	shooterID = spec.Field{Name: "shooterId", Spec: "shooter id", Type: "PlayerId", Go: "Shooter PlayerID"}
	killerID  = spec.Field{Name: "killerId", Spec: "killer id", Type: "PlayerId", Go: "Killer PlayerID"}
	flagNum   = spec.Field{Name: "flagNum", Spec: "flag num", Type: "u16", Go: "Index uint16"}
	flag      = spec.Field{Name: "flag", Spec: "flag status", Type: "FlagStatus", Go: "Flag FlagStatus"}
	flags     = spec.Field{Name: "flags", Type: "u16", Go: "Flags uint16"}
	faceFrom  = spec.Field{Name: "from", Type: "u16", Go: "From uint16", Doc: "the face entered"}
	faceTo    = spec.Field{Name: "to", Type: "u16", Go: "To uint16", Doc: "the face left"}

	playerType    = spec.Field{Name: "type", Type: "u16", Go: "Type PlayerType"}
	captureTeamID = spec.Field{Name: "teamId", Spec: "team id", Type: "u16", Go: "Team TeamColor", Doc: "the team whose base the flag was brought into, not the captured team (errata M32)"}

	// shotID is the u16 shot id of a shot's own messages; killed and
	// ended shots carry it signed (signedShotID).
	shotID       = spec.Field{Name: "shotId", Spec: "shot id", Type: "u16", Go: "ShotID uint16"}
	signedShotID = spec.Field{Name: "shotId", Spec: "shot id", Type: "s16", Go: "ShotID int16", Doc: "signed (errata M25)"}
)

// The forms, in the order of the spec (the forms it omits after the
// ones it shares a code with). A code with one layout from the client and
// another from the server has two forms; a form the same both ways is
// spec.Both.
var forms = []spec.Form{
	{Name: "MsgEnter", Code: uint32(CodeEnter), From: spec.FromClient, Type: "Enter",
		Doc: "a player asks to join the game; the server answers with MsgAccept, MsgReject or MsgSuperKill",
		Fields: []spec.Field{
			playerID, playerType, team,
			{Name: "callSign", Spec: "call sign", Type: "bytes[32]", Go: "CallSign CallSign", Doc: "NUL-terminated ASCII, NUL-padded"},
			{Name: "email", Spec: "email address", Type: "bytes[128]", Go: "Email Email", Doc: "NUL-terminated ASCII, NUL-padded"},
		}},
	{Name: "MsgAccept", Code: uint32(CodeAccept), From: spec.FromServer, Type: "Accept",
		Doc: "the server accepted a MsgEnter, or (not in the spec) a MsgNetworkRelay request"},
	{Name: "MsgReject", Code: uint32(CodeReject), From: spec.FromServer, Type: "Reject", Hand: true,
		Doc: "the server refused a MsgEnter, giving the reason; the source also has an empty-bodied form (Bare) to refuse a MsgNetworkRelay request, which bzfs 1.7 never sends (errata M18)",
		Fields: []spec.Field{
			{Name: "rejectCode", Spec: "code", Type: "rest", Max: 2, Go: "Reason RejectCode", Doc: "the reason; absent in the bare form"},
		}},
	{Name: "MsgSuperKill", Code: uint32(CodeSuperKill), From: spec.FromServer, Type: "SuperKill",
		Doc: "the client must close the connection at once"},
	{Name: "MsgGetWorld", Code: uint32(CodeGetWorld), From: spec.FromClient, Type: "GetWorldRequest",
		Doc: "a request for the world database from byte offset on",
		Fields: []spec.Field{
			{Name: "offset", Type: "u16", Go: "Offset uint16"},
		}},
	{Name: "MsgGetWorld", Code: uint32(CodeGetWorld), From: spec.FromServer, Type: "GetWorldReply",
		Doc: "a block of the world database and how many bytes remain, this block included (errata W1)",
		Fields: []spec.Field{
			{Name: "remaining", Type: "u16", Go: "Remaining uint16", Doc: "bytes from the requested offset to the end of the database"},
			{Name: "data", Type: "rest", Max: MaxWorldChunk, Go: "Data []byte", Doc: "the block; bzfs sends 256 bytes at most (errata W3)"},
		}},
	{Name: "MsgAddPlayer", Code: uint32(CodeAddPlayer), From: spec.FromServer, Type: "AddPlayer", Hand: true,
		Doc: "a player joined, or was in the game when this client joined; bzfs appends the id it assigned to the joining player's own (errata M16)",
		Fields: []spec.Field{
			playerID, playerType, team, wins, losses,
			{Name: "callSign", Spec: "call sign", Type: "bytes[32]", Go: "CallSign CallSign"},
			{Name: "email", Spec: "email address", Type: "bytes[128]", Go: "Email Email"},
			{Name: "assignedId", Type: "rest", Max: 8, Go: "AssignedID PlayerID", Doc: "the id bzfs assigned (not in the spec); absent but to the joining player"},
		}},
	{Name: "MsgRemovePlayer", Code: uint32(CodeRemovePlayer), From: spec.FromServer, Type: "RemovePlayer",
		Doc:    "a player left",
		Fields: []spec.Field{playerID}},
	{Name: "MsgFlagUpdate", Code: uint32(CodeFlagUpdate), From: spec.FromServer, Type: "FlagUpdate",
		Doc:    "the state of a flag changed, or the client just joined",
		Fields: []spec.Field{flagNum, flag}},
	{Name: "MsgTeamUpdate", Code: uint32(CodeTeamUpdate), From: spec.FromServer, Type: "TeamUpdate",
		Doc: "the state of a team (the spec's diagram gives MsgTimeLeft's code, errata M3)",
		Fields: []spec.Field{
			team,
			{Name: "size", Type: "u16", Go: "Players uint16", Doc: "players on the team"},
			{Name: "active", Type: "u16", Go: "Active uint16", Doc: "active players on the team"},
			wins, losses,
		}},
	{Name: "MsgAlive", Code: uint32(CodeAlive), From: spec.FromClient, Type: "AliveFromClient",
		Doc:    "the player enters the game board",
		Fields: []spec.Field{position, forward}},
	{Name: "MsgAlive", Code: uint32(CodeAlive), From: spec.FromServer, Type: "AliveFromServer",
		Doc:    "a player came alive",
		Fields: []spec.Field{playerID, position, forward}},
	{Name: "MsgPlayerUpdate", Code: uint32(CodePlayerUpdate), From: spec.Both, Type: "PlayerUpdate",
		Doc: "a player's status, position and motion, for dead reckoning (errata M24)",
		Fields: []spec.Field{
			playerID,
			{Name: "status", Type: "u16", Go: "Status PlayerStatus"},
			position, velocity,
			{Name: "azimuth", Type: "f32", Go: "Azimuth float32", Doc: "radians, +x is 0"},
			{Name: "angularVelocity", Spec: "angular velocity", Type: "f32", Go: "AngularVelocity float32", Doc: "radians per second"},
		}},
	{Name: "MsgShotBegin", Code: uint32(CodeShotBegin), From: spec.Both, Type: "ShotBegin",
		Doc: "a player fired a shot (1.7's FiringInfo)",
		Fields: []spec.Field{
			shooterID, shotID,
			{Name: "position", Type: "f32[3]", Go: "Position Vec3", Doc: "where the shot starts"},
			velocity,
			{Name: "time", Type: "f32", Go: "Time float32", Doc: "age of the shot so far"},
			{Name: "flagType", Spec: "flag type", Type: "u16", Go: "FlagType FlagID", Doc: "the shooter's flag"},
			{Name: "lifetime", Type: "f32", Go: "Lifetime float32"},
		}},
	{Name: "MsgMessage", Code: uint32(CodeMessage), From: spec.FromClient, Type: "MessageFromClient",
		Doc: "a chat message to a player; with an all-zero id, to everyone on the team, or to every player when the team is RogueTeam (bzfs relays it to every player all the same: errata M33)",
		Fields: []spec.Field{
			{Name: "playerId", Spec: "player id", Type: "PlayerId", Go: "To PlayerID"},
			team,
			{Name: "message", Type: "bytes[128]", Go: "Text MessageText", Doc: "NUL-terminated; the bytes after the NUL are kept (errata M27)"},
		}},
	{Name: "MsgMessage", Code: uint32(CodeMessage), From: spec.FromServer, Type: "MessageFromServer",
		Doc: "a player's chat message to a player; with an all-zero id, to everyone on the team, or to every player when the team is RogueTeam (the receiving client filters by this addressing: errata M33)",
		Fields: []spec.Field{
			{Name: "fromPlayerId", Spec: "from player id", Type: "PlayerId", Go: "From PlayerID"},
			{Name: "toPlayerId", Spec: "to player id", Type: "PlayerId", Go: "To PlayerID"},
			team,
			{Name: "message", Type: "bytes[128]", Go: "Text MessageText", Doc: "NUL-terminated; bzfs sends stale bytes after the NUL (errata M27)"},
		}},
	{Name: "MsgExit", Code: uint32(CodeExit), From: spec.FromClient, Type: "Exit",
		Doc: "the player leaves the game; there is no reply"},
	{Name: "MsgTimeLeft", Code: uint32(CodeTimeLeft), From: spec.FromServer, Type: "TimeLeft",
		Doc: "the seconds left in the game (1.7's MsgTimeUpdate, errata M5)",
		Fields: []spec.Field{
			{Name: "timeLeft", Spec: "time left", Type: "u16", Go: "Seconds uint16"},
		}},
	{Name: "MsgScoreOver", Code: uint32(CodeScoreOver), From: spec.FromServer, Type: "ScoreOver",
		Doc: "the game is over: a team won, or a player if the team is NoTeam",
		Fields: []spec.Field{
			playerID,
			{Name: "teamId", Spec: "team id", Type: "u16", Go: "Team TeamColor"},
		}},
	{Name: "MsgSetTTL", Code: uint32(CodeSetTTL), From: spec.Both, Type: "SetTTL",
		Doc: "the multicast time-to-live: the server's new minimum, or (not in the spec) the client's need (errata M19)",
		Fields: []spec.Field{
			{Name: "newTtl", Spec: "new TTL", Type: "u16", Go: "TTL uint16"},
		}},
	{Name: "MsgNetworkRelay", Code: uint32(CodeNetworkRelay), From: spec.Both, Type: "NetworkRelay",
		Doc: "from the server, relay player-to-player messages through it; from the client, a request to relay (errata M18)"},
	{Name: "MsgKilled", Code: uint32(CodeKilled), From: spec.FromClient, Type: "KilledFromClient",
		Doc:    "the sender was hit by a shot",
		Fields: []spec.Field{killerID, signedShotID}},
	{Name: "MsgKilled", Code: uint32(CodeKilled), From: spec.FromServer, Type: "KilledFromServer",
		Doc: "a player was killed by a shot",
		Fields: []spec.Field{
			{Name: "victimId", Spec: "victim id", Type: "PlayerId", Go: "Victim PlayerID"},
			killerID, signedShotID,
		}},
	{Name: "MsgGrabFlag", Code: uint32(CodeGrabFlag), From: spec.FromClient, Type: "GrabFlagFromClient",
		Doc:    "the player asks to grab a flag",
		Fields: []spec.Field{flagNum}},
	{Name: "MsgGrabFlag", Code: uint32(CodeGrabFlag), From: spec.FromServer, Type: "GrabFlagFromServer",
		Doc: "a player grabbed a flag",
		Fields: []spec.Field{
			{Name: "grabberId", Spec: "grabber id", Type: "PlayerId", Go: "Grabber PlayerID"},
			flagNum, flag,
		}},
	{Name: "MsgDropFlag", Code: uint32(CodeDropFlag), From: spec.FromClient, Type: "DropFlagFromClient",
		Doc:    "the player asks to drop its flag",
		Fields: []spec.Field{position}},
	{Name: "MsgDropFlag", Code: uint32(CodeDropFlag), From: spec.FromServer, Type: "DropFlagFromServer",
		Doc: "a player dropped a flag (the flag status's owner id means nothing)",
		Fields: []spec.Field{
			{Name: "dropperId", Spec: "dropper id", Type: "PlayerId", Go: "Dropper PlayerID"},
			flagNum, flag,
		}},
	{Name: "MsgCaptureFlag", Code: uint32(CodeCaptureFlag), From: spec.FromClient, Type: "CaptureFlagFromClient",
		Doc:    "the player captured a team's flag",
		Fields: []spec.Field{captureTeamID}},
	{Name: "MsgCaptureFlag", Code: uint32(CodeCaptureFlag), From: spec.FromServer, Type: "CaptureFlagFromServer",
		Doc: "a player captured a team's flag",
		Fields: []spec.Field{
			{Name: "capturerId", Spec: "capturer id", Type: "PlayerId", Go: "Capturer PlayerID"},
			flagNum, captureTeamID,
		}},
	{Name: "MsgShotEnd", Code: uint32(CodeShotEnd), From: spec.Both, Type: "ShotEnd",
		Doc: "a shot ended before its lifetime",
		Fields: []spec.Field{
			shooterID, signedShotID,
			{Name: "reason", Type: "u16", Go: "Reason uint16", Doc: "1 to show an explosion, else 0"},
		}},
	{Name: "MsgScore", Code: uint32(CodeScore), From: spec.FromClient, Type: "ScoreFromClient",
		Doc:    "the player's new score (bzfs 1.7g2 ignores the values, errata M26)",
		Fields: []spec.Field{wins, losses}},
	{Name: "MsgScore", Code: uint32(CodeScore), From: spec.FromServer, Type: "ScoreFromServer",
		Doc:    "a player's new score",
		Fields: []spec.Field{playerID, wins, losses}},
	{Name: "MsgTeleport", Code: uint32(CodeTeleport), From: spec.FromClient, Type: "TeleportFromClient",
		Doc:    "the player passed through a teleporter (the spec's diagrams give MsgScore's code, errata M4)",
		Fields: []spec.Field{faceFrom, faceTo}},
	{Name: "MsgTeleport", Code: uint32(CodeTeleport), From: spec.FromServer, Type: "TeleportFromServer",
		Doc:    "a player passed through a teleporter",
		Fields: []spec.Field{playerID, faceFrom, faceTo}},
	{Name: "MsgGMUpdate", Code: uint32(CodeGMUpdate), From: spec.Both, Type: "GMUpdate",
		Doc: "the new course of a guided missile",
		Fields: []spec.Field{
			shooterID, shotID, position, velocity,
			{Name: "time", Type: "f32", Go: "Time float32", Doc: "age of the shot"},
			{Name: "targetId", Spec: "target id", Type: "PlayerId", Go: "Target PlayerID", Doc: "all zeros for none"},
		}},
	{Name: "MsgLagPing", Code: uint32(CodeLagPing), From: spec.Both, Type: "LagPing",
		Doc: "the server measures lag; the client echoes the message back unchanged",
		Fields: []spec.Field{
			{Name: "seqNo", Spec: "seq. no.", Type: "u16", Go: "Seq uint16"},
		}},
	{Name: "MsgIdAck", Code: uint32(CodeIDAck), From: spec.FromClient, Type: "IDAck",
		Doc: "the client adopted the id the server assigned it (not in the spec, errata M17)"},
	{Name: "MsgClientVersion", Code: uint32(CodeClientVersion), From: spec.FromClient, Type: "ClientVersion",
		Doc: "the client's internal version number, which bzfs ignores (not in the spec, errata M23)",
		Fields: []spec.Field{
			{Name: "version", Type: "u16", Go: "Version uint16"},
		}},
	{Name: "MsgUDPLinkRequest", Code: uint32(CodeUDPLinkRequest), From: spec.Both, Type: "UDPLinkRequest",
		Doc: "a UDP port: the client's in its request, the server's in the answer (not in the spec, errata M23)",
		Fields: []spec.Field{
			{Name: "port", Type: "u16", Go: "Port uint16"},
		}},
	{Name: "MsgUDPLinkEstablished", Code: uint32(CodeUDPLinkEstablished), From: spec.FromClient, Type: "UDPLinkEstablished",
		Doc: "the client is ready to receive over the UDP link (not in the spec, errata M23)",
		Fields: []spec.Field{
			{Name: "queueUpdate", Spec: "queue update", Type: "u16", Go: "Value uint16", Doc: "the 1.7 client always sends 0"},
		}},
	{Name: "MsgWantWHash", Code: uint32(CodeWantWHash), From: spec.FromClient, Type: "WantWHashRequest",
		Doc: "the client asks for the digest of the world (not in the spec, errata M20)"},
	{Name: "MsgWantWHash", Code: uint32(CodeWantWHash), From: spec.FromServer, Type: "WantWHashReply", Hand: true,
		Doc: "the digest of the world: 't' or 'p', then the MD5 digest in hexadecimal, NUL-terminated (not in the spec, errata M20)",
		Fields: []spec.Field{
			{Name: "digest", Type: "cstring", Max: MaxBodyLen, Go: "Digest wire.Text", Doc: "the body's last byte is its NUL"},
		}},
	{Name: "MsgQueryGame", Code: uint32(CodeQueryGame), From: spec.FromClient, Type: "QueryGameRequest",
		Doc: "a request for the game's settings and player counts (not in the spec, errata M21)"},
	{Name: "MsgQueryGame", Code: uint32(CodeQueryGame), From: spec.FromServer, Type: "QueryGameReply",
		Doc: "the game's settings and player counts, as in sendQueryGame of bzfs 1.7 (not in the spec, errata M21)",
		Fields: []spec.Field{
			{Name: "gameStyle", Type: "u16", Go: "Style GameStyle"},
			{Name: "maxPlayers", Type: "u16", Go: "MaxPlayers uint16"},
			{Name: "maxShots", Type: "u16", Go: "MaxShots uint16"},
			{Name: "teamCount", Type: "u16[5]", Go: "TeamCount [NumTeams]uint16", Doc: "active players per team, RogueTeam to PurpleTeam"},
			{Name: "teamMax", Type: "u16[5]", Go: "TeamMax [NumTeams]uint16", Doc: "most players per team"},
			{Name: "shakeWins", Type: "u16", Go: "ShakeWins uint16"},
			{Name: "shakeTimeout", Type: "u16", Go: "ShakeTimeout uint16", Doc: "tenths of seconds"},
			{Name: "maxPlayerScore", Type: "u16", Go: "MaxPlayerScore uint16"},
			{Name: "maxTeamScore", Type: "u16", Go: "MaxTeamScore uint16"},
			{Name: "maxTime", Type: "u16", Go: "MaxTime uint16"},
		}},
	{Name: "MsgQueryPlayers", Code: uint32(CodeQueryPlayers), From: spec.FromClient, Type: "QueryPlayersRequest",
		Doc: "a request for the list of teams and players (not in the spec, errata M21)"},
	{Name: "MsgQueryPlayers", Code: uint32(CodeQueryPlayers), From: spec.FromServer, Type: "QueryPlayersReply",
		Doc: "how many teams and players follow, as MsgTeamUpdate and MsgAddPlayer (not in the spec, errata M21)",
		Fields: []spec.Field{
			{Name: "numTeams", Type: "u16", Go: "NumTeams uint16"},
			{Name: "numPlayers", Type: "u16", Go: "NumPlayers uint16"},
		}},
	{Name: "MsgAcquireRadio", Code: uint32(CodeAcquireRadio), From: spec.FromClient, Type: "AcquireRadioFromClient",
		Doc:    "the player wants to transmit (not in the spec, errata M22)",
		Fields: []spec.Field{flags}},
	{Name: "MsgAcquireRadio", Code: uint32(CodeAcquireRadio), From: spec.FromServer, Type: "AcquireRadioFromServer",
		Doc:    "a player may transmit (not in the spec, errata M22)",
		Fields: []spec.Field{playerID, flags}},
	{Name: "MsgReleaseRadio", Code: uint32(CodeReleaseRadio), From: spec.FromClient, Type: "ReleaseRadioFromClient",
		Doc: "the player is done transmitting (not in the spec, errata M22)"},
	{Name: "MsgReleaseRadio", Code: uint32(CodeReleaseRadio), From: spec.FromServer, Type: "ReleaseRadioFromServer",
		Doc:    "a player stopped transmitting (not in the spec, errata M22)",
		Fields: []spec.Field{playerID}},
}

// table is the package's message table, built once.
var table = spec.NewTable(protocol, forms, newMessage)

// Table returns the package's message table: every form, its code,
// direction, fields, offsets and sizes. It is shared: do not modify it.
func Table() *spec.Table { return table }
