package tfighters

import "strconv"

// Code is a message type code, the spec's "type (u16)" field. Codes below
// 0x8000 travel server->client (SMSG_*), codes from 0x8000 up travel
// client->server (CMSG_*).
type Code uint16

// Client->server codes (CMSG_*).
const (
	CodeVersion         Code = 0x8000 // CMSG_VERSION
	CodePass            Code = 0x8001 // CMSG_PASS
	CodeClientNick      Code = 0x8002 // CMSG_NICK
	CodePong            Code = 0x8003 // CMSG_PONG
	CodeClientSpawn     Code = 0x8200 // CMSG_SPAWN
	CodeClientAccel     Code = 0x8300 // CMSG_ACCEL
	CodeClientTurn      Code = 0x8301 // CMSG_TURN
	CodeClientNewBullet Code = 0x8302 // CMSG_NEWBULLET
	CodeCmd             Code = 0x8500 // CMSG_CMD
	CodeClientSay       Code = 0x8501 // CMSG_SAY
	CodeClientTeamSay   Code = 0x8502 // CMSG_TEAMSAY
)

// Server->client codes (SMSG_*).
const (
	CodeHi              Code = 0x0000 // SMSG_HI
	CodeMotd            Code = 0x0001 // SMSG_MOTD
	CodePing            Code = 0x0002 // SMSG_PING
	CodeLag             Code = 0x0003 // SMSG_LAG
	CodeSpawnReady      Code = 0x0200 // SMSG_SPAWNREADY
	CodeServerAccel     Code = 0x0400 // SMSG_ACCEL
	CodeServerTurn      Code = 0x0401 // SMSG_TURN
	CodeInvincible      Code = 0x0402 // SMSG_INVINCIBLE
	CodeHit             Code = 0x0403 // SMSG_HIT
	CodeServerSay       Code = 0x0500 // SMSG_SAY
	CodeServerTeamSay   Code = 0x0501 // SMSG_TEAMSAY
	CodeNewUser         Code = 0x0600 // SMSG_NEWUSER
	CodeDelObj          Code = 0x0601 // SMSG_DELOBJ
	CodeKill            Code = 0x0602 // SMSG_KILL
	CodeServerNewBullet Code = 0x0603 // SMSG_NEWBULLET
	CodeServerNick      Code = 0x0604 // SMSG_NICK
	CodeServerSpawn     Code = 0x0605 // SMSG_SPAWN
	CodeQuit            Code = 0x0606 // SMSG_QUIT
	CodeKick            Code = 0x0607 // SMSG_KICK
	CodeNickReply       Code = 0x0700 // SMSG_NICKREPLY
)

// Codes lists every code the spec defines, server->client first, in
// numeric order within each direction.
var Codes = [...]Code{
	CodeHi, CodeMotd, CodePing, CodeLag, CodeSpawnReady,
	CodeServerAccel, CodeServerTurn, CodeInvincible, CodeHit,
	CodeServerSay, CodeServerTeamSay,
	CodeNewUser, CodeDelObj, CodeKill, CodeServerNewBullet, CodeServerNick,
	CodeServerSpawn, CodeQuit, CodeKick, CodeNickReply,
	CodeVersion, CodePass, CodeClientNick, CodePong, CodeClientSpawn,
	CodeClientAccel, CodeClientTurn, CodeClientNewBullet,
	CodeCmd, CodeClientSay, CodeClientTeamSay,
}

// name returns the spec's name of c, or "" for a code the spec does not
// define.
func (c Code) name() string {
	switch c {
	case CodeHi:
		return "SMSG_HI"
	case CodeMotd:
		return "SMSG_MOTD"
	case CodePing:
		return "SMSG_PING"
	case CodeLag:
		return "SMSG_LAG"
	case CodeSpawnReady:
		return "SMSG_SPAWNREADY"
	case CodeServerAccel:
		return "SMSG_ACCEL"
	case CodeServerTurn:
		return "SMSG_TURN"
	case CodeInvincible:
		return "SMSG_INVINCIBLE"
	case CodeHit:
		return "SMSG_HIT"
	case CodeServerSay:
		return "SMSG_SAY"
	case CodeServerTeamSay:
		return "SMSG_TEAMSAY"
	case CodeNewUser:
		return "SMSG_NEWUSER"
	case CodeDelObj:
		return "SMSG_DELOBJ"
	case CodeKill:
		return "SMSG_KILL"
	case CodeServerNewBullet:
		return "SMSG_NEWBULLET"
	case CodeServerNick:
		return "SMSG_NICK"
	case CodeServerSpawn:
		return "SMSG_SPAWN"
	case CodeQuit:
		return "SMSG_QUIT"
	case CodeKick:
		return "SMSG_KICK"
	case CodeNickReply:
		return "SMSG_NICKREPLY"
	case CodeVersion:
		return "CMSG_VERSION"
	case CodePass:
		return "CMSG_PASS"
	case CodeClientNick:
		return "CMSG_NICK"
	case CodePong:
		return "CMSG_PONG"
	case CodeClientSpawn:
		return "CMSG_SPAWN"
	case CodeClientAccel:
		return "CMSG_ACCEL"
	case CodeClientTurn:
		return "CMSG_TURN"
	case CodeClientNewBullet:
		return "CMSG_NEWBULLET"
	case CodeCmd:
		return "CMSG_CMD"
	case CodeClientSay:
		return "CMSG_SAY"
	case CodeClientTeamSay:
		return "CMSG_TEAMSAY"
	}
	return ""
}

// Known reports whether the spec defines c.
func (c Code) Known() bool { return c.name() != "" }

// From returns the direction a message with code c travels in, by the
// spec's ranges: 0x0000-0x7FFF server->client, 0x8000-0xFFFF
// client->server.
func (c Code) From() Direction {
	if c >= 0x8000 {
		return FromClient
	}
	return FromServer
}

// String returns the spec's name, such as "CMSG_VERSION", or "0x" and four
// hex digits for a code the spec does not define.
func (c Code) String() string {
	if s := c.name(); s != "" {
		return s
	}
	return string(hex4(c))
}

// errName names the message of code c in errors: its spec name, or
// "unknown", so that no error needs a string built per code.
func (c Code) errName() string {
	if s := c.name(); s != "" {
		return s
	}
	return unknownName
}

// unknownName names messages of undefined codes in errors.
const unknownName = "unknown"

// MarshalText returns the spec's name, or "0x" and four hex digits.
func (c Code) MarshalText() ([]byte, error) {
	if s := c.name(); s != "" {
		return []byte(s), nil
	}
	return hex4(c), nil
}

func hex4(c Code) []byte {
	const digits = "0123456789abcdef"
	return []byte{'0', 'x', digits[c>>12], digits[c>>8&15], digits[c>>4&15], digits[c&15]}
}

// UnmarshalText accepts a spec name ("SMSG_HI") or a number ("0x1234",
// "4660").
func (c *Code) UnmarshalText(t []byte) error {
	for _, k := range Codes {
		if k.name() == string(t) {
			*c = k
			return nil
		}
	}
	v, err := strconv.ParseUint(string(t), 0, 16)
	if err != nil {
		return &textError{what: "code", text: string(t)}
	}
	*c = Code(v)
	return nil
}

// Direction says which way a message travels.
type Direction uint8

const (
	// AnyDirection accepts codes of both ranges.
	AnyDirection Direction = iota
	// FromServer is server->client (SMSG_*, codes 0x0000-0x7FFF).
	FromServer
	// FromClient is client->server (CMSG_*, codes 0x8000-0xFFFF).
	FromClient
)

// String returns "server", "client" or "any".
func (d Direction) String() string {
	switch d {
	case FromServer:
		return "server"
	case FromClient:
		return "client"
	}
	return "any"
}
