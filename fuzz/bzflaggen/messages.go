package bzflaggen

import (
	"github.com/gamewire/gamewire/bzflag"
	"github.com/gamewire/gamewire/fuzz"
	"github.com/gamewire/gamewire/internal/codectest"
	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
)

// Enter generates *bzflag.Enter (client to server), rules of the spec broken at times.
func Enter() gopter.Gen { return enter(false) }

// ValidEnter generates *bzflag.Enter values that pass Validate.
func ValidEnter() gopter.Gen { return enter(true) }

func enter(v bool) gopter.Gen {
	return fuzz.Struct[bzflag.Enter](map[string]gopter.Gen{
		"ID":       PlayerID(),
		"Type":     playerType(v),
		"Team":     team(v, false),
		"CallSign": callSign(v),
		"Email":    email(v),
	})
}

// Accept generates *bzflag.Accept (server to client).
func Accept() gopter.Gen { return accept(false) }

func accept(_ bool) gopter.Gen { return gen.Const(&bzflag.Accept{}) }

// Reject generates *bzflag.Reject (server to client), rules of the spec broken at times.
func Reject() gopter.Gen { return reject(false) }

// ValidReject generates *bzflag.Reject values that pass Validate.
func ValidReject() gopter.Gen { return reject(true) }

func reject(v bool) gopter.Gen {
	return fuzz.Struct[bzflag.Reject](map[string]gopter.Gen{
		"Reason": enum(uint16(bzflag.RejectServerFull)+1, v).Map(func(x uint16) bzflag.RejectCode { return bzflag.RejectCode(x) }),
		"Bare":   gen.Weighted([]gen.WeightedGen{{Weight: 4, Gen: gen.Const(false)}, {Weight: 1, Gen: gen.Const(true)}}),
	}).Map(func(m *bzflag.Reject) *bzflag.Reject {
		if m.Bare {
			m.Reason = 0
		}
		return m
	})
}

// SuperKill generates *bzflag.SuperKill (server to client).
func SuperKill() gopter.Gen { return superKill(false) }

func superKill(_ bool) gopter.Gen { return gen.Const(&bzflag.SuperKill{}) }

// GetWorldRequest generates *bzflag.GetWorldRequest (client to server).
func GetWorldRequest() gopter.Gen { return getWorldRequest(false) }

func getWorldRequest(_ bool) gopter.Gen {
	return fuzz.Struct[bzflag.GetWorldRequest](map[string]gopter.Gen{
		"Offset": gen.UInt16(),
	})
}

// GetWorldReply generates *bzflag.GetWorldReply (server to client).
func GetWorldReply() gopter.Gen { return getWorldReply(false) }

func getWorldReply(_ bool) gopter.Gen {
	return fuzz.Struct[bzflag.GetWorldReply](map[string]gopter.Gen{
		"Remaining": gen.UInt16(),
		"Data":      bytesUpTo(bzflag.MaxWorldChunk),
	})
}

// AddPlayer generates *bzflag.AddPlayer (server to client), rules of the spec
// broken at times.
func AddPlayer() gopter.Gen { return addPlayer(false) }

// ValidAddPlayer generates *bzflag.AddPlayer values that pass Validate.
func ValidAddPlayer() gopter.Gen { return addPlayer(true) }

func addPlayer(v bool) gopter.Gen {
	return fuzz.Struct[bzflag.AddPlayer](map[string]gopter.Gen{
		"ID":            PlayerID(),
		"Type":          playerType(v),
		"Team":          team(v, true),
		"Wins":          gen.UInt16(),
		"Losses":        gen.UInt16(),
		"CallSign":      callSign(v),
		"Email":         email(v),
		"HasAssignedID": gen.Bool(),
		"AssignedID":    PlayerID(),
	}).Map(func(m *bzflag.AddPlayer) *bzflag.AddPlayer {
		if !m.HasAssignedID {
			m.AssignedID = bzflag.PlayerID{}
		}
		return m
	})
}

// RemovePlayer generates *bzflag.RemovePlayer (server to client).
func RemovePlayer() gopter.Gen { return removePlayer(false) }

func removePlayer(_ bool) gopter.Gen {
	return fuzz.Struct[bzflag.RemovePlayer](map[string]gopter.Gen{
		"ID": PlayerID(),
	})
}

// FlagUpdate generates *bzflag.FlagUpdate (server to client), rules of the
// spec broken at times.
func FlagUpdate() gopter.Gen { return flagUpdate(false) }

// ValidFlagUpdate generates *bzflag.FlagUpdate values that pass Validate.
func ValidFlagUpdate() gopter.Gen { return flagUpdate(true) }

func flagUpdate(v bool) gopter.Gen {
	return fuzz.Struct[bzflag.FlagUpdate](map[string]gopter.Gen{
		"Index": gen.UInt16(),
		"Flag":  flagStatus(v),
	})
}

// TeamUpdate generates *bzflag.TeamUpdate (server to client), rules of the
// spec broken at times.
func TeamUpdate() gopter.Gen { return teamUpdate(false) }

// ValidTeamUpdate generates *bzflag.TeamUpdate values that pass Validate.
func ValidTeamUpdate() gopter.Gen { return teamUpdate(true) }

func teamUpdate(v bool) gopter.Gen {
	return fuzz.Struct[bzflag.TeamUpdate](map[string]gopter.Gen{
		"Team":    team(v, false),
		"Players": gen.UInt16(),
		"Active":  gen.UInt16(),
		"Wins":    gen.UInt16(),
		"Losses":  gen.UInt16(),
	})
}

// AliveFromClient generates *bzflag.AliveFromClient (client to server).
func AliveFromClient() gopter.Gen { return aliveFromClient(false) }

func aliveFromClient(_ bool) gopter.Gen {
	return fuzz.Struct[bzflag.AliveFromClient](map[string]gopter.Gen{
		"Position": vec3(),
		"Forward":  vec3(),
	})
}

// AliveFromServer generates *bzflag.AliveFromServer (server to client).
func AliveFromServer() gopter.Gen { return aliveFromServer(false) }

func aliveFromServer(_ bool) gopter.Gen {
	return fuzz.Struct[bzflag.AliveFromServer](map[string]gopter.Gen{
		"ID":       PlayerID(),
		"Position": vec3(),
		"Forward":  vec3(),
	})
}

// PlayerUpdate generates *bzflag.PlayerUpdate (either direction), rules of the
// spec broken at times.
func PlayerUpdate() gopter.Gen { return playerUpdate(false) }

// ValidPlayerUpdate generates *bzflag.PlayerUpdate values that pass Validate.
func ValidPlayerUpdate() gopter.Gen { return playerUpdate(true) }

func playerUpdate(v bool) gopter.Gen {
	return fuzz.Struct[bzflag.PlayerUpdate](map[string]gopter.Gen{
		"ID":              PlayerID(),
		"Status":          playerStatus(v),
		"Position":        vec3(),
		"Velocity":        vec3(),
		"Azimuth":         f32(),
		"AngularVelocity": f32(),
	})
}

// ShotBegin generates *bzflag.ShotBegin (either direction), rules of the spec
// broken at times.
func ShotBegin() gopter.Gen { return shotBegin(false) }

// ValidShotBegin generates *bzflag.ShotBegin values that pass Validate.
func ValidShotBegin() gopter.Gen { return shotBegin(true) }

func shotBegin(v bool) gopter.Gen {
	return fuzz.Struct[bzflag.ShotBegin](map[string]gopter.Gen{
		"Shooter":  PlayerID(),
		"ShotID":   gen.UInt16(),
		"Position": vec3(),
		"Velocity": vec3(),
		"Time":     f32(),
		"FlagType": flagID(v),
		"Lifetime": f32(),
	})
}

// MessageFromClient generates *bzflag.MessageFromClient (client to server),
// rules of the spec broken at times.
func MessageFromClient() gopter.Gen { return messageFromClient(false) }

// ValidMessageFromClient generates *bzflag.MessageFromClient values that pass Validate.
func ValidMessageFromClient() gopter.Gen { return messageFromClient(true) }

func messageFromClient(v bool) gopter.Gen {
	return fuzz.Struct[bzflag.MessageFromClient](map[string]gopter.Gen{
		"To":   PlayerID(),
		"Team": team(v, false),
		"Text": messageText(v),
	})
}

// MessageFromServer generates *bzflag.MessageFromServer (server to client),
// rules of the spec broken at times.
func MessageFromServer() gopter.Gen { return messageFromServer(false) }

// ValidMessageFromServer generates *bzflag.MessageFromServer values that pass Validate.
func ValidMessageFromServer() gopter.Gen { return messageFromServer(true) }

func messageFromServer(v bool) gopter.Gen {
	return fuzz.Struct[bzflag.MessageFromServer](map[string]gopter.Gen{
		"From": PlayerID(),
		"To":   PlayerID(),
		"Team": team(v, true),
		"Text": messageText(v),
	})
}

// Exit generates *bzflag.Exit (client to server).
func Exit() gopter.Gen { return exit(false) }

func exit(_ bool) gopter.Gen { return gen.Const(&bzflag.Exit{}) }

// TimeLeft generates *bzflag.TimeLeft (server to client).
func TimeLeft() gopter.Gen { return timeLeft(false) }

func timeLeft(_ bool) gopter.Gen {
	return fuzz.Struct[bzflag.TimeLeft](map[string]gopter.Gen{
		"Seconds": gen.UInt16(),
	})
}

// ScoreOver generates *bzflag.ScoreOver (server to client), rules of the spec
// broken at times.
func ScoreOver() gopter.Gen { return scoreOver(false) }

// ValidScoreOver generates *bzflag.ScoreOver values that pass Validate.
func ValidScoreOver() gopter.Gen { return scoreOver(true) }

func scoreOver(v bool) gopter.Gen {
	return fuzz.Struct[bzflag.ScoreOver](map[string]gopter.Gen{
		"ID":   PlayerID(),
		"Team": team(v, true),
	})
}

// SetTTL generates *bzflag.SetTTL (either direction), rules of the spec broken at times.
func SetTTL() gopter.Gen { return setTTL(false) }

// ValidSetTTL generates *bzflag.SetTTL values that pass Validate.
func ValidSetTTL() gopter.Gen { return setTTL(true) }

func setTTL(v bool) gopter.Gen {
	return fuzz.Struct[bzflag.SetTTL](map[string]gopter.Gen{
		"TTL": upTo(bzflag.MaximumTTL, v),
	})
}

// NetworkRelay generates *bzflag.NetworkRelay (either direction).
func NetworkRelay() gopter.Gen { return networkRelay(false) }

func networkRelay(_ bool) gopter.Gen { return gen.Const(&bzflag.NetworkRelay{}) }

// KilledFromClient generates *bzflag.KilledFromClient (client to server).
func KilledFromClient() gopter.Gen { return killedFromClient(false) }

func killedFromClient(_ bool) gopter.Gen {
	return fuzz.Struct[bzflag.KilledFromClient](map[string]gopter.Gen{
		"Killer": PlayerID(),
		"ShotID": gen.Int16(),
	})
}

// KilledFromServer generates *bzflag.KilledFromServer (server to client).
func KilledFromServer() gopter.Gen { return killedFromServer(false) }

func killedFromServer(_ bool) gopter.Gen {
	return fuzz.Struct[bzflag.KilledFromServer](map[string]gopter.Gen{
		"Victim": PlayerID(),
		"Killer": PlayerID(),
		"ShotID": gen.Int16(),
	})
}

// GrabFlagFromClient generates *bzflag.GrabFlagFromClient (client to server).
func GrabFlagFromClient() gopter.Gen { return grabFlagFromClient(false) }

func grabFlagFromClient(_ bool) gopter.Gen {
	return fuzz.Struct[bzflag.GrabFlagFromClient](map[string]gopter.Gen{
		"Index": gen.UInt16(),
	})
}

// GrabFlagFromServer generates *bzflag.GrabFlagFromServer (server to client),
// rules of the spec broken at times.
func GrabFlagFromServer() gopter.Gen { return grabFlagFromServer(false) }

// ValidGrabFlagFromServer generates *bzflag.GrabFlagFromServer values that pass Validate.
func ValidGrabFlagFromServer() gopter.Gen { return grabFlagFromServer(true) }

func grabFlagFromServer(v bool) gopter.Gen {
	return fuzz.Struct[bzflag.GrabFlagFromServer](map[string]gopter.Gen{
		"Grabber": PlayerID(),
		"Index":   gen.UInt16(),
		"Flag":    flagStatus(v),
	})
}

// DropFlagFromClient generates *bzflag.DropFlagFromClient (client to server).
func DropFlagFromClient() gopter.Gen { return dropFlagFromClient(false) }

func dropFlagFromClient(_ bool) gopter.Gen {
	return fuzz.Struct[bzflag.DropFlagFromClient](map[string]gopter.Gen{
		"Position": vec3(),
	})
}

// DropFlagFromServer generates *bzflag.DropFlagFromServer (server to client),
// rules of the spec broken at times.
func DropFlagFromServer() gopter.Gen { return dropFlagFromServer(false) }

// ValidDropFlagFromServer generates *bzflag.DropFlagFromServer values that pass Validate.
func ValidDropFlagFromServer() gopter.Gen { return dropFlagFromServer(true) }

func dropFlagFromServer(v bool) gopter.Gen {
	return fuzz.Struct[bzflag.DropFlagFromServer](map[string]gopter.Gen{
		"Dropper": PlayerID(),
		"Index":   gen.UInt16(),
		"Flag":    flagStatus(v),
	})
}

// CaptureFlagFromClient generates *bzflag.CaptureFlagFromClient (client to
// server), rules of the spec broken at times.
func CaptureFlagFromClient() gopter.Gen { return captureFlagFromClient(false) }

// ValidCaptureFlagFromClient generates *bzflag.CaptureFlagFromClient values
// that pass Validate.
func ValidCaptureFlagFromClient() gopter.Gen { return captureFlagFromClient(true) }

func captureFlagFromClient(v bool) gopter.Gen {
	return fuzz.Struct[bzflag.CaptureFlagFromClient](map[string]gopter.Gen{
		"Team": team(v, false),
	})
}

// CaptureFlagFromServer generates *bzflag.CaptureFlagFromServer (server to
// client), rules of the spec broken at times.
func CaptureFlagFromServer() gopter.Gen { return captureFlagFromServer(false) }

// ValidCaptureFlagFromServer generates *bzflag.CaptureFlagFromServer values
// that pass Validate.
func ValidCaptureFlagFromServer() gopter.Gen { return captureFlagFromServer(true) }

func captureFlagFromServer(v bool) gopter.Gen {
	return fuzz.Struct[bzflag.CaptureFlagFromServer](map[string]gopter.Gen{
		"Capturer": PlayerID(),
		"Index":    gen.UInt16(),
		"Team":     team(v, false),
	})
}

// ShotEnd generates *bzflag.ShotEnd (either direction), rules of the spec broken at times.
func ShotEnd() gopter.Gen { return shotEnd(false) }

// ValidShotEnd generates *bzflag.ShotEnd values that pass Validate.
func ValidShotEnd() gopter.Gen { return shotEnd(true) }

func shotEnd(v bool) gopter.Gen {
	return fuzz.Struct[bzflag.ShotEnd](map[string]gopter.Gen{
		"Shooter": PlayerID(),
		"ShotID":  gen.Int16(),
		"Reason":  upTo(1, v),
	})
}

// ScoreFromClient generates *bzflag.ScoreFromClient (client to server).
func ScoreFromClient() gopter.Gen { return scoreFromClient(false) }

func scoreFromClient(_ bool) gopter.Gen {
	return fuzz.Struct[bzflag.ScoreFromClient](map[string]gopter.Gen{
		"Wins":   gen.UInt16(),
		"Losses": gen.UInt16(),
	})
}

// ScoreFromServer generates *bzflag.ScoreFromServer (server to client).
func ScoreFromServer() gopter.Gen { return scoreFromServer(false) }

func scoreFromServer(_ bool) gopter.Gen {
	return fuzz.Struct[bzflag.ScoreFromServer](map[string]gopter.Gen{
		"ID":     PlayerID(),
		"Wins":   gen.UInt16(),
		"Losses": gen.UInt16(),
	})
}

// TeleportFromClient generates *bzflag.TeleportFromClient (client to server).
func TeleportFromClient() gopter.Gen { return teleportFromClient(false) }

func teleportFromClient(_ bool) gopter.Gen {
	return fuzz.Struct[bzflag.TeleportFromClient](map[string]gopter.Gen{
		"From": gen.UInt16(),
		"To":   gen.UInt16(),
	})
}

// TeleportFromServer generates *bzflag.TeleportFromServer (server to client).
func TeleportFromServer() gopter.Gen { return teleportFromServer(false) }

func teleportFromServer(_ bool) gopter.Gen {
	return fuzz.Struct[bzflag.TeleportFromServer](map[string]gopter.Gen{
		"ID":   PlayerID(),
		"From": gen.UInt16(),
		"To":   gen.UInt16(),
	})
}

// GMUpdate generates *bzflag.GMUpdate (either direction).
func GMUpdate() gopter.Gen { return gmUpdate(false) }

func gmUpdate(_ bool) gopter.Gen {
	return fuzz.Struct[bzflag.GMUpdate](map[string]gopter.Gen{
		"Shooter":  PlayerID(),
		"ShotID":   gen.UInt16(),
		"Position": vec3(),
		"Velocity": vec3(),
		"Time":     f32(),
		"Target":   PlayerID(),
	})
}

// LagPing generates *bzflag.LagPing (either direction), rules of the spec broken at times.
func LagPing() gopter.Gen { return lagPing(false) }

// ValidLagPing generates *bzflag.LagPing values that pass Validate.
func ValidLagPing() gopter.Gen { return lagPing(true) }

func lagPing(v bool) gopter.Gen {
	return fuzz.Struct[bzflag.LagPing](map[string]gopter.Gen{
		"Seq": upTo(bzflag.LagPingModulus-1, v),
	})
}

// IDAck generates *bzflag.IDAck (client to server).
func IDAck() gopter.Gen { return idAck(false) }

func idAck(_ bool) gopter.Gen { return gen.Const(&bzflag.IDAck{}) }

// ClientVersion generates *bzflag.ClientVersion (client to server).
func ClientVersion() gopter.Gen { return clientVersion(false) }

func clientVersion(_ bool) gopter.Gen {
	return fuzz.Struct[bzflag.ClientVersion](map[string]gopter.Gen{
		"Version": gen.UInt16(),
	})
}

// UDPLinkRequest generates *bzflag.UDPLinkRequest (either direction).
func UDPLinkRequest() gopter.Gen { return udpLinkRequest(false) }

func udpLinkRequest(_ bool) gopter.Gen {
	return fuzz.Struct[bzflag.UDPLinkRequest](map[string]gopter.Gen{
		"Port": gen.UInt16(),
	})
}

// UDPLinkEstablished generates *bzflag.UDPLinkEstablished (client to server).
func UDPLinkEstablished() gopter.Gen { return udpLinkEstablished(false) }

func udpLinkEstablished(_ bool) gopter.Gen {
	return fuzz.Struct[bzflag.UDPLinkEstablished](map[string]gopter.Gen{
		"Value": gen.UInt16(),
	})
}

// WantWHashRequest generates *bzflag.WantWHashRequest (client to server).
func WantWHashRequest() gopter.Gen { return wantWHashRequest(false) }

func wantWHashRequest(_ bool) gopter.Gen { return gen.Const(&bzflag.WantWHashRequest{}) }

// WantWHashReply generates *bzflag.WantWHashReply (server to client), rules of
// the spec broken at times.
func WantWHashReply() gopter.Gen { return wantWHashReply(false) }

// ValidWantWHashReply generates *bzflag.WantWHashReply values that pass Validate.
func ValidWantWHashReply() gopter.Gen { return wantWHashReply(true) }

func wantWHashReply(v bool) gopter.Gen {
	return fuzz.Struct[bzflag.WantWHashReply](map[string]gopter.Gen{
		"Digest": digest(v),
	})
}

// QueryGameRequest generates *bzflag.QueryGameRequest (client to server).
func QueryGameRequest() gopter.Gen { return queryGameRequest(false) }

func queryGameRequest(_ bool) gopter.Gen { return gen.Const(&bzflag.QueryGameRequest{}) }

// QueryGameReply generates *bzflag.QueryGameReply (server to client), rules of
// the spec broken at times.
func QueryGameReply() gopter.Gen { return queryGameReply(false) }

// ValidQueryGameReply generates *bzflag.QueryGameReply values that pass Validate.
func ValidQueryGameReply() gopter.Gen { return queryGameReply(true) }

func queryGameReply(v bool) gopter.Gen {
	return fuzz.Struct[bzflag.QueryGameReply](map[string]gopter.Gen{
		"Style":          gameStyle(v),
		"MaxPlayers":     gen.UInt16(),
		"MaxShots":       gen.UInt16(),
		"TeamCount":      teamCounts(),
		"TeamMax":        teamCounts(),
		"ShakeWins":      gen.UInt16(),
		"ShakeTimeout":   gen.UInt16(),
		"MaxPlayerScore": gen.UInt16(),
		"MaxTeamScore":   gen.UInt16(),
		"MaxTime":        gen.UInt16(),
	})
}

// QueryPlayersRequest generates *bzflag.QueryPlayersRequest (client to server).
func QueryPlayersRequest() gopter.Gen { return queryPlayersRequest(false) }

func queryPlayersRequest(_ bool) gopter.Gen { return gen.Const(&bzflag.QueryPlayersRequest{}) }

// QueryPlayersReply generates *bzflag.QueryPlayersReply (server to client),
// rules of the spec broken at times.
func QueryPlayersReply() gopter.Gen { return queryPlayersReply(false) }

// ValidQueryPlayersReply generates *bzflag.QueryPlayersReply values that pass Validate.
func ValidQueryPlayersReply() gopter.Gen { return queryPlayersReply(true) }

func queryPlayersReply(v bool) gopter.Gen {
	return fuzz.Struct[bzflag.QueryPlayersReply](map[string]gopter.Gen{
		"NumTeams":   numTeams(v),
		"NumPlayers": gen.UInt16(),
	})
}

// AcquireRadioFromClient generates *bzflag.AcquireRadioFromClient (client to
// server), rules of the spec broken at times.
func AcquireRadioFromClient() gopter.Gen { return acquireRadioFromClient(false) }

// ValidAcquireRadioFromClient generates *bzflag.AcquireRadioFromClient values
// that pass Validate.
func ValidAcquireRadioFromClient() gopter.Gen { return acquireRadioFromClient(true) }

func acquireRadioFromClient(v bool) gopter.Gen {
	return fuzz.Struct[bzflag.AcquireRadioFromClient](map[string]gopter.Gen{
		"Flags": upTo(bzflag.RadioToAll, v),
	})
}

// AcquireRadioFromServer generates *bzflag.AcquireRadioFromServer (server to
// client), rules of the spec broken at times.
func AcquireRadioFromServer() gopter.Gen { return acquireRadioFromServer(false) }

// ValidAcquireRadioFromServer generates *bzflag.AcquireRadioFromServer values
// that pass Validate.
func ValidAcquireRadioFromServer() gopter.Gen { return acquireRadioFromServer(true) }

func acquireRadioFromServer(v bool) gopter.Gen {
	return fuzz.Struct[bzflag.AcquireRadioFromServer](map[string]gopter.Gen{
		"ID":    PlayerID(),
		"Flags": upTo(bzflag.RadioToAll, v),
	})
}

// ReleaseRadioFromClient generates *bzflag.ReleaseRadioFromClient (client to server).
func ReleaseRadioFromClient() gopter.Gen { return releaseRadioFromClient(false) }

func releaseRadioFromClient(_ bool) gopter.Gen { return gen.Const(&bzflag.ReleaseRadioFromClient{}) }

// ReleaseRadioFromServer generates *bzflag.ReleaseRadioFromServer (server to client).
func ReleaseRadioFromServer() gopter.Gen { return releaseRadioFromServer(false) }

func releaseRadioFromServer(_ bool) gopter.Gen {
	return fuzz.Struct[bzflag.ReleaseRadioFromServer](map[string]gopter.Gen{
		"ID": PlayerID(),
	})
}

// entry is one message form's generator, and the harness run for its
// type.
type entry struct {
	rules bool // the type has rules Validate checks
	gen   func(valid bool) gopter.Gen
	check func(t codectest.TB, g gopter.Gen, opts ...codectest.Option)
}

// form makes the entry of the form whose Go type is T, with the harness
// options its type needs.
func form[T any, P interface {
	*T
	bzflag.Message
}](rules bool, gen func(valid bool) gopter.Gen, opts ...codectest.Option) entry {
	return entry{rules, gen, func(t codectest.TB, g gopter.Gen, more ...codectest.Option) {
		codectest.Check[T, P](t, g, append(opts[:len(opts):len(opts)], more...)...)
	}}
}

// entries holds the generator of every form of bzflag.Table(), by the
// form's Go type (TestEveryForm checks that none is missing).
var entries = map[string]entry{
	"Enter":                  form[bzflag.Enter](true, enter),
	"Accept":                 form[bzflag.Accept](false, accept, codectest.Samples(5)),
	"Reject":                 form[bzflag.Reject](true, reject),
	"SuperKill":              form[bzflag.SuperKill](false, superKill, codectest.Samples(5)),
	"GetWorldRequest":        form[bzflag.GetWorldRequest](false, getWorldRequest),
	"GetWorldReply":          form[bzflag.GetWorldReply](false, getWorldReply, codectest.Samples(60)),
	"AddPlayer":              form[bzflag.AddPlayer](true, addPlayer),
	"RemovePlayer":           form[bzflag.RemovePlayer](false, removePlayer),
	"FlagUpdate":             form[bzflag.FlagUpdate](true, flagUpdate),
	"TeamUpdate":             form[bzflag.TeamUpdate](true, teamUpdate),
	"AliveFromClient":        form[bzflag.AliveFromClient](false, aliveFromClient),
	"AliveFromServer":        form[bzflag.AliveFromServer](false, aliveFromServer),
	"PlayerUpdate":           form[bzflag.PlayerUpdate](true, playerUpdate),
	"ShotBegin":              form[bzflag.ShotBegin](true, shotBegin),
	"MessageFromClient":      form[bzflag.MessageFromClient](true, messageFromClient),
	"MessageFromServer":      form[bzflag.MessageFromServer](true, messageFromServer),
	"Exit":                   form[bzflag.Exit](false, exit, codectest.Samples(5)),
	"TimeLeft":               form[bzflag.TimeLeft](false, timeLeft),
	"ScoreOver":              form[bzflag.ScoreOver](true, scoreOver),
	"SetTTL":                 form[bzflag.SetTTL](true, setTTL),
	"NetworkRelay":           form[bzflag.NetworkRelay](false, networkRelay, codectest.Samples(5)),
	"KilledFromClient":       form[bzflag.KilledFromClient](false, killedFromClient),
	"KilledFromServer":       form[bzflag.KilledFromServer](false, killedFromServer),
	"GrabFlagFromClient":     form[bzflag.GrabFlagFromClient](false, grabFlagFromClient),
	"GrabFlagFromServer":     form[bzflag.GrabFlagFromServer](true, grabFlagFromServer),
	"DropFlagFromClient":     form[bzflag.DropFlagFromClient](false, dropFlagFromClient),
	"DropFlagFromServer":     form[bzflag.DropFlagFromServer](true, dropFlagFromServer),
	"CaptureFlagFromClient":  form[bzflag.CaptureFlagFromClient](true, captureFlagFromClient),
	"CaptureFlagFromServer":  form[bzflag.CaptureFlagFromServer](true, captureFlagFromServer),
	"ShotEnd":                form[bzflag.ShotEnd](true, shotEnd),
	"ScoreFromClient":        form[bzflag.ScoreFromClient](false, scoreFromClient),
	"ScoreFromServer":        form[bzflag.ScoreFromServer](false, scoreFromServer),
	"TeleportFromClient":     form[bzflag.TeleportFromClient](false, teleportFromClient),
	"TeleportFromServer":     form[bzflag.TeleportFromServer](false, teleportFromServer),
	"GMUpdate":               form[bzflag.GMUpdate](false, gmUpdate),
	"LagPing":                form[bzflag.LagPing](true, lagPing),
	"IDAck":                  form[bzflag.IDAck](false, idAck, codectest.Samples(5)),
	"ClientVersion":          form[bzflag.ClientVersion](false, clientVersion),
	"UDPLinkRequest":         form[bzflag.UDPLinkRequest](false, udpLinkRequest),
	"UDPLinkEstablished":     form[bzflag.UDPLinkEstablished](false, udpLinkEstablished),
	"WantWHashRequest":       form[bzflag.WantWHashRequest](false, wantWHashRequest, codectest.Samples(5)),
	"WantWHashReply":         form[bzflag.WantWHashReply](true, wantWHashReply, codectest.Samples(60)),
	"QueryGameRequest":       form[bzflag.QueryGameRequest](false, queryGameRequest, codectest.Samples(5)),
	"QueryGameReply":         form[bzflag.QueryGameReply](true, queryGameReply),
	"QueryPlayersRequest":    form[bzflag.QueryPlayersRequest](false, queryPlayersRequest, codectest.Samples(5)),
	"QueryPlayersReply":      form[bzflag.QueryPlayersReply](true, queryPlayersReply),
	"AcquireRadioFromClient": form[bzflag.AcquireRadioFromClient](true, acquireRadioFromClient),
	"AcquireRadioFromServer": form[bzflag.AcquireRadioFromServer](true, acquireRadioFromServer),
	"ReleaseRadioFromClient": form[bzflag.ReleaseRadioFromClient](false, releaseRadioFromClient, codectest.Samples(5)),
	"ReleaseRadioFromServer": form[bzflag.ReleaseRadioFromServer](false, releaseRadioFromServer),
}
