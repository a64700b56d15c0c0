package bzflag

// GameStyle is the `style' bit field of the world database's
// WorldCodeStyle block.
type GameStyle uint16

// Game style bits, as in BZFlag 1.7's include/global.h.
const (
	PlainGameStyle     GameStyle = 0      // none of the below
	TeamFlagGameStyle  GameStyle = 1 << 0 // capture the flag
	SuperFlagGameStyle GameStyle = 1 << 1 // super flags allowed
	RoguesGameStyle    GameStyle = 1 << 2 // rogues allowed
	JumpingGameStyle   GameStyle = 1 << 3 // jumping allowed
	InertiaGameStyle   GameStyle = 1 << 4 // momentum for all
	RicochetGameStyle  GameStyle = 1 << 5 // all shots ricochet
	ShakableGameStyle  GameStyle = 1 << 6 // bad flags can be shaken off
	AntidoteGameStyle  GameStyle = 1 << 7 // antidote flags for bad flags
	TimeSyncGameStyle  GameStyle = 1 << 8 // time synchronized to the server

	// KnownGameStyles holds every bit 1.7 defines.
	KnownGameStyles GameStyle = 1<<9 - 1
)

var gameStyleNames = []string{
	"TeamFlagGameStyle", "SuperFlagGameStyle", "RoguesGameStyle", "JumpingGameStyle",
	"InertiaGameStyle", "RicochetGameStyle", "ShakableGameStyle", "AntidoteGameStyle",
	"TimeSyncGameStyle",
}

// String returns the names of the set bits joined by "|" (unknown bits as
// one hexadecimal number), or "PlainGameStyle" for none.
func (g GameStyle) String() string { return bitsString(gameStyleNames, "PlainGameStyle", uint64(g)) }

// MarshalText returns the String form.
func (g GameStyle) MarshalText() ([]byte, error) { return []byte(g.String()), nil }

// UnmarshalText parses the String form.
func (g *GameStyle) UnmarshalText(t []byte) error {
	return unmarshalBits(g, gameStyleNames, "PlainGameStyle", t)
}
