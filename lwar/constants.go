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
	// wire.Checked and wire.Lax: the original server sends up to 512
	// bytes plus its largest reliable message, 265 bytes, when many
	// messages are queued (docs/errata/lwar.md, E5). Under wire.Strict a
	// reader accepts MaxPacketSize only.
	HardMaxPacketSize = maxHard
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
	// typed updates) can hold: its count "num" is a uint8.
	MaxEntries = maxEntries

	// DisconnectTimeout is "Disconnect Timeout": a peer from which no data
	// has been received for this long is considered gone.
	DisconnectTimeout = 15 * time.Second

	// DefaultPort is the UDP port the original client connects to by
	// default. The spec does not name one; it comes from the original
	// client (see docs/errata/lwar.md).
	DefaultPort = 32422
)

// The encoded sizes of the list entries, for FitEntries.
const (
	// StatsEntrySize is the encoded size of one StatsEntry.
	StatsEntrySize = statsEntrySize
	// UpdateEntrySize is the encoded size of one UpdateEntry.
	UpdateEntrySize = updateEntrySize
	// UpdatePosEntrySize is the encoded size of one UpdatePosEntry.
	UpdatePosEntrySize = updatePosEntrySize
	// UpdateRayEntrySize is the encoded size of one UpdateRayEntry.
	UpdateRayEntrySize = updateRayEntrySize
	// UpdateCircleEntrySize is the encoded size of one UpdateCircleEntry.
	UpdateCircleEntrySize = updateCircleEntrySize
)
