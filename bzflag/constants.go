package bzflag

// More sizes and limits of the BZFlag 1.7 protocol (forms.go has the
// frame's). The spec names them without values; the values are those of
// BZFlag 1.7's include/global.h and include/Protocol.h (see
// docs/errata/bzflag.md).
const (
	// CallSignLen is the size of a call sign field, terminating NUL
	// included ("CallSignLen").
	CallSignLen = 32
	// EmailLen is the size of an email address field, terminating NUL
	// included ("EmailLen").
	EmailLen = 128
	// MessageLen is the size of the text field of MsgMessage, terminating
	// NUL included ("MessageLen").
	MessageLen = 128
	// PlayerIDLen is the encoded size of a player id ("PlayerIdPLen").
	PlayerIDLen = 8
	// FlagStatusLen is the encoded size of a flag status ("FlagPLen").
	FlagStatusLen = 6 + PlayerIDLen + 48
	// NumTeams is the number of teams, the rogues included ("NumTeams").
	NumTeams = 5
	// ServerPort is the well-known TCP port of a bzfs server ("ServerPort").
	ServerPort = 5155
	// DefaultTTL is the default multicast time-to-live ("DefaultTTL").
	DefaultTTL = 8
	// MaximumTTL is the largest multicast time-to-live ("MaximumTTL").
	MaximumTTL = 255
	// Gravity is the `g' of the flag flight formula, in meters per second
	// squared ("Gravity", include/global.h).
	Gravity = -9.8
	// ExplodeTime is the spec's penalty after being killed before sending
	// MsgAlive, in seconds ("ExplodeTime").
	ExplodeTime = 5.0
	// FlagRadius is how close, in meters, a tank must be to a flag to send
	// MsgGrabFlag ("FlagRadius").
	FlagRadius = 2.5
	// LagPingModulus bounds MsgLagPing sequence numbers: the server counts
	// them modulo 10000.
	LagPingModulus = 10000
)
