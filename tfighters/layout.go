package tfighters

// Field describes one field of a message on the wire, after the header.
type Field struct {
	// Name is the spec's name of the field in lowerCamelCase, as in JSON
	// and in errors.
	Name string
	// Type is the spec's type: u8, s8, s16, u32, s32, dbl or str.
	Type string
	// Offset is the field's byte offset in the message, header included;
	// fields after a str have none of their own, but no message of the
	// spec has any.
	Offset int
}

// Size returns the field's width in bytes, or 0 for a str (its length
// and a NUL).
func (f Field) Size() int {
	switch f.Type {
	case "u8", "s8":
		return 1
	case "s16":
		return 2
	case "u32", "s32", "dbl":
		return 4
	}
	return 0
}

// layoutPing is the wire layout of SMSG_PING in the spec's form (a 4-byte
// time).
var layoutPing = [...]Field{{"time", "u32", 4}}

// Layout returns the fields of the message with code c, as they travel
// (which, for SMSG_NEWUSER and SMSG_NICK, differs from the spec's text:
// see the errata), or nil for a code the spec does not define. SMSG_PING
// is given in the spec's form, with a 4-byte time; 64-bit builds of the
// original server add a u32 "timeHigh" at offset 8 (see Ping).
func Layout(c Code) []Field {
	switch c {
	case CodeHi:
		return layoutHi[:]
	case CodeMotd:
		return layoutMotd[:]
	case CodePing:
		return layoutPing[:]
	case CodeLag:
		return layoutLag[:]
	case CodeSpawnReady:
		return layoutSpawnReady[:]
	case CodeServerAccel:
		return layoutServerAccel[:]
	case CodeServerTurn:
		return layoutServerTurn[:]
	case CodeInvincible:
		return layoutInvincible[:]
	case CodeHit:
		return layoutHit[:]
	case CodeServerSay:
		return layoutServerSay[:]
	case CodeServerTeamSay:
		return layoutServerTeamSay[:]
	case CodeNewUser:
		return layoutNewUser[:]
	case CodeDelObj:
		return layoutDelObj[:]
	case CodeKill:
		return layoutKill[:]
	case CodeServerNewBullet:
		return layoutServerNewBullet[:]
	case CodeServerNick:
		return layoutServerNick[:]
	case CodeServerSpawn:
		return layoutServerSpawn[:]
	case CodeQuit:
		return layoutQuit[:]
	case CodeKick:
		return layoutKick[:]
	case CodeNickReply:
		return layoutNickReply[:]
	case CodeVersion:
		return layoutVersion[:]
	case CodePass:
		return layoutPass[:]
	case CodeClientNick:
		return layoutClientNick[:]
	case CodePong:
		return layoutPong[:]
	case CodeClientSpawn:
		return layoutClientSpawn[:]
	case CodeClientAccel:
		return layoutClientAccel[:]
	case CodeClientTurn:
		return layoutClientTurn[:]
	case CodeClientNewBullet:
		return layoutClientNewBullet[:]
	case CodeCmd:
		return layoutCmd[:]
	case CodeClientSay:
		return layoutClientSay[:]
	case CodeClientTeamSay:
		return layoutClientTeamSay[:]
	}
	return nil
}
