package bzflag

// FlagState is the `status' of a flag status: where the flag is. BZFlag
// 1.7's include/Flag.h calls this enumeration FlagStatus; here that name
// belongs to the spec's structure (see FlagStatus).
type FlagState uint16

// Flag states, numbered as in BZFlag 1.7's include/Flag.h.
const (
	FlagNoExist  FlagState = iota // not in the game
	FlagOnGround                  // on the ground, ready to be picked up
	FlagOnTank                    // on a player's tank
	FlagInAir                     // in the air, will fall back down
	FlagComing                    // just appeared, falling to the ground
	FlagGoing                     // thrown in the air, disappearing
)

var flagStateNames = []string{"FlagNoExist", "FlagOnGround", "FlagOnTank", "FlagInAir", "FlagComing", "FlagGoing"}

// String returns the constant's name, or the number for unknown values.
func (s FlagState) String() string { return enumString(flagStateNames, int64(s)) }

// MarshalText returns the String form.
func (s FlagState) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// UnmarshalText accepts a name or a number.
func (s *FlagState) UnmarshalText(t []byte) error { return unmarshalEnum(s, flagStateNames, t) }

// Known reports whether s is one of the constants above.
func (s FlagState) Known() bool { return s <= FlagGoing }

// FlagType is the spec's flag `type': how the flag behaves.
type FlagType uint16

// Flag types, numbered as in BZFlag 1.7's include/Flag.h.
const (
	FlagNormal   FlagType = iota // permanent, dropped normally (team flags)
	FlagUnstable                 // may disappear after use (good super flags)
	FlagSticky                   // cannot be dropped normally (bad super flags)
)

var flagTypeNames = []string{"FlagNormal", "FlagUnstable", "FlagSticky"}

// String returns the constant's name, or the number for unknown values.
func (t FlagType) String() string { return enumString(flagTypeNames, int64(t)) }

// MarshalText returns the String form.
func (t FlagType) MarshalText() ([]byte, error) { return []byte(t.String()), nil }

// UnmarshalText accepts a name or a number.
func (t *FlagType) UnmarshalText(text []byte) error { return unmarshalEnum(t, flagTypeNames, text) }

// Known reports whether t is one of the constants above.
func (t FlagType) Known() bool { return t <= FlagSticky }
