package lwar

import "time"

// Network-related constants, from the spec's table "Network-related
// constants".
const (
	// AppID is the packet header's appId: "Must always be 0xf27087c5".
	AppID uint32 = 0xf27087c5

	// MaxPacketSize is "Max Packet Size": 512 bytes, including the packet
	// and message headers.
	MaxPacketSize = 512
	// HardMaxPacketSize is the largest datagram a reader accepts under
	// wire.Checked and wire.Lax, 777 bytes: the original server sends up
	// to 512 bytes plus its largest reliable message, 265 bytes, when many
	// messages are queued (docs/errata/lwar.md, E5). Under wire.Strict a
	// reader accepts MaxPacketSize only.
	HardMaxPacketSize = 777
	// HeaderSize is "Packet Header Size": appId, ack and timestamp.
	HeaderSize = 12
	// ReliableHeaderSize is "Reliable Message Header Size": type and seqno.
	ReliableHeaderSize = 5
	// UnreliableHeaderSize is "Unreliable Message Header Size": type.
	UnreliableHeaderSize = 1
	// MaxMessageSize is the largest message that fits into a packet:
	// MaxPacketSize minus HeaderSize.
	MaxMessageSize = MaxPacketSize - HeaderSize

	// MaxPlayerNameLength is "Max Player Name Length": 32 bytes. A name
	// may be exactly this long (see docs/errata/lwar.md, "len < Max").
	MaxPlayerNameLength = 32
	// MaxChatMessageLength is "Max Chat Message Length": 255 bytes. A chat
	// message may be exactly this long.
	MaxChatMessageLength = 255
	// MaxPlayerCount is "Max Player Count": 8 players.
	MaxPlayerCount = 8

	// MaxEntries is the most entries a counted list (Stats, Update and the
	// typed updates) can hold, 255: its count "num" is a uint8.
	MaxEntries = 255

	// DisconnectTimeout is "Disconnect Timeout": a peer from which no data
	// has been received for this long is considered gone.
	DisconnectTimeout = 15 * time.Second

	// InputInterval is how often the original client sends its Input:
	// InputUpdateFrequency, 30 Hz (axel-habermaier/lwar commit 2796ebc,
	// Source/Client/Network/Specification.cs:38), the spec's "Input
	// Message Frequency: ~30 Hz".
	InputInterval = time.Second / 30
	// ServerSendInterval is how often the original server builds a packet
	// for each client, with its queued reliable messages and the entity
	// updates: UPDATE_INTERVAL, 30 ms (Source/Server/protocol.c:21, used at
	// :319), about 33 Hz where the spec says "~15 Hz" for updates and
	// reliable messages (docs/errata/lwar.md, E13).
	ServerSendInterval = 30 * time.Millisecond

	// DefaultPort is the UDP port of an lwar server. The spec does not
	// name one; the original server binds SERVER_PORT, 32422
	// (axel-habermaier/lwar commit 2796ebc, Source/Server/connection.c:39),
	// and the original client connects to DefaultServerPort, the same
	// number (Source/Client/Network/Specification.cs:43). See
	// docs/errata/lwar.md.
	DefaultPort = 32422
)

// The encoded sizes of the list entries, in bytes, for FitEntries.
const (
	// StatsEntrySize is the encoded size of one StatsEntry.
	StatsEntrySize = 10
	// UpdateEntrySize is the encoded size of one UpdateEntry.
	UpdateEntrySize = 11
	// UpdatePosEntrySize is the encoded size of one UpdatePosEntry.
	UpdatePosEntrySize = 8
	// UpdateRayEntrySize is the encoded size of one UpdateRayEntry.
	UpdateRayEntrySize = 12
	// UpdateCircleEntrySize is the encoded size of one UpdateCircleEntry.
	UpdateCircleEntrySize = 10
)

// The entity type template ids of Add's typeId and of Selection's shipType
// and weaponType. The spec leaves them to "the EntityTemplates.fsx code
// generation script"; these are the values that script generated for the
// server of axel-habermaier/lwar commit 2796ebc
// (Source/Server/entity.h:10-18). See docs/errata/lwar.md, E14.
const (
	EntityTypeBullet    = 1 // ENTITY_TYPE_BULLET
	EntityTypeShip      = 2 // ENTITY_TYPE_SHIP
	EntityTypePlanet    = 3 // ENTITY_TYPE_PLANET
	EntityTypeRocket    = 4 // ENTITY_TYPE_ROCKET
	EntityTypeGun       = 5 // ENTITY_TYPE_GUN
	EntityTypePhaser    = 6 // ENTITY_TYPE_PHASER
	EntityTypeSun       = 7 // ENTITY_TYPE_SUN
	EntityTypeRay       = 8 // ENTITY_TYPE_RAY
	EntityTypeShockwave = 9 // ENTITY_TYPE_SHOCKWAVE
)

// HardMaxPacketSize, MaxEntries, the entry sizes and IDSize (id.go) are
// the table's maxHard and maxEntries (forms.go) and the generated sizes
// (forms_gen.go), written out so that go doc shows the numbers; these
// lines fail to compile if any pair differs.
var (
	_ [HardMaxPacketSize - maxHard]struct{}
	_ [maxHard - HardMaxPacketSize]struct{}
	_ [MaxEntries - maxEntries]struct{}
	_ [maxEntries - MaxEntries]struct{}
	_ [StatsEntrySize - statsEntrySize]struct{}
	_ [statsEntrySize - StatsEntrySize]struct{}
	_ [UpdateEntrySize - updateEntrySize]struct{}
	_ [updateEntrySize - UpdateEntrySize]struct{}
	_ [UpdatePosEntrySize - updatePosEntrySize]struct{}
	_ [updatePosEntrySize - UpdatePosEntrySize]struct{}
	_ [UpdateRayEntrySize - updateRayEntrySize]struct{}
	_ [updateRayEntrySize - UpdateRayEntrySize]struct{}
	_ [UpdateCircleEntrySize - updateCircleEntrySize]struct{}
	_ [updateCircleEntrySize - UpdateCircleEntrySize]struct{}
	_ [IDSize - idSize]struct{}
	_ [idSize - IDSize]struct{}
)
