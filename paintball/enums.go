package paintball

import (
	"math"
	"strconv"

	"github.com/gamewire/gamewire/session"
	"github.com/gamewire/gamewire/wire/codec"
)

// ObjectType is the Update's "Object Type", a Java char: "whether it's a
// player, paintball, obstacle, etc.". The spec gives no values and closes
// no list ("etc."): the three letters named here are this package's choice,
// by the convention of the packet type, and every other value is as good
// on the wire: it decodes, re-encodes as it came and passes Validate
// (docs/errata/paintball.md, 9).
type ObjectType uint16

// Object types.
const (
	ObjectTypePlayer    ObjectType = 'P' // a player
	ObjectTypePaintball ObjectType = 'B' // a paintball in flight
	ObjectTypeObstacle  ObjectType = 'O' // an obstacle
)

// Known reports whether t is one of the letters this package names ('P',
// 'B', 'O'). It is no rule of the spec: Validate does not ask it.
func (t ObjectType) Known() bool { return t.name() != "" }

func (t ObjectType) name() string {
	switch t {
	case ObjectTypePlayer:
		return "player"
	case ObjectTypePaintball:
		return "paintball"
	case ObjectTypeObstacle:
		return "obstacle"
	}
	return ""
}

// String returns "player", "paintball" or "obstacle", and any other value
// as its number ('X' is "88").
func (t ObjectType) String() string {
	if n := t.name(); n != "" {
		return n
	}
	return strconv.FormatUint(uint64(t), 10)
}

// MarshalText returns the String form.
func (t ObjectType) MarshalText() ([]byte, error) { return []byte(t.String()), nil }

// UnmarshalText accepts a name or a number (decimal, or 0x hexadecimal) up
// to 65535, and also a quoted character ('X' for 88).
func (t *ObjectType) UnmarshalText(b []byte) error {
	for _, v := range [...]ObjectType{ObjectTypePlayer, ObjectTypePaintball, ObjectTypeObstacle} {
		if v.name() == string(b) {
			*t = v
			return nil
		}
	}
	if len(b) == 3 && b[0] == '\'' && b[2] == '\'' {
		*t = ObjectType(b[1])
		return nil
	}
	return codec.ParseNumber(t, b, proto, "object type")
}

// ShootingState is the Shoot Update Request's "Shooting State", a Byte.
type ShootingState uint8

// Shooting states, as the spec numbers them.
const (
	// ShootingStateNone is "0: not shooting (used to turn off automatic
	// fire)".
	ShootingStateNone ShootingState = 0
	// ShootingStateSingle is "1: single shot".
	ShootingStateSingle ShootingState = 1
	// ShootingStateAutomatic is "2: automatic fire (will continue to fire
	// until a not shooting request is sent)".
	ShootingStateAutomatic ShootingState = 2
)

// Known reports whether s is one of the spec's three states.
func (s ShootingState) Known() bool { return s <= ShootingStateAutomatic }

var shootingStateNames = []string{"none", "single", "automatic"}

// String returns "none", "single", "automatic" or the number.
func (s ShootingState) String() string { return session.Name(shootingStateNames, s) }

// MarshalText returns the String form.
func (s ShootingState) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// UnmarshalText accepts a name or a number up to 255.
func (s *ShootingState) UnmarshalText(b []byte) error {
	return codec.ParseName(s, b, shootingStateNames, proto, "shooting state")
}

// validFacing reports whether f is an angle: finite (docs/errata, 12).
//
// NaN and the infinities are the numbers whose exponent bits are all ones:
// one test of those bits.
func validFacing(f float64) bool { return math.Float64bits(f)&expBits != expBits }

// expBits are a float64's exponent bits.
const expBits = 0x7ff0000000000000
