package bzflaggen

import (
	"github.com/gamewire/gamewire/bzflag"
	"github.com/gamewire/gamewire/fuzz"
	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
)

// Enter generates *bzflag.Enter (client to server), rules of the spec broken at times.
func Enter() gopter.Gen { return fill[bzflag.Enter](false) }

// ValidEnter generates *bzflag.Enter values that pass Validate.
func ValidEnter() gopter.Gen { return fill[bzflag.Enter](true) }

// Accept generates *bzflag.Accept (server to client).
func Accept() gopter.Gen { return fill[bzflag.Accept](false) }

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
func SuperKill() gopter.Gen { return fill[bzflag.SuperKill](false) }

// GetWorldRequest generates *bzflag.GetWorldRequest (client to server).
func GetWorldRequest() gopter.Gen { return fill[bzflag.GetWorldRequest](false) }

// GetWorldReply generates *bzflag.GetWorldReply (server to client).
func GetWorldReply() gopter.Gen { return fill[bzflag.GetWorldReply](false) }

// AddPlayer generates *bzflag.AddPlayer (server to client), rules of the spec
// broken at times.
func AddPlayer() gopter.Gen { return addPlayer(false) }

// ValidAddPlayer generates *bzflag.AddPlayer values that pass Validate.
func ValidAddPlayer() gopter.Gen { return addPlayer(true) }

func addPlayer(v bool) gopter.Gen {
	return anyTeam[bzflag.AddPlayer](v).Map(func(m *bzflag.AddPlayer) *bzflag.AddPlayer {
		if !m.HasAssignedID {
			m.AssignedID = bzflag.PlayerID{}
		}
		return m
	})
}

// RemovePlayer generates *bzflag.RemovePlayer (server to client).
func RemovePlayer() gopter.Gen { return fill[bzflag.RemovePlayer](false) }

// FlagUpdate generates *bzflag.FlagUpdate (server to client), rules of the
// spec broken at times.
func FlagUpdate() gopter.Gen { return fill[bzflag.FlagUpdate](false) }

// ValidFlagUpdate generates *bzflag.FlagUpdate values that pass Validate.
func ValidFlagUpdate() gopter.Gen { return fill[bzflag.FlagUpdate](true) }

// TeamUpdate generates *bzflag.TeamUpdate (server to client), rules of the
// spec broken at times.
func TeamUpdate() gopter.Gen { return fill[bzflag.TeamUpdate](false) }

// ValidTeamUpdate generates *bzflag.TeamUpdate values that pass Validate.
func ValidTeamUpdate() gopter.Gen { return fill[bzflag.TeamUpdate](true) }

// AliveFromClient generates *bzflag.AliveFromClient (client to server).
func AliveFromClient() gopter.Gen { return fill[bzflag.AliveFromClient](false) }

// AliveFromServer generates *bzflag.AliveFromServer (server to client).
func AliveFromServer() gopter.Gen { return fill[bzflag.AliveFromServer](false) }

// PlayerUpdate generates *bzflag.PlayerUpdate (either direction), rules of the
// spec broken at times.
func PlayerUpdate() gopter.Gen { return fill[bzflag.PlayerUpdate](false) }

// ValidPlayerUpdate generates *bzflag.PlayerUpdate values that pass Validate.
func ValidPlayerUpdate() gopter.Gen { return fill[bzflag.PlayerUpdate](true) }

// ShotBegin generates *bzflag.ShotBegin (either direction), rules of the spec
// broken at times.
func ShotBegin() gopter.Gen { return fill[bzflag.ShotBegin](false) }

// ValidShotBegin generates *bzflag.ShotBegin values that pass Validate.
func ValidShotBegin() gopter.Gen { return fill[bzflag.ShotBegin](true) }

// MessageFromClient generates *bzflag.MessageFromClient (client to server),
// rules of the spec broken at times.
func MessageFromClient() gopter.Gen { return fill[bzflag.MessageFromClient](false) }

// ValidMessageFromClient generates *bzflag.MessageFromClient values that pass Validate.
func ValidMessageFromClient() gopter.Gen { return fill[bzflag.MessageFromClient](true) }

// MessageFromServer generates *bzflag.MessageFromServer (server to client),
// rules of the spec broken at times.
func MessageFromServer() gopter.Gen { return anyTeam[bzflag.MessageFromServer](false) }

// ValidMessageFromServer generates *bzflag.MessageFromServer values that pass Validate.
func ValidMessageFromServer() gopter.Gen { return anyTeam[bzflag.MessageFromServer](true) }

// Exit generates *bzflag.Exit (client to server).
func Exit() gopter.Gen { return fill[bzflag.Exit](false) }

// TimeLeft generates *bzflag.TimeLeft (server to client).
func TimeLeft() gopter.Gen { return fill[bzflag.TimeLeft](false) }

// ScoreOver generates *bzflag.ScoreOver (server to client), rules of the spec
// broken at times.
func ScoreOver() gopter.Gen { return anyTeam[bzflag.ScoreOver](false) }

// ValidScoreOver generates *bzflag.ScoreOver values that pass Validate.
func ValidScoreOver() gopter.Gen { return anyTeam[bzflag.ScoreOver](true) }

// SetTTL generates *bzflag.SetTTL (either direction), rules of the spec broken at times.
func SetTTL() gopter.Gen { return fill[bzflag.SetTTL](false) }

// ValidSetTTL generates *bzflag.SetTTL values that pass Validate.
func ValidSetTTL() gopter.Gen { return fill[bzflag.SetTTL](true) }

// NetworkRelay generates *bzflag.NetworkRelay (either direction).
func NetworkRelay() gopter.Gen { return fill[bzflag.NetworkRelay](false) }

// KilledFromClient generates *bzflag.KilledFromClient (client to server).
func KilledFromClient() gopter.Gen { return fill[bzflag.KilledFromClient](false) }

// KilledFromServer generates *bzflag.KilledFromServer (server to client).
func KilledFromServer() gopter.Gen { return fill[bzflag.KilledFromServer](false) }

// GrabFlagFromClient generates *bzflag.GrabFlagFromClient (client to server).
func GrabFlagFromClient() gopter.Gen { return fill[bzflag.GrabFlagFromClient](false) }

// GrabFlagFromServer generates *bzflag.GrabFlagFromServer (server to client),
// rules of the spec broken at times.
func GrabFlagFromServer() gopter.Gen { return fill[bzflag.GrabFlagFromServer](false) }

// ValidGrabFlagFromServer generates *bzflag.GrabFlagFromServer values that pass Validate.
func ValidGrabFlagFromServer() gopter.Gen { return fill[bzflag.GrabFlagFromServer](true) }

// DropFlagFromClient generates *bzflag.DropFlagFromClient (client to server).
func DropFlagFromClient() gopter.Gen { return fill[bzflag.DropFlagFromClient](false) }

// DropFlagFromServer generates *bzflag.DropFlagFromServer (server to client),
// rules of the spec broken at times.
func DropFlagFromServer() gopter.Gen { return fill[bzflag.DropFlagFromServer](false) }

// ValidDropFlagFromServer generates *bzflag.DropFlagFromServer values that pass Validate.
func ValidDropFlagFromServer() gopter.Gen { return fill[bzflag.DropFlagFromServer](true) }

// CaptureFlagFromClient generates *bzflag.CaptureFlagFromClient (client to
// server), rules of the spec broken at times.
func CaptureFlagFromClient() gopter.Gen { return fill[bzflag.CaptureFlagFromClient](false) }

// ValidCaptureFlagFromClient generates *bzflag.CaptureFlagFromClient values
// that pass Validate.
func ValidCaptureFlagFromClient() gopter.Gen { return fill[bzflag.CaptureFlagFromClient](true) }

// CaptureFlagFromServer generates *bzflag.CaptureFlagFromServer (server to
// client), rules of the spec broken at times.
func CaptureFlagFromServer() gopter.Gen { return fill[bzflag.CaptureFlagFromServer](false) }

// ValidCaptureFlagFromServer generates *bzflag.CaptureFlagFromServer values
// that pass Validate.
func ValidCaptureFlagFromServer() gopter.Gen { return fill[bzflag.CaptureFlagFromServer](true) }

// ShotEnd generates *bzflag.ShotEnd (either direction), rules of the spec broken at times.
func ShotEnd() gopter.Gen { return fill[bzflag.ShotEnd](false) }

// ValidShotEnd generates *bzflag.ShotEnd values that pass Validate.
func ValidShotEnd() gopter.Gen { return fill[bzflag.ShotEnd](true) }

// ScoreFromClient generates *bzflag.ScoreFromClient (client to server).
func ScoreFromClient() gopter.Gen { return fill[bzflag.ScoreFromClient](false) }

// ScoreFromServer generates *bzflag.ScoreFromServer (server to client).
func ScoreFromServer() gopter.Gen { return fill[bzflag.ScoreFromServer](false) }

// TeleportFromClient generates *bzflag.TeleportFromClient (client to server).
func TeleportFromClient() gopter.Gen { return fill[bzflag.TeleportFromClient](false) }

// TeleportFromServer generates *bzflag.TeleportFromServer (server to client).
func TeleportFromServer() gopter.Gen { return fill[bzflag.TeleportFromServer](false) }

// GMUpdate generates *bzflag.GMUpdate (either direction).
func GMUpdate() gopter.Gen { return fill[bzflag.GMUpdate](false) }

// LagPing generates *bzflag.LagPing (either direction), rules of the spec broken at times.
func LagPing() gopter.Gen { return fill[bzflag.LagPing](false) }

// ValidLagPing generates *bzflag.LagPing values that pass Validate.
func ValidLagPing() gopter.Gen { return fill[bzflag.LagPing](true) }

// IDAck generates *bzflag.IDAck (client to server).
func IDAck() gopter.Gen { return fill[bzflag.IDAck](false) }

// ClientVersion generates *bzflag.ClientVersion (client to server).
func ClientVersion() gopter.Gen { return fill[bzflag.ClientVersion](false) }

// UDPLinkRequest generates *bzflag.UDPLinkRequest (either direction).
func UDPLinkRequest() gopter.Gen { return fill[bzflag.UDPLinkRequest](false) }

// UDPLinkEstablished generates *bzflag.UDPLinkEstablished (client to server).
func UDPLinkEstablished() gopter.Gen { return fill[bzflag.UDPLinkEstablished](false) }

// WantWHashRequest generates *bzflag.WantWHashRequest (client to server).
func WantWHashRequest() gopter.Gen { return fill[bzflag.WantWHashRequest](false) }

// WantWHashReply generates *bzflag.WantWHashReply (server to client), rules of
// the spec broken at times.
func WantWHashReply() gopter.Gen { return fill[bzflag.WantWHashReply](false) }

// ValidWantWHashReply generates *bzflag.WantWHashReply values that pass Validate.
func ValidWantWHashReply() gopter.Gen { return fill[bzflag.WantWHashReply](true) }

// QueryGameRequest generates *bzflag.QueryGameRequest (client to server).
func QueryGameRequest() gopter.Gen { return fill[bzflag.QueryGameRequest](false) }

// QueryGameReply generates *bzflag.QueryGameReply (server to client), rules of
// the spec broken at times.
func QueryGameReply() gopter.Gen { return fill[bzflag.QueryGameReply](false) }

// ValidQueryGameReply generates *bzflag.QueryGameReply values that pass Validate.
func ValidQueryGameReply() gopter.Gen { return fill[bzflag.QueryGameReply](true) }

// QueryPlayersRequest generates *bzflag.QueryPlayersRequest (client to server).
func QueryPlayersRequest() gopter.Gen { return fill[bzflag.QueryPlayersRequest](false) }

// QueryPlayersReply generates *bzflag.QueryPlayersReply (server to client),
// rules of the spec broken at times.
func QueryPlayersReply() gopter.Gen { return fill[bzflag.QueryPlayersReply](false) }

// ValidQueryPlayersReply generates *bzflag.QueryPlayersReply values that pass Validate.
func ValidQueryPlayersReply() gopter.Gen { return fill[bzflag.QueryPlayersReply](true) }

// AcquireRadioFromClient generates *bzflag.AcquireRadioFromClient (client to
// server), rules of the spec broken at times.
func AcquireRadioFromClient() gopter.Gen { return fill[bzflag.AcquireRadioFromClient](false) }

// ValidAcquireRadioFromClient generates *bzflag.AcquireRadioFromClient values
// that pass Validate.
func ValidAcquireRadioFromClient() gopter.Gen { return fill[bzflag.AcquireRadioFromClient](true) }

// AcquireRadioFromServer generates *bzflag.AcquireRadioFromServer (server to
// client), rules of the spec broken at times.
func AcquireRadioFromServer() gopter.Gen { return fill[bzflag.AcquireRadioFromServer](false) }

// ValidAcquireRadioFromServer generates *bzflag.AcquireRadioFromServer values
// that pass Validate.
func ValidAcquireRadioFromServer() gopter.Gen { return fill[bzflag.AcquireRadioFromServer](true) }

// ReleaseRadioFromClient generates *bzflag.ReleaseRadioFromClient (client to server).
func ReleaseRadioFromClient() gopter.Gen { return fill[bzflag.ReleaseRadioFromClient](false) }

// ReleaseRadioFromServer generates *bzflag.ReleaseRadioFromServer (server to client).
func ReleaseRadioFromServer() gopter.Gen { return fill[bzflag.ReleaseRadioFromServer](false) }

// entry is one message form's generator.
type entry struct {
	rules bool // the type has rules Validate checks
	gen   func(valid bool) gopter.Gen
}

// entries holds the generator of every form of bzflag.Table(), by the
// form's Go type (TestEveryForm checks that none is missing). The
// protocol's own tests (bzflag/messages_test.go) run the shared harness
// on each with ForForm.
var entries = map[string]entry{
	"Enter":                  {true, fill[bzflag.Enter]},
	"Accept":                 {false, fill[bzflag.Accept]},
	"Reject":                 {true, reject},
	"SuperKill":              {false, fill[bzflag.SuperKill]},
	"GetWorldRequest":        {false, fill[bzflag.GetWorldRequest]},
	"GetWorldReply":          {false, fill[bzflag.GetWorldReply]},
	"AddPlayer":              {true, addPlayer},
	"RemovePlayer":           {false, fill[bzflag.RemovePlayer]},
	"FlagUpdate":             {true, fill[bzflag.FlagUpdate]},
	"TeamUpdate":             {true, fill[bzflag.TeamUpdate]},
	"AliveFromClient":        {false, fill[bzflag.AliveFromClient]},
	"AliveFromServer":        {false, fill[bzflag.AliveFromServer]},
	"PlayerUpdate":           {true, fill[bzflag.PlayerUpdate]},
	"ShotBegin":              {true, fill[bzflag.ShotBegin]},
	"MessageFromClient":      {true, fill[bzflag.MessageFromClient]},
	"MessageFromServer":      {true, anyTeam[bzflag.MessageFromServer]},
	"Exit":                   {false, fill[bzflag.Exit]},
	"TimeLeft":               {false, fill[bzflag.TimeLeft]},
	"ScoreOver":              {true, anyTeam[bzflag.ScoreOver]},
	"SetTTL":                 {true, fill[bzflag.SetTTL]},
	"NetworkRelay":           {false, fill[bzflag.NetworkRelay]},
	"KilledFromClient":       {false, fill[bzflag.KilledFromClient]},
	"KilledFromServer":       {false, fill[bzflag.KilledFromServer]},
	"GrabFlagFromClient":     {false, fill[bzflag.GrabFlagFromClient]},
	"GrabFlagFromServer":     {true, fill[bzflag.GrabFlagFromServer]},
	"DropFlagFromClient":     {false, fill[bzflag.DropFlagFromClient]},
	"DropFlagFromServer":     {true, fill[bzflag.DropFlagFromServer]},
	"CaptureFlagFromClient":  {true, fill[bzflag.CaptureFlagFromClient]},
	"CaptureFlagFromServer":  {true, fill[bzflag.CaptureFlagFromServer]},
	"ShotEnd":                {true, fill[bzflag.ShotEnd]},
	"ScoreFromClient":        {false, fill[bzflag.ScoreFromClient]},
	"ScoreFromServer":        {false, fill[bzflag.ScoreFromServer]},
	"TeleportFromClient":     {false, fill[bzflag.TeleportFromClient]},
	"TeleportFromServer":     {false, fill[bzflag.TeleportFromServer]},
	"GMUpdate":               {false, fill[bzflag.GMUpdate]},
	"LagPing":                {true, fill[bzflag.LagPing]},
	"IDAck":                  {false, fill[bzflag.IDAck]},
	"ClientVersion":          {false, fill[bzflag.ClientVersion]},
	"UDPLinkRequest":         {false, fill[bzflag.UDPLinkRequest]},
	"UDPLinkEstablished":     {false, fill[bzflag.UDPLinkEstablished]},
	"WantWHashRequest":       {false, fill[bzflag.WantWHashRequest]},
	"WantWHashReply":         {true, fill[bzflag.WantWHashReply]},
	"QueryGameRequest":       {false, fill[bzflag.QueryGameRequest]},
	"QueryGameReply":         {true, fill[bzflag.QueryGameReply]},
	"QueryPlayersRequest":    {false, fill[bzflag.QueryPlayersRequest]},
	"QueryPlayersReply":      {true, fill[bzflag.QueryPlayersReply]},
	"AcquireRadioFromClient": {true, fill[bzflag.AcquireRadioFromClient]},
	"AcquireRadioFromServer": {true, fill[bzflag.AcquireRadioFromServer]},
	"ReleaseRadioFromClient": {false, fill[bzflag.ReleaseRadioFromClient]},
	"ReleaseRadioFromServer": {false, fill[bzflag.ReleaseRadioFromServer]},
}
