// Package bzflaggen provides gopter generators for every BZFlag 1.7
// message type of package bzflag, for property tests and for fuzzing
// BZFlag servers and clients.
//
// Each per-type generator (Enter, PlayerUpdate, ShotBegin, ...) yields a
// pointer to the type (which implements bzflag.Message and
// encoding.BinaryAppender). Structural generators produce anything the
// wire format can carry, values that break the spec's rules included:
// unknown enumeration values, call signs without a NUL, any float bits
// (NaN and infinities too). The Valid... generators yield only values
// whose Validate passes. Message, ValidMessage and InvalidMessage mix all
// types; FromClient and FromServer only the forms one side sends.
//
// The world database generators (WorldStyle, WorldBox, ...) live in
// world.go.
package bzflaggen

import (
	"math"
	"reflect"

	"github.com/gamewire/gamewire/bzflag"
	"github.com/gamewire/gamewire/fuzz"
	"github.com/gamewire/gamewire/wire"
	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
)

// types are the generators of bzflag's field types besides the
// predeclared integers (fuzz.Fill): floats and vectors of any bits,
// player ids, the enums and bit sets (valid ones known), the fixed-width
// strings (valid ones NUL-terminated ASCII), flags, and a team color of
// a real team (anyTeam allows NoTeam).
func types(v bool) fuzz.Types {
	return fuzz.Types{
		reflect.TypeFor[float32]():                 f32(),
		reflect.TypeFor[bzflag.Vec3]():             vec3(),
		reflect.TypeFor[bzflag.PlayerID]():         PlayerID(),
		reflect.TypeFor[bzflag.PlayerType]():       playerType(v),
		reflect.TypeFor[bzflag.TeamColor]():        team(v, false),
		reflect.TypeFor[bzflag.CallSign]():         callSign(v),
		reflect.TypeFor[bzflag.Email]():            email(v),
		reflect.TypeFor[bzflag.MessageText]():      messageText(v),
		reflect.TypeFor[bzflag.FlagID]():           flagID(v),
		reflect.TypeFor[bzflag.FlagStatus]():       flagStatus(v),
		reflect.TypeFor[bzflag.PlayerStatus]():     playerStatus(v),
		reflect.TypeFor[bzflag.GameStyle]():        gameStyle(v),
		reflect.TypeFor[[bzflag.NumTeams]uint16](): teamCounts(),
	}
}

// rules are the generators of the fields with rules of their own, by the
// name the one message that has each gives it.
func rules(v bool) map[string]gopter.Gen {
	return map[string]gopter.Gen{
		"TTL":      upTo(bzflag.MaximumTTL, v),       // MsgSetTTL
		"Seq":      upTo(bzflag.LagPingModulus-1, v), // MsgLagPing
		"Reason":   upTo(1, v),                       // MsgShotEnd
		"Flags":    upTo(bzflag.RadioToAll, v),       // MsgAcquireRadio
		"NumTeams": numTeams(v),                      // MsgQueryPlayers
		"Digest":   digest(v),                        // MsgWantWHash
		"Data":     bytesUpTo(bzflag.MaxWorldChunk),  // MsgGetWorld
	}
}

// fill generates a *T (valid: that passes Validate), its fields drawn from
// rules and types.
func fill[T any](v bool) gopter.Gen { return fuzz.Fill[T](types(v), rules(v)) }

// anyTeam generates a *T as fill does, but for its team, which may be
// NoTeam: a message about a player, who may have none.
func anyTeam[T any](v bool) gopter.Gen {
	r := rules(v)
	r["Team"] = team(v, true)
	return fuzz.Fill[T](types(v), r)
}

// f32 generates any float32 from raw bits: NaN, infinities, -0 included.
func f32() gopter.Gen { return gen.UInt32().Map(math.Float32frombits) }

// vec3 generates a bzflag.Vec3 from raw bits.
func vec3() gopter.Gen {
	return gen.SliceOfN(3, f32()).Map(func(v []float32) bzflag.Vec3 {
		return bzflag.Vec3{v[0], v[1], v[2]}
	})
}

// PlayerID generates player ids: mostly small numbers on a few hosts, as
// in a real game, sometimes anything.
func PlayerID() gopter.Gen {
	host := gen.Weighted([]gen.WeightedGen{
		{Weight: 3, Gen: gen.Const(bzflag.IPv4{127, 0, 0, 1})},
		{Weight: 2, Gen: gen.SliceOfN(4, gen.UInt8()).Map(func(b []byte) bzflag.IPv4 {
			return bzflag.IPv4{b[0], b[1], b[2], b[3]}
		})},
	})
	number := gen.Weighted([]gen.WeightedGen{
		{Weight: 3, Gen: gen.UInt16Range(0, 31)},
		{Weight: 1, Gen: gen.UInt16()},
	})
	return gen.StrictStruct(reflect.TypeOf(bzflag.PlayerID{}), map[string]gopter.Gen{
		"Host":   host,
		"Port":   gen.UInt16(),
		"Number": number,
	})
}

// enum generates a uint16 below n (a known value) or, unless valid, any
// uint16 one time in five.
func enum(n uint16, valid bool) gopter.Gen {
	if valid {
		return gen.UInt16Range(0, n-1)
	}
	return gen.Weighted([]gen.WeightedGen{
		{Weight: 4, Gen: gen.UInt16Range(0, n-1)},
		{Weight: 1, Gen: gen.UInt16()},
	})
}

func flagID(valid bool) gopter.Gen {
	return enum(uint16(bzflag.LastFlag)+1, valid).Map(func(v uint16) bzflag.FlagID { return bzflag.FlagID(v) })
}

func playerType(valid bool) gopter.Gen {
	return enum(uint16(bzflag.ComputerPlayer)+1, valid).Map(func(v uint16) bzflag.PlayerType { return bzflag.PlayerType(v) })
}

// team generates a real team (RogueTeam to PurpleTeam); withNoTeam adds
// NoTeam; unless valid, any value one time in five.
func team(valid, withNoTeam bool) gopter.Gen {
	lo := int16(bzflag.RogueTeam)
	if withNoTeam {
		lo = int16(bzflag.NoTeam)
	}
	known := gen.Int16Range(lo, int16(bzflag.PurpleTeam))
	g := known
	if !valid {
		g = gen.Weighted([]gen.WeightedGen{{Weight: 4, Gen: known}, {Weight: 1, Gen: gen.Int16()}})
	}
	return g.Map(func(v int16) bzflag.TeamColor { return bzflag.TeamColor(v) })
}

// asciiZ fills an n-byte field with a NUL-terminated printable ASCII
// string padded with NULs.
func asciiZ(n int) gopter.Gen {
	return gen.IntRange(0, n-1).FlatMap(func(l any) gopter.Gen {
		return gen.SliceOfN(l.(int), gen.UInt8Range(' ', '~'))
	}, reflect.TypeOf([]byte(nil))).Map(func(s []byte) []byte {
		b := make([]byte, n)
		copy(b, s)
		return b
	})
}

// fixedBytes generates an n-byte field: a valid string, or unless valid
// any bytes one time in four.
func fixedBytes(n int, valid bool) gopter.Gen {
	if valid {
		return asciiZ(n)
	}
	return gen.Weighted([]gen.WeightedGen{
		{Weight: 3, Gen: asciiZ(n)},
		{Weight: 1, Gen: gen.SliceOfN(n, gen.UInt8())},
	})
}

func callSign(valid bool) gopter.Gen {
	return fixedBytes(bzflag.CallSignLen, valid).Map(func(b []byte) (c bzflag.CallSign) { copy(c[:], b); return c })
}

func email(valid bool) gopter.Gen {
	return fixedBytes(bzflag.EmailLen, valid).Map(func(b []byte) (e bzflag.Email) { copy(e[:], b); return e })
}

func messageText(valid bool) gopter.Gen {
	return fixedBytes(bzflag.MessageLen, valid).Map(func(b []byte) (m bzflag.MessageText) { copy(m[:], b); return m })
}

// bytesUpTo generates 0 to max arbitrary bytes, mostly short.
func bytesUpTo(max int) gopter.Gen {
	short := max
	if short > 64 {
		short = 64
	}
	n := gen.Weighted([]gen.WeightedGen{
		{Weight: 4, Gen: gen.IntRange(0, short)},
		{Weight: 1, Gen: gen.IntRange(0, max)},
	})
	return n.FlatMap(func(l any) gopter.Gen {
		return gen.SliceOfN(l.(int), gen.UInt8())
	}, reflect.TypeOf([]byte(nil)))
}

// flagStatus generates a flag status.
func flagStatus(valid bool) gopter.Gen {
	return gen.StrictStruct(reflect.TypeOf(bzflag.FlagStatus{}), map[string]gopter.Gen{
		"ID":              flagID(valid),
		"Status":          enum(uint16(bzflag.FlagGoing)+1, valid).Map(func(v uint16) bzflag.FlagState { return bzflag.FlagState(v) }),
		"Type":            enum(uint16(bzflag.FlagSticky)+1, valid).Map(func(v uint16) bzflag.FlagType { return bzflag.FlagType(v) }),
		"Owner":           PlayerID(),
		"Position":        vec3(),
		"Launch":          vec3(),
		"Landing":         vec3(),
		"FlightTime":      f32(),
		"FlightEnd":       f32(),
		"InitialVelocity": f32(),
	})
}

// Raw generates raw frames (*wire.Raw of bzflag.Table(), from the
// server) with any code and a body of up to bzflag.MaxBodyLen bytes.
func Raw() gopter.Gen {
	return gopter.CombineGens(gen.UInt16(), bytesUpTo(bzflag.MaxBodyLen)).Map(func(v []any) *wire.Raw {
		code, body := v[0].(uint16), v[1].([]byte)
		frame := append([]byte{byte(len(body) >> 8), byte(len(body)), byte(code >> 8), byte(code)}, body...)
		return wire.NewRaw(bzflag.Table(), uint32(code), bzflag.FromServer, frame)
	})
}

// FrameBytes generates raw byte streams for frame decoders: valid frames
// of every type, mutated frames and arbitrary bytes.
func FrameBytes() gopter.Gen {
	frame := Message().Map(func(m bzflag.Message) []byte {
		b, _ := m.MarshalBinary()
		return b
	})
	mutated := gopter.CombineGens(frame, gen.IntRange(0, 1<<16), gen.UInt8()).Map(func(v []any) []byte {
		b := append([]byte(nil), v[0].([]byte)...)
		if len(b) > 0 {
			b[v[1].(int)%len(b)] ^= v[2].(uint8) | 1
		}
		return b
	})
	return gen.Weighted([]gen.WeightedGen{
		{Weight: 3, Gen: frame},
		{Weight: 2, Gen: mutated},
		{Weight: 1, Gen: bytesUpTo(256)},
	})
}
