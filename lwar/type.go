package lwar

import (
	"strconv"

	"github.com/gamewire/gamewire/wire"
)

// Type is a message type id, the first byte of every message (the "type"
// field of the message header). Reliable types are 1 to 99, unreliable
// ones 101 to 199.
type Type uint8

// The message type ids of the spec's table "Message Types".
const (
	TypeConnect    Type = 1  // Connect: client wants to connect
	TypeDisconnect Type = 2  // Disconnect: client wants to disconnect
	TypeJoin       Type = 3  // Join: a new player
	TypeLeave      Type = 4  // Leave: a client left
	TypeChat       Type = 5  // Chat: a chat message
	TypeAdd        Type = 6  // Add: a new entity
	TypeRemove     Type = 7  // Remove: an entity is removed
	TypeSelection  Type = 8  // Selection: ship or weapon type change
	TypeName       Type = 9  // Name: player name change
	TypeSynced     Type = 10 // Synced: the game state has been fully synced

	TypeStats      Type = 101 // Stats: pings and scores
	TypeDeprecated Type = 102 // (Deprecated): used to be the Update message
	TypeInput      Type = 103 // Input: the client's input state
	TypeFull       Type = 104 // Full: the server is full
	TypeCollision  Type = 105 // Collision: two entities collided

	TypeUpdate       Type = 110 // Update: entity states
	TypeUpdatePos    Type = 111 // UpdatePos: entity positions
	TypeUpdateRay    Type = 112 // UpdateRay: ray entities
	TypeUpdateCircle Type = 113 // UpdateCircle: circular entities
)

// String returns the spec's name of the type ("Connect", "UpdateCircle";
// "Deprecated" for 102), as the table has it, or the number for an id the
// spec does not define.
func (t Type) String() string {
	if f := lookup(t, 0); f != nil {
		return f.Name
	}
	if t == TypeDeprecated {
		return "Deprecated"
	}
	return strconv.Itoa(int(t))
}

// MarshalText returns String, so JSON shows the spec's name.
func (t Type) MarshalText() ([]byte, error) { return []byte(t.String()), nil }

// errTypeName is the error of UnmarshalText for a name that is no type's.
var errTypeName = &wire.Error{Protocol: "lwar", Message: "Type", Err: wire.ErrUnknownCode}

// UnmarshalText accepts a spec name ("Deprecated" included) or a decimal
// number.
func (t *Type) UnmarshalText(b []byte) error {
	if f := table.Form(string(b), 0); f != nil {
		*t = Type(f.Code)
		return nil
	}
	if string(b) == "Deprecated" {
		*t = TypeDeprecated
		return nil
	}
	v, err := strconv.ParseUint(string(b), 10, 8)
	if err != nil {
		return errTypeName
	}
	*t = Type(v)
	return nil
}

// Reliable reports whether messages of this type are ordered-reliable and
// carry a sequence number: ids below 100, as the spec's "Message Types"
// says and the original code tests (type < 100).
func (t Type) Reliable() bool { return t < 100 }

// Known reports whether t is one of the spec's current message types
// (102, deprecated, is not).
func (t Type) Known() bool { return lookup(t, 0) != nil }

// HeaderSize returns the size of the message header of this type: 5 for
// reliable types (type and seqno), 1 for unreliable ones.
func (t Type) HeaderSize() int {
	if t.Reliable() {
		return ReliableHeaderSize
	}
	return UnreliableHeaderSize
}
