package bzflag

// FlagID is the spec's FlagId: the kind of a flag, sent as a uint16. The
// values are those of BZFlag 1.7's include/global.h: the null flag, the
// four team flags (numbered as their teams), the good super flags, then
// the bad ones.
type FlagID uint16

// Flag kinds.
const (
	NullFlag FlagID = iota // no flag ("NullFlag", also "NoFlag")

	RedFlag    // red team's flag
	GreenFlag  // green team's flag
	BlueFlag   // blue team's flag
	PurpleFlag // purple team's flag

	// The good super flags.
	VelocityFlag        // drive faster
	QuickTurnFlag       // turn faster
	OscOverthrusterFlag // drive through buildings
	RapidFireFlag       // shoot faster
	MachineGunFlag      // shoot very fast, close range
	GuidedMissileFlag   // shots seek the locked-on target
	LaserFlag           // infinite speed and range shot
	RicochetFlag        // shots bounce off walls
	SuperBulletFlag     // shots go through buildings
	InvisibleBulletFlag // shots are invisible
	StealthFlag         // invisible on radar
	TinyFlag            // very small tank
	NarrowFlag          // infinitely thin tank
	ShieldFlag          // survive one hit
	SteamrollerFlag     // kill by touching
	ShockWaveFlag       // kill all within a small range
	PhantomZoneFlag     // teleporters phantomize the tank
	GenocideFlag        // killing one kills the whole team
	JumpingFlag         // the tank can jump
	IdentifyFlag        // identify flags from afar
	CloakingFlag        // invisible out the window

	// The bad super flags.
	ColorblindnessFlag // team colors unseen
	ObesityFlag        // very fat tank
	LeftTurnOnlyFlag   // cannot turn right
	RightTurnOnlyFlag  // cannot turn left
	MomentumFlag       // lots of momentum
	BlindnessFlag      // cannot see out the window
	JammingFlag        // radar does not work
	WideAngleFlag      // fish eye view

	// NoFlag is the source's other name for NullFlag.
	NoFlag = NullFlag
	// FirstTeamFlag and LastTeamFlag bound the team flags.
	FirstTeamFlag = RedFlag
	LastTeamFlag  = PurpleFlag
	// FirstSuperFlag and LastSuperFlag bound the super flags.
	FirstSuperFlag = VelocityFlag
	LastSuperFlag  = WideAngleFlag
	// LastFlag is the highest flag id 1.7 knows.
	LastFlag = WideAngleFlag
)

var flagIDNames = []string{
	"NullFlag", "RedFlag", "GreenFlag", "BlueFlag", "PurpleFlag",
	"VelocityFlag", "QuickTurnFlag", "OscOverthrusterFlag", "RapidFireFlag",
	"MachineGunFlag", "GuidedMissileFlag", "LaserFlag", "RicochetFlag",
	"SuperBulletFlag", "InvisibleBulletFlag", "StealthFlag", "TinyFlag",
	"NarrowFlag", "ShieldFlag", "SteamrollerFlag", "ShockWaveFlag",
	"PhantomZoneFlag", "GenocideFlag", "JumpingFlag", "IdentifyFlag",
	"CloakingFlag", "ColorblindnessFlag", "ObesityFlag", "LeftTurnOnlyFlag",
	"RightTurnOnlyFlag", "MomentumFlag", "BlindnessFlag", "JammingFlag",
	"WideAngleFlag",
}

// String returns the constant's name, or the number for unknown values.
func (f FlagID) String() string { return enumString(flagIDNames, int64(f)) }

// MarshalText returns the String form.
func (f FlagID) MarshalText() ([]byte, error) { return []byte(f.String()), nil }

// UnmarshalText accepts a name or a number.
func (f *FlagID) UnmarshalText(t []byte) error { return unmarshalEnum(f, flagIDNames, t) }

// Known reports whether f is NullFlag or a flag 1.7 defines.
func (f FlagID) Known() bool { return f <= LastFlag }

// IsTeamFlag reports whether f is a team's flag.
func (f FlagID) IsTeamFlag() bool { return f >= FirstTeamFlag && f <= LastTeamFlag }
