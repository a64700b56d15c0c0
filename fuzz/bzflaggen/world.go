package bzflaggen

import (
	"reflect"

	"github.com/gamewire/gamewire/bzflag/world"
	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
)

// worldVec3 generates a world block's [3]float32 from raw bits (see f32).
func worldVec3() gopter.Gen {
	return gopter.CombineGens(f32(), f32(), f32()).Map(func(v []any) [3]float32 {
		return [3]float32{v[0].(float32), v[1].(float32), v[2].(float32)}
	})
}

// worldVec2 generates a [2]float32 from raw bits.
func worldVec2() gopter.Gen {
	return gopter.CombineGens(f32(), f32()).Map(func(v []any) [2]float32 {
		return [2]float32{v[0].(float32), v[1].(float32)}
	})
}

// WorldStyle generates a world.Style (WorldCodeStyle), mostly without
// Extra bytes, sometimes with some.
func WorldStyle() gopter.Gen {
	return gen.StrictStruct(reflect.TypeOf(world.Style{}), map[string]gopter.Gen{
		"GameStyle":           gen.UInt16(),
		"MaxPlayers":          gen.UInt16(),
		"MaxShots":            gen.UInt16(),
		"MaxFlags":            gen.UInt16(),
		"LinearAcceleration":  f32(),
		"AngularAcceleration": f32(),
		"ShakeTimeout":        gen.UInt16(),
		"ShakeWins":           gen.UInt16(),
		"ServerTime":          gen.UInt32(),
		"Extra": gen.Weighted([]gen.WeightedGen{
			{Weight: 4, Gen: gen.Const([]byte(nil))},
			{Weight: 1, Gen: gen.SliceOf(gen.UInt8())},
		}),
	})
}

// WorldBase generates a world.Base (WorldCodeBase).
func WorldBase() gopter.Gen {
	return gen.StrictStruct(reflect.TypeOf(world.Base{}), map[string]gopter.Gen{
		"Team":   gen.UInt16(),
		"Center": worldVec3(),
		"Angle":  f32(),
		"Extent": worldVec2(),
		"Safety": worldVec3(),
	})
}

// WorldWall generates a world.Wall (WorldCodeWall).
func WorldWall() gopter.Gen {
	return gen.StrictStruct(reflect.TypeOf(world.Wall{}), map[string]gopter.Gen{
		"Center": worldVec3(),
		"Angle":  f32(),
		"Width":  f32(),
		"Height": f32(),
	})
}

// solidGens are the fields boxes, pyramids and teleporters share.
func solidGens() map[string]gopter.Gen {
	return map[string]gopter.Gen{
		"Center": worldVec3(),
		"Angle":  f32(),
		"Width":  f32(),
		"Depth":  f32(),
		"Height": f32(),
	}
}

// WorldBox generates a world.Box (WorldCodeBox).
func WorldBox() gopter.Gen { return gen.StrictStruct(reflect.TypeOf(world.Box{}), solidGens()) }

// WorldPyramid generates a world.Pyramid (WorldCodePyramid).
func WorldPyramid() gopter.Gen {
	return gen.StrictStruct(reflect.TypeOf(world.Pyramid{}), solidGens())
}

// WorldTeleporter generates a world.Teleporter (WorldCodeTeleporter).
func WorldTeleporter() gopter.Gen {
	g := solidGens()
	g["Border"] = f32()
	return gen.StrictStruct(reflect.TypeOf(world.Teleporter{}), g)
}

// WorldLink generates a world.Link (WorldCodeLink) with any face numbers.
func WorldLink() gopter.Gen {
	return gen.StrictStruct(reflect.TypeOf(world.Link{}), map[string]gopter.Gen{
		"From": gen.UInt16(),
		"To":   gen.UInt16(),
	})
}

// WorldEnd generates the end-of-data block (WorldCodeEnd).
func WorldEnd() gopter.Gen { return gen.Const(world.End{}) }

// World generates a whole database, structurally valid (it encodes):
// blocks of every type in a random interleaving, links to any faces.
func World() gopter.Gen { return worldGen(false) }

// ValidWorld generates a database that also passes World.Validate: every
// link names a face of a teleporter the database holds.
func ValidWorld() gopter.Gen { return worldGen(true) }

// InvalidWorld generates a database that encodes but breaks a rule of
// World.Validate: a link to a face that does not exist.
func InvalidWorld() gopter.Gen {
	return gopter.CombineGens(World(), gen.UInt16()).Map(func(v []any) *world.World {
		w := v[0].(*world.World)
		faces := 2 * len(w.Teleporters)
		w.Links = append(w.Links, world.Link{From: uint16(faces + int(v[1].(uint16))%(0x10000-faces)), To: 0})
		w.Order = append(w.Order, world.CodeLink)
		return w
	}).SuchThat(func(w *world.World) bool { return 2*len(w.Teleporters) < 0x10000 })
}

func worldGen(valid bool) gopter.Gen {
	return gen.StrictStructPtr(reflect.TypeOf(world.World{}), map[string]gopter.Gen{
		"Style":       WorldStyle(),
		"Bases":       worldList(WorldBase()),
		"Walls":       worldList(WorldWall()),
		"Boxes":       worldList(WorldBox()),
		"Pyramids":    worldList(WorldPyramid()),
		"Teleporters": worldList(WorldTeleporter()),
		"Links":       worldList(WorldLink()),
		// Order is drawn at random, then replaced by a shuffle (seeded by
		// the draw) of exactly the blocks the slices hold.
		"Order": gen.SliceOf(gen.UInt16().Map(func(u uint16) world.Code { return world.Code(u) })),
		// err is the World's own error value, not data: gopter's
		// StrictStruct counts unexported fields too, and leaves them unset.
		"err": gen.Const(nil),
	}).Map(func(w *world.World) *world.World {
		seed := uint64(0x9e3779b97f4a7c15)
		for _, c := range w.Order {
			seed = (seed ^ uint64(c)) * 0x100000001b3
		}
		w.SetOrder()
		shuffle(w.Order, seed)
		if valid {
			faces := 2 * len(w.Teleporters)
			for i := range w.Links {
				if faces == 0 {
					w.Links = w.Links[:0]
					break
				}
				w.Links[i].From %= uint16(min(faces, 0xffff))
				w.Links[i].To %= uint16(min(faces, 0xffff))
			}
			w.SetOrder()
			shuffle(w.Order, seed)
		}
		return w
	})
}

// worldList generates 0 to 6 blocks from g: enough to mix every type, small
// enough to keep a sample cheap.
func worldList(g gopter.Gen) gopter.Gen {
	return gen.IntRange(0, 6).FlatMap(func(n any) gopter.Gen {
		return gen.SliceOfN(n.(int), g)
	}, nil)
}

// shuffle permutes o with a xorshift generator seeded by seed.
func shuffle(o []world.Code, seed uint64) {
	if seed == 0 {
		seed = 1
	}
	for i := len(o) - 1; i > 0; i-- {
		seed ^= seed << 13
		seed ^= seed >> 7
		seed ^= seed << 17
		j := int(seed % uint64(i+1))
		o[i], o[j] = o[j], o[i]
	}
}
