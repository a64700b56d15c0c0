package lwar

import "strconv"

// ID is the spec's generational identifier, "uint32(Id)", of a player or
// an entity. On the wire it is two big-endian uint16: the generation
// first, then the identity (the slot number). The spec only says
// "uint32(Id)"; the layout is the original code's (docs/errata/lwar.md).
type ID struct {
	Generation uint16 `json:"generation"` // bumped each time the slot is reused
	Identity   uint16 `json:"identity"`   // the slot number ("n" in the server)
}

// IDSize is the encoded size of an ID.
const IDSize = 4

// Uint32 returns the ID as the uint32 the spec names: generation in the
// high 16 bits, identity in the low ones, which is the same four bytes
// read as one big-endian uint32.
func (id ID) Uint32() uint32 { return uint32(id.Generation)<<16 | uint32(id.Identity) }

// IDFromUint32 is the inverse of ID.Uint32.
func IDFromUint32(v uint32) ID { return ID{Generation: uint16(v >> 16), Identity: uint16(v)} }

// String returns "identity/generation", such as "3/1".
func (id ID) String() string {
	return strconv.Itoa(int(id.Identity)) + "/" + strconv.Itoa(int(id.Generation))
}

// AppendBinary appends the four bytes of the ID.
func (id ID) AppendBinary(b []byte) ([]byte, error) { return appendID(b, id), nil }

func appendID(b []byte, id ID) []byte {
	return append(b, byte(id.Generation>>8), byte(id.Generation), byte(id.Identity>>8), byte(id.Identity))
}

// readID reads an ID from the first four bytes of b, which the caller has
// checked are there.
func readID(b []byte) ID {
	_ = b[3]
	return ID{Generation: uint16(b[0])<<8 | uint16(b[1]), Identity: uint16(b[2])<<8 | uint16(b[3])}
}
