// Package retrotankgen provides gopter generators for every Retro Tank
// message type, for whole battlefields and for raw datagrams, for property
// tests and for fuzzing Retro Tank peers.
//
// The per-type generators (Ack, ConnReq, Obstacle, Spawn, ...) are
// structural: they produce anything the wire format can carry (any id, any
// team in the two bits of a set header, up to 255 ids or scores, any
// flags), including values that break the spec's rules. ValidMessage only
// yields messages that pass Validate. Battlefield yields whole game setups
// within what the setup pages can carry (retrotank.BuildPages accepts
// them). Datagram yields raw datagrams, good and broken, for decoder
// fuzzing.
package retrotankgen

import (
	"reflect"

	"github.com/gamewire/gamewire/fuzz"
	"github.com/gamewire/gamewire/retrotank"
	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
)

// MessageID generates message ids, often near the 16-bit wrap.
func MessageID() gopter.Gen {
	return gen.OneGenOf(gen.UInt16(), gen.UInt16Range(0xfff0, 0xffff), gen.UInt16Range(0, 16)).
		Map(func(v uint16) retrotank.MessageID { return retrotank.MessageID(v) })
}

// PlayerID generates client (player) ids.
func PlayerID() gopter.Gen {
	return gen.UInt8().Map(func(v uint8) retrotank.PlayerID { return retrotank.PlayerID(v) })
}

// Team generates team ids: mostly red and blue, sometimes none or any byte.
func Team() gopter.Gen {
	return gen.OneGenOf(gen.Const(retrotank.TeamRed), gen.Const(retrotank.TeamBlue), gen.Const(retrotank.TeamNone),
		gen.UInt8().Map(func(v uint8) retrotank.Team { return retrotank.Team(v) }))
}

// setTeam generates what a set header's two bits can hold.
func setTeam() gopter.Gen {
	return gen.OneGenOf(gen.Const(retrotank.TeamRed), gen.Const(retrotank.TeamBlue),
		gen.UInt8Range(0, 3).Map(func(v uint8) retrotank.Team { return retrotank.Team(v) }))
}

// UpdateFlags generates PLAYER_UPDATE flags: mostly known bits, sometimes
// any.
func UpdateFlags() gopter.Gen {
	return gen.OneGenOf(gen.UInt16Range(0, uint16(retrotank.UpdateKnown)), gen.UInt16()).
		Map(func(v uint16) retrotank.UpdateFlags { return retrotank.UpdateFlags(v) })
}

// Area generates rectangles.
func Area() gopter.Gen {
	return gen.StrictStruct(reflect.TypeOf(retrotank.Area{}), map[string]gopter.Gen{
		"X": gen.UInt16(), "Y": gen.UInt16(), "Width": gen.UInt16(), "Height": gen.UInt16(),
	})
}

// PlayerScore generates player score updates.
func PlayerScore() gopter.Gen {
	return gen.StrictStruct(reflect.TypeOf(retrotank.PlayerScore{}), map[string]gopter.Gen{
		"Killer": PlayerID(), "Killed": PlayerID(), "Score": gen.Int16(),
	})
}

// sliceOf generates slices of min to max values of g.
func sliceOf(min, max int, g gopter.Gen, t reflect.Type) gopter.Gen {
	return gen.IntRange(min, max).FlatMap(func(n any) gopter.Gen { return gen.SliceOfN(n.(int), g, t) }, reflect.SliceOf(t))
}

// Bytes generates 0 to max arbitrary bytes.
func Bytes(max int) gopter.Gen {
	return sliceOf(0, max, gen.UInt8(), reflect.TypeOf(byte(0)))
}

func areas(min, max int) gopter.Gen {
	return sliceOf(min, max, Area(), reflect.TypeOf(retrotank.Area{}))
}

// AreaSet generates sets of spawn or goal areas: 1 to 64 areas, any team
// the two bits hold.
func AreaSet() gopter.Gen {
	return gen.StrictStruct(reflect.TypeOf(retrotank.AreaSet{}), map[string]gopter.Gen{
		"First": gen.UInt8(), "Team": setTeam(),
		"Areas": gen.OneGenOf(areas(1, 4), areas(1, retrotank.MaxSetAreas)),
	})
}

func sets() gopter.Gen {
	return sliceOf(0, 4, AreaSet(), reflect.TypeOf(retrotank.AreaSet{}))
}

// types are the generators of Retro Tank's field types besides the
// predeclared integers (fuzz.Fill): ids, teams, flags, and the lists of
// ids, obstacles, sets and scores, short mostly, sometimes as long as a
// count byte or a datagram allows.
var types = fuzz.Types{
	reflect.TypeFor[retrotank.MessageID]():   MessageID(),
	reflect.TypeFor[retrotank.PlayerID]():    PlayerID(),
	reflect.TypeFor[retrotank.Team]():        Team(),
	reflect.TypeFor[retrotank.UpdateFlags](): UpdateFlags(),
	reflect.TypeFor[[]retrotank.MessageID](): gen.OneGenOf(sliceOf(0, 8, MessageID(), reflect.TypeFor[retrotank.MessageID]()),
		sliceOf(0, 255, MessageID(), reflect.TypeFor[retrotank.MessageID]())),
	reflect.TypeFor[[]retrotank.Area]():    gen.OneGenOf(areas(0, 4), areas(0, retrotank.MaxObstaclesPerMsg)),
	reflect.TypeFor[[]retrotank.AreaSet](): sets(),
	reflect.TypeFor[[]retrotank.PlayerScore](): gen.OneGenOf(sliceOf(0, 8, PlayerScore(), reflect.TypeFor[retrotank.PlayerScore]()),
		sliceOf(0, 255, PlayerScore(), reflect.TypeFor[retrotank.PlayerScore]())),
	reflect.TypeFor[[]byte](): gen.OneGenOf(Bytes(16), Bytes(retrotank.MaxDatagram-10)),
}

// Ack generates MSG_TYPE_ACK: 0 to 255 ids.
func Ack() gopter.Gen { return fuzz.Fill[retrotank.Ack](types, nil) }

// ConnReq generates MSG_TYPE_CONN_REQ: a broadcast flag of 0 or 1 mostly.
func ConnReq() gopter.Gen {
	return fuzz.Fill[retrotank.ConnReq](types, map[string]gopter.Gen{"Bcast": gen.OneGenOf(gen.UInt8Range(0, 1), gen.UInt8())})
}

// ConnDeny generates MSG_TYPE_CONN_DENY.
func ConnDeny() gopter.Gen { return fuzz.Fill[retrotank.ConnDeny](types, nil) }

// ConnAccept generates MSG_TYPE_CONN_ACCEPT.
func ConnAccept() gopter.Gen { return fuzz.Fill[retrotank.ConnAccept](types, nil) }

// ConnDisconn generates MSG_TYPE_CONN_DISCONN.
func ConnDisconn() gopter.Gen { return fuzz.Fill[retrotank.ConnDisconn](types, nil) }

// Option generates MSG_TYPE_OPTION.
func Option() gopter.Gen { return fuzz.Fill[retrotank.Option](types, nil) }

// Obstacle generates MSG_TYPE_OBSTACLE: 0 to 62 obstacles.
func Obstacle() gopter.Gen { return fuzz.Fill[retrotank.Obstacle](types, nil) }

// Spawn generates MSG_TYPE_SPAWN: 0 to 4 sets.
func Spawn() gopter.Gen { return fuzz.Fill[retrotank.Spawn](types, nil) }

// Goal generates MSG_TYPE_GOAL: 0 to 4 sets.
func Goal() gopter.Gen { return fuzz.Fill[retrotank.Goal](types, nil) }

// GameStart generates MSG_TYPE_GAME_START.
func GameStart() gopter.Gen { return fuzz.Fill[retrotank.GameStart](types, nil) }

// GameOver generates MSG_TYPE_GAME_OVER.
func GameOver() gopter.Gen { return fuzz.Fill[retrotank.GameOver](types, nil) }

// Score generates MSG_TYPE_SCORE: 0 to 255 updates.
func Score() gopter.Gen { return fuzz.Fill[retrotank.Score](types, nil) }

// PlayerUpdate generates MSG_TYPE_PLAYER_UPDATE: opaque data of 0 to 502
// bytes.
func PlayerUpdate() gopter.Gen { return fuzz.Fill[retrotank.PlayerUpdate](types, nil) }

// PlayerSpawn generates MSG_TYPE_PLAYER_SPAWN.
func PlayerSpawn() gopter.Gen { return fuzz.Fill[retrotank.PlayerSpawn](types, nil) }

// TimeRequest generates the client's time-sync datagram.
func TimeRequest() gopter.Gen { return fuzz.Fill[retrotank.TimeRequest](types, nil) }

// TimeReply generates the server's time-sync datagram.
func TimeReply() gopter.Gen { return fuzz.Fill[retrotank.TimeReply](types, nil) }

// ByName maps each form's spec name of retrotank.Table (and of
// retrotank.TimeTable) to its generator: the coverage check reads it.
func ByName() map[string]func() gopter.Gen {
	return map[string]func() gopter.Gen{
		"MSG_TYPE_ACK": Ack, "MSG_TYPE_CONN_REQ": ConnReq, "MSG_TYPE_CONN_DENY": ConnDeny,
		"MSG_TYPE_CONN_ACCEPT": ConnAccept, "MSG_TYPE_CONN_DISCONN": ConnDisconn, "MSG_TYPE_OPTION": Option,
		"MSG_TYPE_OBSTACLE": Obstacle, "MSG_TYPE_SPAWN": Spawn, "MSG_TYPE_GOAL": Goal,
		"MSG_TYPE_GAME_START": GameStart, "MSG_TYPE_GAME_OVER": GameOver, "MSG_TYPE_SCORE": Score,
		"MSG_TYPE_PLAYER_UPDATE": PlayerUpdate, "MSG_TYPE_PLAYER_SPAWN": PlayerSpawn,
		"TimeRequest": TimeRequest, "TimeReply": TimeReply,
	}
}

// as turns a generator of *T into one of retrotank.Message.
func as[T any, P interface {
	*T
	retrotank.Message
}](g gopter.Gen) gopter.Gen {
	return g.Map(func(v *T) retrotank.Message { return P(v) })
}

// Message generates a message of any type of the game port (structural).
func Message() gopter.Gen {
	return gen.OneGenOf(
		as[retrotank.Ack](Ack()), as[retrotank.ConnReq](ConnReq()), as[retrotank.ConnDeny](ConnDeny()),
		as[retrotank.ConnAccept](ConnAccept()), as[retrotank.ConnDisconn](ConnDisconn()), as[retrotank.Option](Option()),
		as[retrotank.Obstacle](Obstacle()), as[retrotank.Spawn](Spawn()), as[retrotank.Goal](Goal()),
		as[retrotank.GameStart](GameStart()), as[retrotank.GameOver](GameOver()), as[retrotank.Score](Score()),
		as[retrotank.PlayerUpdate](PlayerUpdate()), as[retrotank.PlayerSpawn](PlayerSpawn()))
}

// ValidMessage generates messages of the game port that pass Validate.
func ValidMessage() gopter.Gen {
	return Message().SuchThat(func(m retrotank.Message) bool { return m.Validate() == nil })
}

// Battlefield generates whole game setups within the limits of the setup
// pages: up to 400 obstacles (sometimes up to MaxObstacles), up to 255
// spawn and goal areas a team.
func Battlefield() gopter.Gen {
	teamAreas := func() gopter.Gen {
		return gen.StrictStruct(reflect.TypeOf(retrotank.TeamAreas{}), map[string]gopter.Gen{
			"Red":  gen.OneGenOf(areas(0, 3), areas(0, retrotank.MaxTeamAreas)),
			"Blue": gen.OneGenOf(areas(0, 3), areas(0, retrotank.MaxTeamAreas)),
		})
	}
	return fuzz.Struct[retrotank.Battlefield](map[string]gopter.Gen{
		"Flags": gen.UInt8(), "Duration": gen.UInt32(), "RedScore": gen.UInt16(), "BlueScore": gen.UInt16(),
		"WinScore": gen.UInt16(), "Width": gen.UInt16(), "Height": gen.UInt16(),
		"Obstacles": gen.Weighted([]gen.WeightedGen{{Weight: 20, Gen: areas(0, 3)}, {Weight: 20, Gen: areas(0, 400)}, {Weight: 1, Gen: areas(retrotank.MaxObstacles-3, retrotank.MaxObstacles)}}),
		"Spawns":    teamAreas(), "Goals": teamAreas(),
	})
}

// Datagram generates raw datagrams of the game port: encodings of
// generated messages, cut short, extended or with a byte changed, and
// random bytes.
func Datagram() gopter.Gen {
	encoded := Message().Map(func(m retrotank.Message) []byte {
		b, _ := m.MarshalBinary()
		return b
	})
	return gen.OneGenOf(encoded,
		gen.Struct(reflect.TypeOf(mutation{}), map[string]gopter.Gen{"B": encoded, "Op": gen.IntRange(0, 2), "At": gen.Int(), "V": gen.UInt8()}).
			Map(func(m mutation) []byte { return m.apply() }),
		Bytes(64))
}

type mutation struct {
	B  []byte
	Op int
	At int
	V  uint8
}

func (m mutation) apply() []byte {
	b := append([]byte(nil), m.B...)
	if len(b) == 0 {
		return b
	}
	at := int(uint(m.At) % uint(len(b)))
	switch m.Op {
	case 0:
		return b[:at]
	case 1:
		return append(b, m.V)
	}
	b[at] ^= m.V | 1
	return b
}
