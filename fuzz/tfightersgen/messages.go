package tfightersgen

import (
	"github.com/gamewire/gamewire/fuzz"
	"github.com/gamewire/gamewire/tfighters"
	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
)

// Version generates any *tfighters.Version (CMSG_VERSION) that encodes.
func Version() gopter.Gen { return version(false) }

// ValidVersion generates a *tfighters.Version that passes Validate.
func ValidVersion() gopter.Gen { return version(true) }

func version(bool) gopter.Gen {
	return fuzz.Struct[tfighters.Version](map[string]gopter.Gen{
		"MyVersion": u32(),
	})
}

// Pass generates any *tfighters.Pass (CMSG_PASS) that encodes.
func Pass() gopter.Gen { return pass(false) }

// ValidPass generates a *tfighters.Pass that passes Validate.
func ValidPass() gopter.Gen { return pass(true) }

func pass(valid bool) gopter.Gen {
	return fuzz.Struct[tfighters.Pass](map[string]gopter.Gen{
		"Pass": text(valid, tfighters.MaxTextLen),
	})
}

// ClientNick generates any *tfighters.ClientNick (CMSG_NICK) that encodes.
func ClientNick() gopter.Gen { return clientNick(false) }

// ValidClientNick generates a *tfighters.ClientNick that passes Validate.
func ValidClientNick() gopter.Gen { return clientNick(true) }

func clientNick(valid bool) gopter.Gen {
	return fuzz.Struct[tfighters.ClientNick](map[string]gopter.Gen{
		"Nick": nick(valid),
	})
}

// ServerNick generates any *tfighters.ServerNick (SMSG_NICK) that encodes.
func ServerNick() gopter.Gen { return serverNick(false) }

// ValidServerNick generates a *tfighters.ServerNick that passes Validate.
func ValidServerNick() gopter.Gen { return serverNick(true) }

func serverNick(valid bool) gopter.Gen {
	return fuzz.Struct[tfighters.ServerNick](map[string]gopter.Gen{
		"ID":      u32(),
		"NewNick": nick(valid),
	})
}

// Pong generates any *tfighters.Pong (CMSG_PONG) that encodes.
func Pong() gopter.Gen { return pong(false) }

// ValidPong generates a *tfighters.Pong that passes Validate.
func ValidPong() gopter.Gen { return pong(true) }

func pong(bool) gopter.Gen {
	return fuzz.Struct[tfighters.Pong](map[string]gopter.Gen{
		"ServerTime": u32(),
	})
}

// ClientSpawn generates any *tfighters.ClientSpawn (CMSG_SPAWN) that encodes.
func ClientSpawn() gopter.Gen { return clientSpawn(false) }

// ValidClientSpawn generates a *tfighters.ClientSpawn that passes Validate.
func ValidClientSpawn() gopter.Gen { return clientSpawn(true) }

func clientSpawn(bool) gopter.Gen { return gen.Const(&tfighters.ClientSpawn{}) }

// ServerSpawn generates any *tfighters.ServerSpawn (SMSG_SPAWN) that encodes.
func ServerSpawn() gopter.Gen { return serverSpawn(false) }

// ValidServerSpawn generates a *tfighters.ServerSpawn that passes Validate.
func ValidServerSpawn() gopter.Gen { return serverSpawn(true) }

// objectFields are the generators of the fields SMSG_SPAWN and
// SMSG_NEWUSER share.
func objectFields(valid bool) map[string]gopter.Gen {
	return map[string]gopter.Gen{
		"ID":    u32(),
		"X":     dbl(),
		"Y":     dbl(),
		"Deg":   dbl(),
		"Accel": accel(valid),
		"Alive": u32(),
		"Frags": gen.Int16(),
		"Turn":  turn(valid),
		"Type":  objectType(valid),
		"Speed": dbl(),
	}
}

func serverSpawn(valid bool) gopter.Gen {
	return fuzz.Struct[tfighters.ServerSpawn](objectFields(valid))
}

// ClientAccel generates any *tfighters.ClientAccel (CMSG_ACCEL) that encodes.
func ClientAccel() gopter.Gen { return clientAccel(false) }

// ValidClientAccel generates a *tfighters.ClientAccel that passes Validate.
func ValidClientAccel() gopter.Gen { return clientAccel(true) }

func clientAccel(valid bool) gopter.Gen {
	return fuzz.Struct[tfighters.ClientAccel](map[string]gopter.Gen{
		"X":     dbl(),
		"Y":     dbl(),
		"Accel": accel(valid),
		"Speed": dbl(),
	})
}

// ServerAccel generates any *tfighters.ServerAccel (SMSG_ACCEL) that encodes.
func ServerAccel() gopter.Gen { return serverAccel(false) }

// ValidServerAccel generates a *tfighters.ServerAccel that passes Validate.
func ValidServerAccel() gopter.Gen { return serverAccel(true) }

func serverAccel(valid bool) gopter.Gen {
	return fuzz.Struct[tfighters.ServerAccel](map[string]gopter.Gen{
		"ID":    u32(),
		"X":     dbl(),
		"Y":     dbl(),
		"Accel": accel(valid),
		"Speed": dbl(),
	})
}

// ClientTurn generates any *tfighters.ClientTurn (CMSG_TURN) that encodes.
func ClientTurn() gopter.Gen { return clientTurn(false) }

// ValidClientTurn generates a *tfighters.ClientTurn that passes Validate.
func ValidClientTurn() gopter.Gen { return clientTurn(true) }

func clientTurn(valid bool) gopter.Gen {
	return fuzz.Struct[tfighters.ClientTurn](map[string]gopter.Gen{
		"X":    dbl(),
		"Y":    dbl(),
		"Turn": turn(valid),
		"Deg":  dbl(),
	})
}

// ServerTurn generates any *tfighters.ServerTurn (SMSG_TURN) that encodes.
func ServerTurn() gopter.Gen { return serverTurn(false) }

// ValidServerTurn generates a *tfighters.ServerTurn that passes Validate.
func ValidServerTurn() gopter.Gen { return serverTurn(true) }

func serverTurn(valid bool) gopter.Gen {
	return fuzz.Struct[tfighters.ServerTurn](map[string]gopter.Gen{
		"ID":   u32(),
		"X":    dbl(),
		"Y":    dbl(),
		"Turn": turn(valid),
		"Deg":  dbl(),
	})
}

// ClientNewBullet generates any *tfighters.ClientNewBullet (CMSG_NEWBULLET) that encodes.
func ClientNewBullet() gopter.Gen { return clientNewBullet(false) }

// ValidClientNewBullet generates a *tfighters.ClientNewBullet that passes Validate.
func ValidClientNewBullet() gopter.Gen { return clientNewBullet(true) }

func clientNewBullet(bool) gopter.Gen {
	return fuzz.Struct[tfighters.ClientNewBullet](map[string]gopter.Gen{
		"X":   dbl(),
		"Y":   dbl(),
		"Deg": dbl(),
	})
}

// ServerNewBullet generates any *tfighters.ServerNewBullet (SMSG_NEWBULLET) that encodes.
func ServerNewBullet() gopter.Gen { return serverNewBullet(false) }

// ValidServerNewBullet generates a *tfighters.ServerNewBullet that passes Validate.
func ValidServerNewBullet() gopter.Gen { return serverNewBullet(true) }

func serverNewBullet(bool) gopter.Gen {
	return fuzz.Struct[tfighters.ServerNewBullet](map[string]gopter.Gen{
		"ID":      u32(),
		"OwnerID": u32(),
		"X":       dbl(),
		"Y":       dbl(),
		"Deg":     dbl(),
	})
}

// Cmd generates any *tfighters.Cmd (CMSG_CMD) that encodes.
func Cmd() gopter.Gen { return cmd(false) }

// ValidCmd generates a *tfighters.Cmd that passes Validate.
func ValidCmd() gopter.Gen { return cmd(true) }

func cmd(valid bool) gopter.Gen {
	return fuzz.Struct[tfighters.Cmd](map[string]gopter.Gen{
		"Text": text(valid, tfighters.MaxTextLen),
	})
}

// ClientSay generates any *tfighters.ClientSay (CMSG_SAY) that encodes.
func ClientSay() gopter.Gen { return clientSay(false) }

// ValidClientSay generates a *tfighters.ClientSay that passes Validate.
func ValidClientSay() gopter.Gen { return clientSay(true) }

func clientSay(valid bool) gopter.Gen {
	return fuzz.Struct[tfighters.ClientSay](map[string]gopter.Gen{
		"Text": text(valid, tfighters.MaxTextLen),
	})
}

// ServerSay generates any *tfighters.ServerSay (SMSG_SAY) that encodes.
func ServerSay() gopter.Gen { return serverSay(false) }

// ValidServerSay generates a *tfighters.ServerSay that passes Validate.
func ValidServerSay() gopter.Gen { return serverSay(true) }

func serverSay(valid bool) gopter.Gen {
	return fuzz.Struct[tfighters.ServerSay](map[string]gopter.Gen{
		"ID":   u32(),
		"Text": text(valid, tfighters.MaxTextLen),
	})
}

// ClientTeamSay generates any *tfighters.ClientTeamSay (CMSG_TEAMSAY) that encodes.
func ClientTeamSay() gopter.Gen { return clientTeamSay(false) }

// ValidClientTeamSay generates a *tfighters.ClientTeamSay that passes Validate.
func ValidClientTeamSay() gopter.Gen { return clientTeamSay(true) }

func clientTeamSay(valid bool) gopter.Gen {
	return fuzz.Struct[tfighters.ClientTeamSay](map[string]gopter.Gen{
		"Text": text(valid, tfighters.MaxTextLen),
	})
}

// ServerTeamSay generates any *tfighters.ServerTeamSay (SMSG_TEAMSAY) that encodes.
func ServerTeamSay() gopter.Gen { return serverTeamSay(false) }

// ValidServerTeamSay generates a *tfighters.ServerTeamSay that passes Validate.
func ValidServerTeamSay() gopter.Gen { return serverTeamSay(true) }

func serverTeamSay(valid bool) gopter.Gen {
	return fuzz.Struct[tfighters.ServerTeamSay](map[string]gopter.Gen{
		"ID":   u32(),
		"Text": text(valid, tfighters.MaxTextLen),
	})
}

// Hi generates any *tfighters.Hi (SMSG_HI) that encodes.
func Hi() gopter.Gen { return hi(false) }

// ValidHi generates a *tfighters.Hi that passes Validate.
func ValidHi() gopter.Gen { return hi(true) }

func hi(bool) gopter.Gen {
	return fuzz.Struct[tfighters.Hi](map[string]gopter.Gen{
		"MyVersion": u32(),
		"UWID":      u32(),
	})
}

// Motd generates any *tfighters.Motd (SMSG_MOTD) that encodes.
func Motd() gopter.Gen { return motd(false) }

// ValidMotd generates a *tfighters.Motd that passes Validate.
func ValidMotd() gopter.Gen { return motd(true) }

func motd(valid bool) gopter.Gen {
	return fuzz.Struct[tfighters.Motd](map[string]gopter.Gen{
		"Text": text(valid, tfighters.MaxTextLen),
	})
}

// Lag generates any *tfighters.Lag (SMSG_LAG) that encodes.
func Lag() gopter.Gen { return lag(false) }

// ValidLag generates a *tfighters.Lag that passes Validate.
func ValidLag() gopter.Gen { return lag(true) }

func lag(bool) gopter.Gen {
	return fuzz.Struct[tfighters.Lag](map[string]gopter.Gen{
		"Diff": gen.Int32(),
	})
}

// SpawnReady generates any *tfighters.SpawnReady (SMSG_SPAWNREADY) that encodes.
func SpawnReady() gopter.Gen { return spawnReady(false) }

// ValidSpawnReady generates a *tfighters.SpawnReady that passes Validate.
func ValidSpawnReady() gopter.Gen { return spawnReady(true) }

func spawnReady(bool) gopter.Gen { return gen.Const(&tfighters.SpawnReady{}) }

// Invincible generates any *tfighters.Invincible (SMSG_INVINCIBLE) that encodes.
func Invincible() gopter.Gen { return invincible(false) }

// ValidInvincible generates a *tfighters.Invincible that passes Validate.
func ValidInvincible() gopter.Gen { return invincible(true) }

func invincible(valid bool) gopter.Gen {
	return fuzz.Struct[tfighters.Invincible](map[string]gopter.Gen{
		"ID":             u32(),
		"YesNo":          yesNo(valid),
		"InvincibilityT": u32(),
	})
}

// Hit generates any *tfighters.Hit (SMSG_HIT) that encodes.
func Hit() gopter.Gen { return hit(false) }

// ValidHit generates a *tfighters.Hit that passes Validate.
func ValidHit() gopter.Gen { return hit(true) }

func hit(bool) gopter.Gen {
	return fuzz.Struct[tfighters.Hit](map[string]gopter.Gen{
		"VictimID": u32(),
		"EvilID":   u32(),
		"NewPower": gen.UInt8(),
	})
}

// NewUser generates any *tfighters.NewUser (SMSG_NEWUSER) that encodes.
func NewUser() gopter.Gen { return newUser(false) }

// ValidNewUser generates a *tfighters.NewUser that passes Validate.
func ValidNewUser() gopter.Gen { return newUser(true) }

func newUser(valid bool) gopter.Gen {
	fields := objectFields(valid)
	fields["PendingMoves"] = u32()
	fields["Nick"] = nick(valid)
	return fuzz.Struct[tfighters.NewUser](fields)
}

// DelObj generates any *tfighters.DelObj (SMSG_DELOBJ) that encodes.
func DelObj() gopter.Gen { return delObj(false) }

// ValidDelObj generates a *tfighters.DelObj that passes Validate.
func ValidDelObj() gopter.Gen { return delObj(true) }

func delObj(bool) gopter.Gen {
	return fuzz.Struct[tfighters.DelObj](map[string]gopter.Gen{
		"ID": u32(),
	})
}

// Kill generates any *tfighters.Kill (SMSG_KILL) that encodes.
func Kill() gopter.Gen { return kill(false) }

// ValidKill generates a *tfighters.Kill that passes Validate.
func ValidKill() gopter.Gen { return kill(true) }

func kill(valid bool) gopter.Gen {
	return fuzz.Struct[tfighters.Kill](map[string]gopter.Gen{
		"VictimID": u32(),
		"EvilID":   u32(),
		"KillTxt":  text(valid, tfighters.MaxTextLen),
	})
}

// Quit generates any *tfighters.Quit (SMSG_QUIT) that encodes.
func Quit() gopter.Gen { return quit(false) }

// ValidQuit generates a *tfighters.Quit that passes Validate.
func ValidQuit() gopter.Gen { return quit(true) }

func quit(valid bool) gopter.Gen {
	return fuzz.Struct[tfighters.Quit](map[string]gopter.Gen{
		"ID":   u32(),
		"Text": text(valid, tfighters.MaxTextLen),
	})
}

// Kick generates any *tfighters.Kick (SMSG_KICK) that encodes.
func Kick() gopter.Gen { return kick(false) }

// ValidKick generates a *tfighters.Kick that passes Validate.
func ValidKick() gopter.Gen { return kick(true) }

func kick(valid bool) gopter.Gen {
	return fuzz.Struct[tfighters.Kick](map[string]gopter.Gen{
		"ID":   u32(),
		"Text": text(valid, tfighters.MaxTextLen),
	})
}

// NickReply generates any *tfighters.NickReply (SMSG_NICKREPLY) that encodes.
func NickReply() gopter.Gen { return nickReply(false) }

// ValidNickReply generates a *tfighters.NickReply that passes Validate.
func ValidNickReply() gopter.Gen { return nickReply(true) }

func nickReply(valid bool) gopter.Gen {
	return fuzz.Struct[tfighters.NickReply](map[string]gopter.Gen{
		"GoodOrBad": nickResult(valid),
		"Text":      text(valid, tfighters.MaxReplyLen),
	})
}
