package bzflaggen

import (
	"github.com/gamewire/gamewire/bzflag"
	"github.com/gamewire/gamewire/fuzz"
	"github.com/gamewire/gamewire/internal/codectest"
	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
)

// Enter generates *bzflag.Enter (client to server), rules of the spec broken at times.
func Enter() gopter.Gen { return plain[bzflag.Enter](false) }

// ValidEnter generates *bzflag.Enter values that pass Validate.
func ValidEnter() gopter.Gen { return plain[bzflag.Enter](true) }

// Accept generates *bzflag.Accept (server to client).
func Accept() gopter.Gen { return plain[bzflag.Accept](false) }

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
func SuperKill() gopter.Gen { return plain[bzflag.SuperKill](false) }

// GetWorldRequest generates *bzflag.GetWorldRequest (client to server).
func GetWorldRequest() gopter.Gen { return plain[bzflag.GetWorldRequest](false) }

// GetWorldReply generates *bzflag.GetWorldReply (server to client).
func GetWorldReply() gopter.Gen { return getWorldReply(false) }

func getWorldReply(v bool) gopter.Gen {
	return fill[bzflag.GetWorldReply](v, map[string]gopter.Gen{"Data": bytesUpTo(bzflag.MaxWorldChunk)})
}

// AddPlayer generates *bzflag.AddPlayer (server to client), rules of the spec
// broken at times.
func AddPlayer() gopter.Gen { return addPlayer(false) }

// ValidAddPlayer generates *bzflag.AddPlayer values that pass Validate.
func ValidAddPlayer() gopter.Gen { return addPlayer(true) }

func addPlayer(v bool) gopter.Gen {
	return fill[bzflag.AddPlayer](v, map[string]gopter.Gen{"Team": team(v, true)}).Map(func(m *bzflag.AddPlayer) *bzflag.AddPlayer {
		if !m.HasAssignedID {
			m.AssignedID = bzflag.PlayerID{}
		}
		return m
	})
}

// RemovePlayer generates *bzflag.RemovePlayer (server to client).
func RemovePlayer() gopter.Gen { return plain[bzflag.RemovePlayer](false) }

// FlagUpdate generates *bzflag.FlagUpdate (server to client), rules of the
// spec broken at times.
func FlagUpdate() gopter.Gen { return plain[bzflag.FlagUpdate](false) }

// ValidFlagUpdate generates *bzflag.FlagUpdate values that pass Validate.
func ValidFlagUpdate() gopter.Gen { return plain[bzflag.FlagUpdate](true) }

// TeamUpdate generates *bzflag.TeamUpdate (server to client), rules of the
// spec broken at times.
func TeamUpdate() gopter.Gen { return plain[bzflag.TeamUpdate](false) }

// ValidTeamUpdate generates *bzflag.TeamUpdate values that pass Validate.
func ValidTeamUpdate() gopter.Gen { return plain[bzflag.TeamUpdate](true) }

// AliveFromClient generates *bzflag.AliveFromClient (client to server).
func AliveFromClient() gopter.Gen { return plain[bzflag.AliveFromClient](false) }

// AliveFromServer generates *bzflag.AliveFromServer (server to client).
func AliveFromServer() gopter.Gen { return plain[bzflag.AliveFromServer](false) }

// PlayerUpdate generates *bzflag.PlayerUpdate (either direction), rules of the
// spec broken at times.
func PlayerUpdate() gopter.Gen { return plain[bzflag.PlayerUpdate](false) }

// ValidPlayerUpdate generates *bzflag.PlayerUpdate values that pass Validate.
func ValidPlayerUpdate() gopter.Gen { return plain[bzflag.PlayerUpdate](true) }

// ShotBegin generates *bzflag.ShotBegin (either direction), rules of the spec
// broken at times.
func ShotBegin() gopter.Gen { return plain[bzflag.ShotBegin](false) }

// ValidShotBegin generates *bzflag.ShotBegin values that pass Validate.
func ValidShotBegin() gopter.Gen { return plain[bzflag.ShotBegin](true) }

// MessageFromClient generates *bzflag.MessageFromClient (client to server),
// rules of the spec broken at times.
func MessageFromClient() gopter.Gen { return plain[bzflag.MessageFromClient](false) }

// ValidMessageFromClient generates *bzflag.MessageFromClient values that pass Validate.
func ValidMessageFromClient() gopter.Gen { return plain[bzflag.MessageFromClient](true) }

// MessageFromServer generates *bzflag.MessageFromServer (server to client),
// rules of the spec broken at times.
func MessageFromServer() gopter.Gen { return messageFromServer(false) }

// ValidMessageFromServer generates *bzflag.MessageFromServer values that pass Validate.
func ValidMessageFromServer() gopter.Gen { return messageFromServer(true) }

func messageFromServer(v bool) gopter.Gen {
	return fill[bzflag.MessageFromServer](v, map[string]gopter.Gen{"Team": team(v, true)})
}

// Exit generates *bzflag.Exit (client to server).
func Exit() gopter.Gen { return plain[bzflag.Exit](false) }

// TimeLeft generates *bzflag.TimeLeft (server to client).
func TimeLeft() gopter.Gen { return plain[bzflag.TimeLeft](false) }

// ScoreOver generates *bzflag.ScoreOver (server to client), rules of the spec
// broken at times.
func ScoreOver() gopter.Gen { return scoreOver(false) }

// ValidScoreOver generates *bzflag.ScoreOver values that pass Validate.
func ValidScoreOver() gopter.Gen { return scoreOver(true) }

func scoreOver(v bool) gopter.Gen {
	return fill[bzflag.ScoreOver](v, map[string]gopter.Gen{"Team": team(v, true)})
}

// SetTTL generates *bzflag.SetTTL (either direction), rules of the spec broken at times.
func SetTTL() gopter.Gen { return setTTL(false) }

// ValidSetTTL generates *bzflag.SetTTL values that pass Validate.
func ValidSetTTL() gopter.Gen { return setTTL(true) }

func setTTL(v bool) gopter.Gen {
	return fill[bzflag.SetTTL](v, map[string]gopter.Gen{"TTL": upTo(bzflag.MaximumTTL, v)})
}

// NetworkRelay generates *bzflag.NetworkRelay (either direction).
func NetworkRelay() gopter.Gen { return plain[bzflag.NetworkRelay](false) }

// KilledFromClient generates *bzflag.KilledFromClient (client to server).
func KilledFromClient() gopter.Gen { return plain[bzflag.KilledFromClient](false) }

// KilledFromServer generates *bzflag.KilledFromServer (server to client).
func KilledFromServer() gopter.Gen { return plain[bzflag.KilledFromServer](false) }

// GrabFlagFromClient generates *bzflag.GrabFlagFromClient (client to server).
func GrabFlagFromClient() gopter.Gen { return plain[bzflag.GrabFlagFromClient](false) }

// GrabFlagFromServer generates *bzflag.GrabFlagFromServer (server to client),
// rules of the spec broken at times.
func GrabFlagFromServer() gopter.Gen { return plain[bzflag.GrabFlagFromServer](false) }

// ValidGrabFlagFromServer generates *bzflag.GrabFlagFromServer values that pass Validate.
func ValidGrabFlagFromServer() gopter.Gen { return plain[bzflag.GrabFlagFromServer](true) }

// DropFlagFromClient generates *bzflag.DropFlagFromClient (client to server).
func DropFlagFromClient() gopter.Gen { return plain[bzflag.DropFlagFromClient](false) }

// DropFlagFromServer generates *bzflag.DropFlagFromServer (server to client),
// rules of the spec broken at times.
func DropFlagFromServer() gopter.Gen { return plain[bzflag.DropFlagFromServer](false) }

// ValidDropFlagFromServer generates *bzflag.DropFlagFromServer values that pass Validate.
func ValidDropFlagFromServer() gopter.Gen { return plain[bzflag.DropFlagFromServer](true) }

// CaptureFlagFromClient generates *bzflag.CaptureFlagFromClient (client to
// server), rules of the spec broken at times.
func CaptureFlagFromClient() gopter.Gen { return plain[bzflag.CaptureFlagFromClient](false) }

// ValidCaptureFlagFromClient generates *bzflag.CaptureFlagFromClient values
// that pass Validate.
func ValidCaptureFlagFromClient() gopter.Gen { return plain[bzflag.CaptureFlagFromClient](true) }

// CaptureFlagFromServer generates *bzflag.CaptureFlagFromServer (server to
// client), rules of the spec broken at times.
func CaptureFlagFromServer() gopter.Gen { return plain[bzflag.CaptureFlagFromServer](false) }

// ValidCaptureFlagFromServer generates *bzflag.CaptureFlagFromServer values
// that pass Validate.
func ValidCaptureFlagFromServer() gopter.Gen { return plain[bzflag.CaptureFlagFromServer](true) }

// ShotEnd generates *bzflag.ShotEnd (either direction), rules of the spec broken at times.
func ShotEnd() gopter.Gen { return shotEnd(false) }

// ValidShotEnd generates *bzflag.ShotEnd values that pass Validate.
func ValidShotEnd() gopter.Gen { return shotEnd(true) }

func shotEnd(v bool) gopter.Gen {
	return fill[bzflag.ShotEnd](v, map[string]gopter.Gen{"Reason": upTo(1, v)})
}

// ScoreFromClient generates *bzflag.ScoreFromClient (client to server).
func ScoreFromClient() gopter.Gen { return plain[bzflag.ScoreFromClient](false) }

// ScoreFromServer generates *bzflag.ScoreFromServer (server to client).
func ScoreFromServer() gopter.Gen { return plain[bzflag.ScoreFromServer](false) }

// TeleportFromClient generates *bzflag.TeleportFromClient (client to server).
func TeleportFromClient() gopter.Gen { return plain[bzflag.TeleportFromClient](false) }

// TeleportFromServer generates *bzflag.TeleportFromServer (server to client).
func TeleportFromServer() gopter.Gen { return plain[bzflag.TeleportFromServer](false) }

// GMUpdate generates *bzflag.GMUpdate (either direction).
func GMUpdate() gopter.Gen { return plain[bzflag.GMUpdate](false) }

// LagPing generates *bzflag.LagPing (either direction), rules of the spec broken at times.
func LagPing() gopter.Gen { return lagPing(false) }

// ValidLagPing generates *bzflag.LagPing values that pass Validate.
func ValidLagPing() gopter.Gen { return lagPing(true) }

func lagPing(v bool) gopter.Gen {
	return fill[bzflag.LagPing](v, map[string]gopter.Gen{"Seq": upTo(bzflag.LagPingModulus-1, v)})
}

// IDAck generates *bzflag.IDAck (client to server).
func IDAck() gopter.Gen { return plain[bzflag.IDAck](false) }

// ClientVersion generates *bzflag.ClientVersion (client to server).
func ClientVersion() gopter.Gen { return plain[bzflag.ClientVersion](false) }

// UDPLinkRequest generates *bzflag.UDPLinkRequest (either direction).
func UDPLinkRequest() gopter.Gen { return plain[bzflag.UDPLinkRequest](false) }

// UDPLinkEstablished generates *bzflag.UDPLinkEstablished (client to server).
func UDPLinkEstablished() gopter.Gen { return plain[bzflag.UDPLinkEstablished](false) }

// WantWHashRequest generates *bzflag.WantWHashRequest (client to server).
func WantWHashRequest() gopter.Gen { return plain[bzflag.WantWHashRequest](false) }

// WantWHashReply generates *bzflag.WantWHashReply (server to client), rules of
// the spec broken at times.
func WantWHashReply() gopter.Gen { return wantWHashReply(false) }

// ValidWantWHashReply generates *bzflag.WantWHashReply values that pass Validate.
func ValidWantWHashReply() gopter.Gen { return wantWHashReply(true) }

func wantWHashReply(v bool) gopter.Gen {
	return fill[bzflag.WantWHashReply](v, map[string]gopter.Gen{"Digest": digest(v)})
}

// QueryGameRequest generates *bzflag.QueryGameRequest (client to server).
func QueryGameRequest() gopter.Gen { return plain[bzflag.QueryGameRequest](false) }

// QueryGameReply generates *bzflag.QueryGameReply (server to client), rules of
// the spec broken at times.
func QueryGameReply() gopter.Gen { return plain[bzflag.QueryGameReply](false) }

// ValidQueryGameReply generates *bzflag.QueryGameReply values that pass Validate.
func ValidQueryGameReply() gopter.Gen { return plain[bzflag.QueryGameReply](true) }

// QueryPlayersRequest generates *bzflag.QueryPlayersRequest (client to server).
func QueryPlayersRequest() gopter.Gen { return plain[bzflag.QueryPlayersRequest](false) }

// QueryPlayersReply generates *bzflag.QueryPlayersReply (server to client),
// rules of the spec broken at times.
func QueryPlayersReply() gopter.Gen { return queryPlayersReply(false) }

// ValidQueryPlayersReply generates *bzflag.QueryPlayersReply values that pass Validate.
func ValidQueryPlayersReply() gopter.Gen { return queryPlayersReply(true) }

func queryPlayersReply(v bool) gopter.Gen {
	return fill[bzflag.QueryPlayersReply](v, map[string]gopter.Gen{"NumTeams": numTeams(v)})
}

// AcquireRadioFromClient generates *bzflag.AcquireRadioFromClient (client to
// server), rules of the spec broken at times.
func AcquireRadioFromClient() gopter.Gen { return acquireRadioFromClient(false) }

// ValidAcquireRadioFromClient generates *bzflag.AcquireRadioFromClient values
// that pass Validate.
func ValidAcquireRadioFromClient() gopter.Gen { return acquireRadioFromClient(true) }

func acquireRadioFromClient(v bool) gopter.Gen {
	return fill[bzflag.AcquireRadioFromClient](v, map[string]gopter.Gen{"Flags": upTo(bzflag.RadioToAll, v)})
}

// AcquireRadioFromServer generates *bzflag.AcquireRadioFromServer (server to
// client), rules of the spec broken at times.
func AcquireRadioFromServer() gopter.Gen { return acquireRadioFromServer(false) }

// ValidAcquireRadioFromServer generates *bzflag.AcquireRadioFromServer values
// that pass Validate.
func ValidAcquireRadioFromServer() gopter.Gen { return acquireRadioFromServer(true) }

func acquireRadioFromServer(v bool) gopter.Gen {
	return fill[bzflag.AcquireRadioFromServer](v, map[string]gopter.Gen{"Flags": upTo(bzflag.RadioToAll, v)})
}

// ReleaseRadioFromClient generates *bzflag.ReleaseRadioFromClient (client to server).
func ReleaseRadioFromClient() gopter.Gen { return plain[bzflag.ReleaseRadioFromClient](false) }

// ReleaseRadioFromServer generates *bzflag.ReleaseRadioFromServer (server to client).
func ReleaseRadioFromServer() gopter.Gen { return plain[bzflag.ReleaseRadioFromServer](false) }

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
	"Enter":                  form[bzflag.Enter](true, plain[bzflag.Enter]),
	"Accept":                 form[bzflag.Accept](false, plain[bzflag.Accept], codectest.Samples(5)),
	"Reject":                 form[bzflag.Reject](true, reject),
	"SuperKill":              form[bzflag.SuperKill](false, plain[bzflag.SuperKill], codectest.Samples(5)),
	"GetWorldRequest":        form[bzflag.GetWorldRequest](false, plain[bzflag.GetWorldRequest]),
	"GetWorldReply":          form[bzflag.GetWorldReply](false, getWorldReply, codectest.Samples(60)),
	"AddPlayer":              form[bzflag.AddPlayer](true, addPlayer),
	"RemovePlayer":           form[bzflag.RemovePlayer](false, plain[bzflag.RemovePlayer]),
	"FlagUpdate":             form[bzflag.FlagUpdate](true, plain[bzflag.FlagUpdate]),
	"TeamUpdate":             form[bzflag.TeamUpdate](true, plain[bzflag.TeamUpdate]),
	"AliveFromClient":        form[bzflag.AliveFromClient](false, plain[bzflag.AliveFromClient]),
	"AliveFromServer":        form[bzflag.AliveFromServer](false, plain[bzflag.AliveFromServer]),
	"PlayerUpdate":           form[bzflag.PlayerUpdate](true, plain[bzflag.PlayerUpdate]),
	"ShotBegin":              form[bzflag.ShotBegin](true, plain[bzflag.ShotBegin]),
	"MessageFromClient":      form[bzflag.MessageFromClient](true, plain[bzflag.MessageFromClient]),
	"MessageFromServer":      form[bzflag.MessageFromServer](true, messageFromServer),
	"Exit":                   form[bzflag.Exit](false, plain[bzflag.Exit], codectest.Samples(5)),
	"TimeLeft":               form[bzflag.TimeLeft](false, plain[bzflag.TimeLeft]),
	"ScoreOver":              form[bzflag.ScoreOver](true, scoreOver),
	"SetTTL":                 form[bzflag.SetTTL](true, setTTL),
	"NetworkRelay":           form[bzflag.NetworkRelay](false, plain[bzflag.NetworkRelay], codectest.Samples(5)),
	"KilledFromClient":       form[bzflag.KilledFromClient](false, plain[bzflag.KilledFromClient]),
	"KilledFromServer":       form[bzflag.KilledFromServer](false, plain[bzflag.KilledFromServer]),
	"GrabFlagFromClient":     form[bzflag.GrabFlagFromClient](false, plain[bzflag.GrabFlagFromClient]),
	"GrabFlagFromServer":     form[bzflag.GrabFlagFromServer](true, plain[bzflag.GrabFlagFromServer]),
	"DropFlagFromClient":     form[bzflag.DropFlagFromClient](false, plain[bzflag.DropFlagFromClient]),
	"DropFlagFromServer":     form[bzflag.DropFlagFromServer](true, plain[bzflag.DropFlagFromServer]),
	"CaptureFlagFromClient":  form[bzflag.CaptureFlagFromClient](true, plain[bzflag.CaptureFlagFromClient]),
	"CaptureFlagFromServer":  form[bzflag.CaptureFlagFromServer](true, plain[bzflag.CaptureFlagFromServer]),
	"ShotEnd":                form[bzflag.ShotEnd](true, shotEnd),
	"ScoreFromClient":        form[bzflag.ScoreFromClient](false, plain[bzflag.ScoreFromClient]),
	"ScoreFromServer":        form[bzflag.ScoreFromServer](false, plain[bzflag.ScoreFromServer]),
	"TeleportFromClient":     form[bzflag.TeleportFromClient](false, plain[bzflag.TeleportFromClient]),
	"TeleportFromServer":     form[bzflag.TeleportFromServer](false, plain[bzflag.TeleportFromServer]),
	"GMUpdate":               form[bzflag.GMUpdate](false, plain[bzflag.GMUpdate]),
	"LagPing":                form[bzflag.LagPing](true, lagPing),
	"IDAck":                  form[bzflag.IDAck](false, plain[bzflag.IDAck], codectest.Samples(5)),
	"ClientVersion":          form[bzflag.ClientVersion](false, plain[bzflag.ClientVersion]),
	"UDPLinkRequest":         form[bzflag.UDPLinkRequest](false, plain[bzflag.UDPLinkRequest]),
	"UDPLinkEstablished":     form[bzflag.UDPLinkEstablished](false, plain[bzflag.UDPLinkEstablished]),
	"WantWHashRequest":       form[bzflag.WantWHashRequest](false, plain[bzflag.WantWHashRequest], codectest.Samples(5)),
	"WantWHashReply":         form[bzflag.WantWHashReply](true, wantWHashReply, codectest.Samples(60)),
	"QueryGameRequest":       form[bzflag.QueryGameRequest](false, plain[bzflag.QueryGameRequest], codectest.Samples(5)),
	"QueryGameReply":         form[bzflag.QueryGameReply](true, plain[bzflag.QueryGameReply]),
	"QueryPlayersRequest":    form[bzflag.QueryPlayersRequest](false, plain[bzflag.QueryPlayersRequest], codectest.Samples(5)),
	"QueryPlayersReply":      form[bzflag.QueryPlayersReply](true, queryPlayersReply),
	"AcquireRadioFromClient": form[bzflag.AcquireRadioFromClient](true, acquireRadioFromClient),
	"AcquireRadioFromServer": form[bzflag.AcquireRadioFromServer](true, acquireRadioFromServer),
	"ReleaseRadioFromClient": form[bzflag.ReleaseRadioFromClient](false, plain[bzflag.ReleaseRadioFromClient], codectest.Samples(5)),
	"ReleaseRadioFromServer": form[bzflag.ReleaseRadioFromServer](false, plain[bzflag.ReleaseRadioFromServer]),
}
