package tfightersgen

import (
	"github.com/gamewire/gamewire/fuzz"
	"github.com/gamewire/gamewire/tfighters"
	"github.com/leanovate/gopter"
)

// The generators of the message types: each draws its fields as form
// does, but for NickReply's text, whose limit is its own.

// Version generates any *tfighters.Version (CMSG_VERSION) that encodes.
func Version() gopter.Gen { return form[tfighters.Version](false) }

// ValidVersion generates a *tfighters.Version that passes Validate.
func ValidVersion() gopter.Gen { return form[tfighters.Version](true) }

// Pass generates any *tfighters.Pass (CMSG_PASS) that encodes.
func Pass() gopter.Gen { return form[tfighters.Pass](false) }

// ValidPass generates a *tfighters.Pass that passes Validate.
func ValidPass() gopter.Gen { return form[tfighters.Pass](true) }

// ClientNick generates any *tfighters.ClientNick (CMSG_NICK) that encodes.
func ClientNick() gopter.Gen { return form[tfighters.ClientNick](false) }

// ValidClientNick generates a *tfighters.ClientNick that passes Validate.
func ValidClientNick() gopter.Gen { return form[tfighters.ClientNick](true) }

// ServerNick generates any *tfighters.ServerNick (SMSG_NICK) that encodes.
func ServerNick() gopter.Gen { return form[tfighters.ServerNick](false) }

// ValidServerNick generates a *tfighters.ServerNick that passes Validate.
func ValidServerNick() gopter.Gen { return form[tfighters.ServerNick](true) }

// Pong generates any *tfighters.Pong (CMSG_PONG) that encodes.
func Pong() gopter.Gen { return form[tfighters.Pong](false) }

// ValidPong generates a *tfighters.Pong that passes Validate.
func ValidPong() gopter.Gen { return form[tfighters.Pong](true) }

// ClientSpawn generates any *tfighters.ClientSpawn (CMSG_SPAWN) that encodes.
func ClientSpawn() gopter.Gen { return form[tfighters.ClientSpawn](false) }

// ValidClientSpawn generates a *tfighters.ClientSpawn that passes Validate.
func ValidClientSpawn() gopter.Gen { return form[tfighters.ClientSpawn](true) }

// ServerSpawn generates any *tfighters.ServerSpawn (SMSG_SPAWN) that encodes.
func ServerSpawn() gopter.Gen { return form[tfighters.ServerSpawn](false) }

// ValidServerSpawn generates a *tfighters.ServerSpawn that passes Validate.
func ValidServerSpawn() gopter.Gen { return form[tfighters.ServerSpawn](true) }

// ClientAccel generates any *tfighters.ClientAccel (CMSG_ACCEL) that encodes.
func ClientAccel() gopter.Gen { return form[tfighters.ClientAccel](false) }

// ValidClientAccel generates a *tfighters.ClientAccel that passes Validate.
func ValidClientAccel() gopter.Gen { return form[tfighters.ClientAccel](true) }

// ServerAccel generates any *tfighters.ServerAccel (SMSG_ACCEL) that encodes.
func ServerAccel() gopter.Gen { return form[tfighters.ServerAccel](false) }

// ValidServerAccel generates a *tfighters.ServerAccel that passes Validate.
func ValidServerAccel() gopter.Gen { return form[tfighters.ServerAccel](true) }

// ClientTurn generates any *tfighters.ClientTurn (CMSG_TURN) that encodes.
func ClientTurn() gopter.Gen { return form[tfighters.ClientTurn](false) }

// ValidClientTurn generates a *tfighters.ClientTurn that passes Validate.
func ValidClientTurn() gopter.Gen { return form[tfighters.ClientTurn](true) }

// ServerTurn generates any *tfighters.ServerTurn (SMSG_TURN) that encodes.
func ServerTurn() gopter.Gen { return form[tfighters.ServerTurn](false) }

// ValidServerTurn generates a *tfighters.ServerTurn that passes Validate.
func ValidServerTurn() gopter.Gen { return form[tfighters.ServerTurn](true) }

// ClientNewBullet generates any *tfighters.ClientNewBullet (CMSG_NEWBULLET) that encodes.
func ClientNewBullet() gopter.Gen { return form[tfighters.ClientNewBullet](false) }

// ValidClientNewBullet generates a *tfighters.ClientNewBullet that passes Validate.
func ValidClientNewBullet() gopter.Gen { return form[tfighters.ClientNewBullet](true) }

// ServerNewBullet generates any *tfighters.ServerNewBullet (SMSG_NEWBULLET) that encodes.
func ServerNewBullet() gopter.Gen { return form[tfighters.ServerNewBullet](false) }

// ValidServerNewBullet generates a *tfighters.ServerNewBullet that passes Validate.
func ValidServerNewBullet() gopter.Gen { return form[tfighters.ServerNewBullet](true) }

// Cmd generates any *tfighters.Cmd (CMSG_CMD) that encodes.
func Cmd() gopter.Gen { return form[tfighters.Cmd](false) }

// ValidCmd generates a *tfighters.Cmd that passes Validate.
func ValidCmd() gopter.Gen { return form[tfighters.Cmd](true) }

// ClientSay generates any *tfighters.ClientSay (CMSG_SAY) that encodes.
func ClientSay() gopter.Gen { return form[tfighters.ClientSay](false) }

// ValidClientSay generates a *tfighters.ClientSay that passes Validate.
func ValidClientSay() gopter.Gen { return form[tfighters.ClientSay](true) }

// ServerSay generates any *tfighters.ServerSay (SMSG_SAY) that encodes.
func ServerSay() gopter.Gen { return form[tfighters.ServerSay](false) }

// ValidServerSay generates a *tfighters.ServerSay that passes Validate.
func ValidServerSay() gopter.Gen { return form[tfighters.ServerSay](true) }

// ClientTeamSay generates any *tfighters.ClientTeamSay (CMSG_TEAMSAY) that encodes.
func ClientTeamSay() gopter.Gen { return form[tfighters.ClientTeamSay](false) }

// ValidClientTeamSay generates a *tfighters.ClientTeamSay that passes Validate.
func ValidClientTeamSay() gopter.Gen { return form[tfighters.ClientTeamSay](true) }

// ServerTeamSay generates any *tfighters.ServerTeamSay (SMSG_TEAMSAY) that encodes.
func ServerTeamSay() gopter.Gen { return form[tfighters.ServerTeamSay](false) }

// ValidServerTeamSay generates a *tfighters.ServerTeamSay that passes Validate.
func ValidServerTeamSay() gopter.Gen { return form[tfighters.ServerTeamSay](true) }

// Hi generates any *tfighters.Hi (SMSG_HI) that encodes.
func Hi() gopter.Gen { return form[tfighters.Hi](false) }

// ValidHi generates a *tfighters.Hi that passes Validate.
func ValidHi() gopter.Gen { return form[tfighters.Hi](true) }

// Motd generates any *tfighters.Motd (SMSG_MOTD) that encodes.
func Motd() gopter.Gen { return form[tfighters.Motd](false) }

// ValidMotd generates a *tfighters.Motd that passes Validate.
func ValidMotd() gopter.Gen { return form[tfighters.Motd](true) }

// Lag generates any *tfighters.Lag (SMSG_LAG) that encodes.
func Lag() gopter.Gen { return form[tfighters.Lag](false) }

// ValidLag generates a *tfighters.Lag that passes Validate.
func ValidLag() gopter.Gen { return form[tfighters.Lag](true) }

// SpawnReady generates any *tfighters.SpawnReady (SMSG_SPAWNREADY) that encodes.
func SpawnReady() gopter.Gen { return form[tfighters.SpawnReady](false) }

// ValidSpawnReady generates a *tfighters.SpawnReady that passes Validate.
func ValidSpawnReady() gopter.Gen { return form[tfighters.SpawnReady](true) }

// Invincible generates any *tfighters.Invincible (SMSG_INVINCIBLE) that encodes.
func Invincible() gopter.Gen { return form[tfighters.Invincible](false) }

// ValidInvincible generates a *tfighters.Invincible that passes Validate.
func ValidInvincible() gopter.Gen { return form[tfighters.Invincible](true) }

// Hit generates any *tfighters.Hit (SMSG_HIT) that encodes.
func Hit() gopter.Gen { return form[tfighters.Hit](false) }

// ValidHit generates a *tfighters.Hit that passes Validate.
func ValidHit() gopter.Gen { return form[tfighters.Hit](true) }

// NewUser generates any *tfighters.NewUser (SMSG_NEWUSER) that encodes.
func NewUser() gopter.Gen { return form[tfighters.NewUser](false) }

// ValidNewUser generates a *tfighters.NewUser that passes Validate.
func ValidNewUser() gopter.Gen { return form[tfighters.NewUser](true) }

// DelObj generates any *tfighters.DelObj (SMSG_DELOBJ) that encodes.
func DelObj() gopter.Gen { return form[tfighters.DelObj](false) }

// ValidDelObj generates a *tfighters.DelObj that passes Validate.
func ValidDelObj() gopter.Gen { return form[tfighters.DelObj](true) }

// Kill generates any *tfighters.Kill (SMSG_KILL) that encodes.
func Kill() gopter.Gen { return form[tfighters.Kill](false) }

// ValidKill generates a *tfighters.Kill that passes Validate.
func ValidKill() gopter.Gen { return form[tfighters.Kill](true) }

// Quit generates any *tfighters.Quit (SMSG_QUIT) that encodes.
func Quit() gopter.Gen { return form[tfighters.Quit](false) }

// ValidQuit generates a *tfighters.Quit that passes Validate.
func ValidQuit() gopter.Gen { return form[tfighters.Quit](true) }

// Kick generates any *tfighters.Kick (SMSG_KICK) that encodes.
func Kick() gopter.Gen { return form[tfighters.Kick](false) }

// ValidKick generates a *tfighters.Kick that passes Validate.
func ValidKick() gopter.Gen { return form[tfighters.Kick](true) }

// NickReply generates any *tfighters.NickReply (SMSG_NICKREPLY) that encodes.
func NickReply() gopter.Gen { return nickReply(false) }

// ValidNickReply generates a *tfighters.NickReply that passes Validate.
func ValidNickReply() gopter.Gen { return nickReply(true) }

// nickReply draws a text of at most MaxReplyLen bytes when valid.
func nickReply(valid bool) gopter.Gen {
	fields := rules(valid)
	fields["Text"] = text(valid, tfighters.MaxReplyLen)
	return fuzz.Fill[tfighters.NickReply](types(valid), fields)
}
