// Package paintballgen holds gopter generators for every Paintball packet
// (github.com/gamewire/gamewire/paintball) and for whole game states: any
// value that encodes (T), values that pass Validate (ValidT), values that
// break one rule (InvalidMessage), and the per-direction mixes.
//
// Doubles come from raw bit patterns, so NaN payloads, infinities and -0
// are drawn; usernames from raw UTF-16 code units encoded as Java's
// writeUTF does (an oracle independent of the package's own conversion),
// so NUL, characters beyond U+FFFF and lone surrogates are drawn.
package paintballgen

import (
	"math"
	"reflect"
	"slices"

	"github.com/gamewire/gamewire/fuzz"
	"github.com/gamewire/gamewire/paintball"
	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
)

// f64 draws any float64 by its bits, now and then a special value.
func f64() gopter.Gen {
	return gen.Weighted([]gen.WeightedGen{
		{Weight: 6, Gen: gen.UInt64().Map(math.Float64frombits)},
		{Weight: 3, Gen: gen.Float64Range(-2*math.Pi, 2*math.Pi)},
		{Weight: 1, Gen: gen.OneConstOf(0.0, math.Copysign(0, -1), math.NaN(), math.Inf(1), math.Inf(-1),
			math.Float64frombits(0x7ff0000000000001), math.Float64frombits(0xfff8000000000000|0xdead))},
	})
}

// facing draws a finite float64 (an angle, as Validate wants).
func facing() gopter.Gen {
	return f64().SuchThat(func(f float64) bool { return !math.IsNaN(f) && !math.IsInf(f, 0) })
}

// types draws the int32 fields with s32 (fuzz.Fill).
var types = fuzz.Types{reflect.TypeFor[int32](): s32()}

// s32 draws any int32, often a small one or -1.
func s32() gopter.Gen {
	return gen.Weighted([]gen.WeightedGen{
		{Weight: 4, Gen: gen.Int32()},
		{Weight: 4, Gen: gen.Int32Range(-1, 1000)},
		{Weight: 1, Gen: gen.OneConstOf(int32(-1), int32(math.MinInt32), int32(math.MaxInt32), int32(0x2a2a2a2a))},
	})
}

// JavaUnits draws a Java string as its UTF-16 code units: ASCII, NUL,
// two-byte and three-byte characters, surrogate pairs and lone surrogates.
func JavaUnits() gopter.Gen {
	unit := gen.Weighted([]gen.WeightedGen{
		{Weight: 8, Gen: gen.UInt16Range(0x20, 0x7e)},
		{Weight: 1, Gen: gen.Const(uint16(0))},
		{Weight: 2, Gen: gen.UInt16Range(0x80, 0x7ff)},
		{Weight: 2, Gen: gen.UInt16Range(0x800, 0xffff)},
		{Weight: 1, Gen: gen.UInt16Range(0xd800, 0xdfff)},
	})
	return gen.SliceOfN(24, unit).Map(func(u []uint16) []uint16 { return u })
}

// WriteUTF returns the modified UTF-8 bytes Java's writeUTF writes for the
// code units u (without the count): 0x0001-0x007F as one byte, 0x0000 and
// 0x0080-0x07FF as two, the rest, surrogates included, as three.
func WriteUTF(u []uint16) []byte {
	var b []byte
	for _, c := range u {
		switch {
		case c >= 1 && c <= 0x7f:
			b = append(b, byte(c))
		case c <= 0x7ff:
			b = append(b, 0xc0|byte(c>>6), 0x80|byte(c&0x3f))
		default:
			b = append(b, 0xe0|byte(c>>12), 0x80|byte(c>>6&0x3f), 0x80|byte(c&0x3f))
		}
	}
	return b
}

// username draws what writeUTF writes for any Java string.
func username() gopter.Gen {
	return JavaUnits().Map(func(u []uint16) []byte { return WriteUTF(u) })
}

// Login generates any *paintball.Login (Type F); every one is valid (the
// spec sets no rule on a username).
func Login() gopter.Gen {
	return fuzz.Struct[paintball.Login](map[string]gopter.Gen{"Username": username()})
}

// ValidLogin is Login.
func ValidLogin() gopter.Gen { return Login() }

// Update generates any *paintball.Update (Type A) that encodes.
func Update() gopter.Gen { return update(false) }

// ValidUpdate generates an Update that passes Validate: a finite facing,
// any object type (the spec names none; the package's three letters most
// often); dead now and then.
func ValidUpdate() gopter.Gen { return update(true) }

// objectType draws the package's letters and any other value alike: every
// object type passes Validate (docs/errata/paintball.md, 9).
func objectType() gopter.Gen {
	known := gen.OneConstOf(paintball.ObjectTypePlayer, paintball.ObjectTypePaintball, paintball.ObjectTypeObstacle)
	return gen.OneGenOf(known, gen.UInt16().Map(func(v uint16) paintball.ObjectType { return paintball.ObjectType(v) }))
}

func update(valid bool) gopter.Gen {
	f := f64()
	if valid {
		f = facing()
	}
	return gopter.CombineGens(fuzz.Fill[paintball.Update](types, map[string]gopter.Gen{
		"ObjectType": objectType(),
		"Facing":     f,
	}), gen.IntRange(0, 9)).Map(func(v []any) *paintball.Update {
		m := v[0].(*paintball.Update)
		if v[1].(int) == 0 {
			m.PositionX, m.PositionY = -1, -1 // dead
		}
		return m
	})
}

// PlayerUpdateRequest generates any *paintball.PlayerUpdateRequest (Type C)
// that encodes.
func PlayerUpdateRequest() gopter.Gen { return playerUpdateRequest(f64()) }

// ValidPlayerUpdateRequest generates one with a finite facing.
func ValidPlayerUpdateRequest() gopter.Gen { return playerUpdateRequest(facing()) }

func playerUpdateRequest(f gopter.Gen) gopter.Gen {
	return fuzz.Fill[paintball.PlayerUpdateRequest](types, map[string]gopter.Gen{"Facing": f})
}

// ShootUpdateRequest generates any *paintball.ShootUpdateRequest (Type D).
func ShootUpdateRequest() gopter.Gen {
	return shoot(gen.UInt8().Map(func(v uint8) paintball.ShootingState { return paintball.ShootingState(v) }))
}

// ValidShootUpdateRequest generates one with a state of 0, 1 or 2.
func ValidShootUpdateRequest() gopter.Gen {
	return shoot(gen.OneConstOf(paintball.ShootingStateNone, paintball.ShootingStateSingle, paintball.ShootingStateAutomatic))
}

func shoot(s gopter.Gen) gopter.Gen {
	return fuzz.Struct[paintball.ShootUpdateRequest](map[string]gopter.Gen{"ShootingState": s})
}

// GameDumpRequest generates a *paintball.GameDumpRequest (Type E), which
// has no payload.
func GameDumpRequest() gopter.Gen {
	return fuzz.Struct[paintball.GameDumpRequest](map[string]gopter.Gen{})
}

// ServerMessage generates any packet a server sends that encodes.
func ServerMessage() gopter.Gen { return gen.OneGenOf(Login(), Update()) }

// ClientMessage generates any packet a client sends that encodes.
func ClientMessage() gopter.Gen {
	return gen.OneGenOf(Login(), PlayerUpdateRequest(), ShootUpdateRequest(), GameDumpRequest())
}

// Message generates any packet of either direction that encodes.
func Message() gopter.Gen { return gen.OneGenOf(ServerMessage(), ClientMessage()) }

// ValidServerMessage generates a server packet that passes Validate.
func ValidServerMessage() gopter.Gen { return gen.OneGenOf(ValidLogin(), ValidUpdate()) }

// ValidClientMessage generates a client packet that passes Validate.
func ValidClientMessage() gopter.Gen {
	return gen.OneGenOf(ValidLogin(), ValidPlayerUpdateRequest(), ValidShootUpdateRequest(), GameDumpRequest())
}

// ValidMessage generates a packet of either direction that passes
// Validate.
func ValidMessage() gopter.Gen { return gen.OneGenOf(ValidServerMessage(), ValidClientMessage()) }

// InvalidMessage generates packets that encode but break one rule that
// Validate checks: an undefined shooting state, a facing that is NaN or
// infinite.
func InvalidMessage() gopter.Gen {
	badFacing := gen.OneConstOf(math.NaN(), math.Inf(1), math.Inf(-1), math.Float64frombits(0x7ff0000000000001))
	return gen.OneGenOf(
		breaking(ValidUpdate(), badFacing, func(m *paintball.Update, f float64) { m.Facing = f }),
		breaking(ValidPlayerUpdateRequest(), badFacing, func(m *paintball.PlayerUpdateRequest, f float64) { m.Facing = f }),
		breaking(ValidShootUpdateRequest(), gen.UInt8Range(3, 255), func(m *paintball.ShootUpdateRequest, v uint8) {
			m.ShootingState = paintball.ShootingState(v)
		}),
	)
}

// breaking combines a generator of valid *T with one of a bad field value.
func breaking[T any, F any](valid, bad gopter.Gen, set func(*T, F)) gopter.Gen {
	return gopter.CombineGens(valid, bad).Map(func(v []any) *T {
		m := v[0].(*T)
		set(m, v[1].(F))
		return m
	})
}

// GameState generates a whole game state as a server's dump describes it:
// valid Updates with distinct ids in increasing order, some of them dead
// (tombstones), players, paintballs and obstacles.
func GameState() gopter.Gen {
	return gen.SliceOf(ValidUpdate()).Map(func(us []*paintball.Update) []paintball.Update {
		out := make([]paintball.Update, 0, len(us))
		for _, u := range us {
			out = append(out, *u)
		}
		slices.SortFunc(out, func(a, b paintball.Update) int {
			switch {
			case a.ObjectID < b.ObjectID:
				return -1
			case a.ObjectID > b.ObjectID:
				return 1
			}
			return 0
		})
		return slices.CompactFunc(out, func(a, b paintball.Update) bool { return a.ObjectID == b.ObjectID })
	})
}
