package bzflag

import "math"

// TeamColor is the spec's TeamColor: a team, sent as a uint16. NoTeam (-1)
// travels as 0xffff.
type TeamColor int16

// Teams, as BZFlag 1.7's include/global.h numbers them.
const (
	NoTeam     TeamColor = -1 // no team ("NoTeam"): a player, not a team, won
	RogueTeam  TeamColor = 0  // the rogues ("RogueTeam")
	RedTeam    TeamColor = 1  // "RedTeam"
	GreenTeam  TeamColor = 2  // "GreenTeam"
	BlueTeam   TeamColor = 3  // "BlueTeam"
	PurpleTeam TeamColor = 4  // "PurpleTeam"
)

var teamColorNames = []string{"NoTeam", "RogueTeam", "RedTeam", "GreenTeam", "BlueTeam", "PurpleTeam"}

// String returns the constant's name, or the number for unknown values.
func (c TeamColor) String() string {
	if c.Known() {
		return teamColorNames[c+1]
	}
	return enumString(nil, int64(c))
}

// MarshalText returns the String form.
func (c TeamColor) MarshalText() ([]byte, error) { return []byte(c.String()), nil }

// UnmarshalText accepts a name or a number.
func (c *TeamColor) UnmarshalText(t []byte) error {
	for i, n := range teamColorNames {
		if string(t) == n {
			*c = TeamColor(i - 1)
			return nil
		}
	}
	v, err := parseEnum(nil, t, math.MinInt16, math.MaxInt16)
	if err != nil {
		return err
	}
	*c = TeamColor(v)
	return nil
}

// Known reports whether c is one of the constants above.
func (c TeamColor) Known() bool { return c >= NoTeam && c <= PurpleTeam }

// IsTeam reports whether c is a real team (RogueTeam to PurpleTeam).
func (c TeamColor) IsTeam() bool { return c >= RogueTeam && c <= PurpleTeam }
