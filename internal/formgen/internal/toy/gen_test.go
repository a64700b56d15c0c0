package toy

import (
	"math"
	"reflect"

	"github.com/gamewire/gamewire/internal/codectest"
	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
)

// Generators of every toy message, for the shared harness. Floats come
// from raw bit patterns, so NaNs, infinities and -0 are covered.

func f64() gopter.Gen { return gen.UInt64().Map(math.Float64frombits) }

func bytesN(n int) gopter.Gen {
	return gen.SliceOfN(n, gen.UInt8()).Map(func(b []uint8) []byte { return b })
}

func array4() gopter.Gen {
	return bytesN(4).Map(func(b []byte) (a [4]byte) { copy(a[:], b); return a })
}

func playerIDGen() gopter.Gen {
	return gen.StrictStruct(reflect.TypeFor[PlayerID](), map[string]gopter.Gen{
		"Port":   gen.UInt16(),
		"Number": gen.UInt8(),
		"Addr":   array4(),
	})
}

func helloGen() gopter.Gen {
	return gen.StrictStruct(reflect.TypeFor[Hello](), map[string]gopter.Gen{
		"PlayerID": playerIDGen(),
		"Type":     gen.UInt16().Map(func(v uint16) PlayerType { return PlayerType(v) }),
		"Team":     gen.Int16(),
		"CallSign": bytesN(16).Map(func(b []byte) (a [16]byte) { copy(a[:], b); return a }),
		"Flags":    gen.UInt8(),
		"Delta":    gen.Int8(),
		"Time":     f64(),
		"Big":      gen.UInt64(),
		"Small":    gen.Int64(),
		"Mask":     gen.UInt32(),
		"Pos":      gen.SliceOfN(3, codectest.Float32()).Map(func(v []float32) [3]float32 { return [3]float32(v) }),
		"History":  gen.SliceOfN(6, gen.UInt16()).Map(func(v []uint16) [6]uint16 { return [6]uint16(v) }),
		"Buddies":  gen.SliceOfN(2, playerIDGen()).Map(func(v []PlayerID) [2]PlayerID { return [2]PlayerID(v) }),
		"Rank":     gen.Int32().Map(func(v int32) Rank { return Rank(v) }),
		"Speed":    codectest.Float32(),
	})
}

func chatGen() gopter.Gen {
	return gen.StrictStruct(reflect.TypeFor[Chat](), map[string]gopter.Gen{
		"To":   playerIDGen(),
		"Text": codectest.BytesUpTo(maxText-1, true),
		"Note": codectest.BytesUpTo(40, false),
		"Seq":  gen.UInt32(),
		"Blob": codectest.BytesUpTo(300, false),
	})
}

func scoreGen() gopter.Gen {
	return gen.StrictStruct(reflect.TypeFor[Score](), map[string]gopter.Gen{
		"Player": playerIDGen(),
		"Points": gen.Int32(),
		"Pos":    gen.SliceOfN(3, codectest.Float32()).Map(func(v []float32) [3]float32 { return [3]float32(v) }),
	})
}

func scoresGen() gopter.Gen {
	return gen.StrictStruct(reflect.TypeFor[Scores](), map[string]gopter.Gen{
		"Round": gen.UInt16(),
		"Scores": gen.IntRange(0, maxScores).FlatMap(func(n any) gopter.Gen {
			return gen.SliceOfN(n.(int), scoreGen())
		}, reflect.TypeFor[[]Score]()),
	})
}

func dataGen() gopter.Gen {
	return gen.StrictStruct(reflect.TypeFor[Data](), map[string]gopter.Gen{
		"Kind":    gen.UInt8(),
		"Payload": codectest.BytesUpTo(256, false),
	})
}

func oddGen() gopter.Gen {
	return gen.StrictStruct(reflect.TypeFor[Odd](), map[string]gopter.Gen{"Value": gen.UInt32(), "From": playerIDGen()})
}
