package bzflag

// PlayerType is the spec's PlayerType: what kind of player, sent as a
// uint16.
type PlayerType uint16

// Player types, numbered as in BZFlag 1.7's include/global.h.
const (
	TankPlayer     PlayerType = iota // a human-driven tank
	JAFOPlayer                       // an observer ("just another fool observing")
	ComputerPlayer                   // a robot
)

var playerTypeNames = []string{"TankPlayer", "JAFOPlayer", "ComputerPlayer"}

// String returns the constant's name, or the number for unknown values.
func (p PlayerType) String() string { return enumString(playerTypeNames, int64(p)) }

// MarshalText returns the String form.
func (p PlayerType) MarshalText() ([]byte, error) { return []byte(p.String()), nil }

// UnmarshalText accepts a name or a number.
func (p *PlayerType) UnmarshalText(t []byte) error { return unmarshalEnum(p, playerTypeNames, t) }

// Known reports whether p is one of the constants above.
func (p PlayerType) Known() bool { return p <= ComputerPlayer }
