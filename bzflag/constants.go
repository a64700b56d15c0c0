package bzflag

// More sizes and limits of the BZFlag 1.7 protocol (forms.go has the
// frame's). The spec names them without values; the values are those of
// BZFlag 1.7 (BZFlag-Dev/bzflag tag v1.7g2, commit db3bce2; the files
// cited are of that commit; see docs/errata/bzflag.md).
const (
	// CallSignLen is the size of a call sign field, terminating NUL
	// included ("CallSignLen", include/global.h:24).
	CallSignLen = 32
	// EmailLen is the size of an email address field, terminating NUL
	// included ("EmailLen", include/global.h:25).
	EmailLen = 128
	// MessageLen is the size of the text field of MsgMessage, terminating
	// NUL included ("MessageLen", include/global.h:26).
	MessageLen = 128
	// PlayerIDLen is the encoded size of a player id ("PlayerIdPLen",
	// include/Address.h:60).
	PlayerIDLen = 8
	// FlagStatusLen is the encoded size of a flag status ("FlagPLen",
	// include/Flag.h:38).
	FlagStatusLen = 6 + PlayerIDLen + 48
	// NumTeams is the number of teams, the rogues included ("NumTeams",
	// include/global.h:36).
	NumTeams = 5
	// ServerPort is the well-known TCP port of a bzfs server, where a
	// client connects first ("ServerPort", include/Protocol.h:38; bzfs -p
	// changes it).
	ServerPort = 5155
	// ReconnectPort is the port bzfs tells a client, in its hello on
	// ServerPort, to reconnect to for the game, by default ServerPort+1
	// (src/bzfs/bzfs.cxx:819, reconnectPort(ServerPort+1); bzfs -pr
	// changes it). Dial reads the actual port from the hello.
	ReconnectPort = ServerPort + 1
	// BroadcastAddress and BroadcastPort are the multicast group and UDP
	// port of the players' multicast relay and of server discovery
	// ("BroadcastAddress", "BroadcastPort", include/Protocol.h:42-43).
	BroadcastAddress = "224.0.1.2"
	BroadcastPort    = 5154
	// MaxPlayers is the most player slots a bzfs has (src/bzfs/bzfs.cxx:27;
	// the server's -mp and -ms lower it).
	MaxPlayers = 200
	// DefaultTTL is the default multicast time-to-live ("DefaultTTL",
	// include/Protocol.h:49).
	DefaultTTL = 8
	// MaximumTTL is the largest multicast time-to-live ("MaximumTTL",
	// include/Protocol.h:50).
	MaximumTTL = 255
	// Gravity is the `g' of the flag flight formula, in meters per second
	// squared ("Gravity", include/global.h:56).
	Gravity = -9.8
	// ExplodeTime is the spec's penalty after being killed before sending
	// MsgAlive, in seconds ("ExplodeTime", include/global.h:104).
	ExplodeTime = 5.0
	// FlagRadius is how close, in meters, a tank must be to a flag to send
	// MsgGrabFlag ("FlagRadius", include/global.h:107).
	FlagRadius = 2.5
	// LagPingModulus bounds MsgLagPing sequence numbers: the server counts
	// them modulo 10000 (src/bzfs/bzfs.cxx:8110).
	LagPingModulus = 10000
)
