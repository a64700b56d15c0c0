package lwar

import (
	"strconv"

	"github.com/gamewire/gamewire/wire/codec"
)

// The ID struct, the spec's generational identifier "uint32(Id)" of a
// player or an entity, is the table's composite type "Id" (forms.go): on
// the wire two big-endian uint16, the generation first, then the identity
// (the slot number). The spec only says "uint32(Id)"; the layout is the
// original code's (docs/errata/lwar.md, E2).

// IDSize is the encoded size of an ID, in bytes (the table's idSize; see
// constants.go).
const IDSize = 4

// Uint32 returns the ID as the uint32 the spec names: generation in the
// high 16 bits, identity in the low ones, which is the same four bytes
// read as one big-endian uint32.
func (id ID) Uint32() uint32 { return uint32(id.Generation)<<16 | uint32(id.Identity) }

// IDFromUint32 is the inverse of ID.Uint32.
func IDFromUint32(v uint32) ID { return ID{Generation: uint16(v >> 16), Identity: uint16(v)} }

// String returns "generation/identity", such as "1/3" for identity (slot)
// 3 in its generation 1: the wire's order, the order of Uint32's halves,
// and the order in which the gamewire command prints the two fields
// (playerId={generation=1 identity=3}).
func (id ID) String() string {
	return strconv.Itoa(int(id.Generation)) + "/" + strconv.Itoa(int(id.Identity))
}

// AppendBinary appends the four bytes of the ID.
func (id ID) AppendBinary(b []byte) ([]byte, error) {
	b, p := codec.Grow(b, IDSize)
	id.put(p)
	return b, nil
}
