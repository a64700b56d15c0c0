// Package tfightersgen holds gopter generators for every TFighters
// message type, for property tests and for fuzzing a server.
//
// Each message type T has two generators: T() draws any value that
// encodes (structurally valid: strings hold no NUL, a Ping's TimeHigh is
// 0 or 4 bytes) and ValidT() draws values that also pass T.Validate.
// Message, ValidMessage and InvalidMessage draw from every type;
// InvalidMessage's values encode but break a rule of Validate. Every
// generator yields pointers (*tfighters.T), which satisfy
// tfighters.Message and encoding.BinaryAppender.
//
// The table is the list: ForForm gives the generator of any form of
// tfighters.Table(), and the test TestGeneratorsCoverTheTable fails for a
// form without one. The package holds generators only: tfighters' own
// tests run the shared harness (internal/codectest) on each form's Go
// type with them.
package tfightersgen

import (
	"reflect"

	"github.com/gamewire/gamewire/fuzz"
	"github.com/gamewire/gamewire/tfighters"
	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
)

func dbl() gopter.Gen {
	return gen.Int32().Map(func(v int32) tfighters.Dbl { return tfighters.Dbl(v) })
}

// types are the generators of tfighters' field types besides the
// predeclared integers (fuzz.Fill): dbl, strings (NUL-free; valid ones at
// most MaxTextLen bytes) and the enums (valid ones defined).
func types(valid bool) fuzz.Types {
	return fuzz.Types{
		reflect.TypeFor[tfighters.Dbl]():        dbl(),
		reflect.TypeFor[[]byte]():               text(valid, tfighters.MaxTextLen),
		reflect.TypeFor[tfighters.ObjectType](): objectType(valid),
		reflect.TypeFor[tfighters.NickResult](): nickResult(valid),
	}
}

// rules are the generators of the fields with rules of their own, by the
// name every message that has one gives it: accel, turn, a yes/no, and
// nicks.
func rules(valid bool) map[string]gopter.Gen {
	return map[string]gopter.Gen{
		"Accel": accel(valid), "Turn": turn(valid), "YesNo": yesNo(valid),
		"Nick": nick(valid), "NewNick": nick(valid),
	}
}

// form generates a *T that encodes (valid: that passes Validate), its
// fields drawn from rules and types.
func form[T any](valid bool) gopter.Gen { return fuzz.Fill[T](types(valid), rules(valid)) }

// accel draws any s8, or one of -1, 0, +1.
func accel(valid bool) gopter.Gen {
	if valid {
		return gen.OneConstOf(int8(-1), int8(0), int8(1))
	}
	return gen.Int8()
}

// turn draws any s8, or one of -4, -2, 0, +2, +4.
func turn(valid bool) gopter.Gen {
	if valid {
		return gen.OneConstOf(int8(-4), int8(-2), int8(0), int8(2), int8(4))
	}
	return gen.Int8()
}

func objectType(valid bool) gopter.Gen {
	if valid {
		return gen.UInt8Range(0, 2).Map(func(v uint8) tfighters.ObjectType { return tfighters.ObjectType(v) })
	}
	return gen.UInt8().Map(func(v uint8) tfighters.ObjectType { return tfighters.ObjectType(v) })
}

func nickResult(valid bool) gopter.Gen {
	if valid {
		return gen.UInt8Range(0, 1).Map(func(v uint8) tfighters.NickResult { return tfighters.NickResult(v) })
	}
	return gen.UInt8().Map(func(v uint8) tfighters.NickResult { return tfighters.NickResult(v) })
}

func yesNo(valid bool) gopter.Gen {
	if valid {
		return gen.UInt8Range(0, 1)
	}
	return gen.UInt8()
}

// text draws a NUL-free string; valid ones are at most max bytes.
func text(valid bool, max int) gopter.Gen {
	return gen.SliceOf(gen.UInt8Range(1, 255)).Map(func(b []byte) []byte {
		if valid && len(b) > max {
			b = b[:max]
		}
		return b
	})
}

// nickChars are the bytes the original server allows in a nick.
const nickChars = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_[]|^"

// nick draws a NUL-free string; valid ones are 1 to MaxNickLen bytes of
// nickChars.
func nick(valid bool) gopter.Gen {
	if !valid {
		return text(false, 0)
	}
	return gen.SliceOfN(tfighters.MaxNickLen, gen.IntRange(0, len(nickChars)-1)).
		FlatMap(func(v any) gopter.Gen {
			idx := v.([]int)
			return gen.IntRange(1, len(idx)).Map(func(n int) []byte {
				b := make([]byte, n)
				for i := range b {
					b[i] = nickChars[idx[i]]
				}
				return b
			})
		}, reflect.TypeFor[[]byte]())
}
