package spec

import (
	"math/bits"

	"github.com/gamewire/gamewire/wire/codec"
)

// Index maps a message code and a direction (FromClient, FromServer, or
// Both for a form either peer's code gives) to the index of the form:
// a perfect hash, built once per table, so that a lookup is one
// multiplication and one load, with no branch on the code space (bzflag's
// codes are pairs of letters, tfighters' are split by direction at
// 0x8000, lwar's are single bytes).
//
// A key is from<<16 | c, where c is the code as a little-endian load of
// its bytes reads it (the code itself for a little-endian two-byte code or
// a one-byte code, its bytes swapped for a big-endian one): a Decoder
// makes it from the frame with one two-byte load and a mask, with no
// branch on the code's width or order (FrameKey). The key's slot is
// key*mul>>hashShift&mask (Slot); the slot holds the key in its upper half
// and the form index in its lower half, or all ones when empty (no key has
// all ones). A decoder keeps its values for the keys in slots of the same
// numbering: Slots says how many, Key and FrameKey make the keys, Slot
// numbers them. An Index is small and read-only: a decoder copies it to
// keep what its hot path reads beside its own fields.
type Index struct {
	// The fields FrameKey and Slot read come first, in one word each
	// pair, for a decoder that embeds a copy.
	mul, mask uint32 // the multiplier; len(slots)-1
	codeMask  uint32 // the code's bits in the two bytes at its offset
	at        uint   // the code's offset in the header

	wide  bool        // a two-byte code
	order codec.Order // its byte order
	slots []uint64
}

// Slots returns the number of slots: a decoder's slots are numbered 0 to
// Slots()-1, as Slot numbers them.
func (x *Index) Slots() int { return len(x.slots) }

// Slot returns the slot of key k.
func (x *Index) Slot(k uint32) uint32 { return k * x.mul >> hashShift & x.mask }

// FrameKey returns the key of the frame at the start of b, sent in
// direction from: the two bytes at the code's offset, read with one load
// and masked to the code's width. It reports false when b holds fewer
// than two bytes from that offset on (a frame of a one-byte code and
// nothing after it); Key then gives the key from the code. The key is one
// that Key would give only when the index holds the code: check the
// slot's key before using its value.
func (x *Index) FrameKey(b []byte, from Direction) (uint32, bool) {
	at := x.at
	if at < uint(len(b)) && at+1 < uint(len(b)) {
		return uint32(from)<<16 | (uint32(b[at])|uint32(b[at+1])<<8)&x.codeMask, true
	}
	return 0, false
}

// Key returns the key of code sent in direction from, its slot, and
// whether the index holds a form for it.
func (x *Index) Key(code uint32, from Direction) (k, slot uint32, ok bool) {
	if len(x.slots) == 0 {
		return 0, 0, false // the zero Index holds nothing
	}
	k, slot = x.key(code, from)
	return k, slot, uint32(x.slots[slot]>>32) == k
}

// empty is the content of an unused slot.
const empty = ^uint64(0)

// hashShift is where a slot's bits start in key*mul: a fixed shift costs
// less than a variable one, and at most 18 bits of slot (a key's width)
// fit above it.
const hashShift = 14

// key returns the key of code (16 bits at most) sent in direction from,
// and its slot. A code wider than the table's code field gets a key no
// frame has, 1<<31|code.
func (x *Index) key(code uint32, from Direction) (k, slot uint32) {
	switch {
	case !x.wide && code > 0xff:
		code |= 1 << 31
	case x.wide && x.order == codec.BigEndian:
		code = code>>8 | code&0xff<<8
	}
	k = uint32(from)<<16 | code
	return k, k * x.mul >> hashShift & x.mask
}

// find returns the index of the form for code (16 bits at most) sent in
// direction from, or -1.
func (x *Index) find(code uint32, from Direction) int {
	if len(x.slots) == 0 {
		return -1 // the zero Index holds nothing
	}
	k, slot := x.key(code, from)
	if e := x.slots[slot]; uint32(e>>32) == k {
		return int(uint32(e))
	}
	return -1
}

// newIndex indexes the forms of each code in each direction (byDir[0] the
// client's, byDir[1] the server's) and, under Both, the form of a code when
// the two directions agree on it (as Table.Lookup says). code is the
// header's code field.
func newIndex(byDir [2]map[uint32]int, code *Field, order codec.Order) Index {
	x := Index{wide: code.Size == 2, order: order, at: uint(code.Offset), codeMask: 1<<(8*code.Size) - 1}
	var keys []uint32
	var index []int
	add := func(code uint32, from Direction, i int) {
		k, _ := x.key(code, from)
		keys = append(keys, k)
		index = append(index, i)
	}
	for d, forms := range byDir {
		for code, i := range forms {
			add(code, FromClient<<d, i)
		}
	}
	for code, c := range byDir[0] {
		if s, ok := byDir[1][code]; !ok || s == c {
			add(code, Both, c)
		}
	}
	for code, s := range byDir[1] {
		if _, ok := byDir[0][code]; !ok {
			add(code, Both, s)
		}
	}
	// The smallest table (of two slots at least) with a perfect
	// multiplier among a few thousand candidates; at 18 bits (the width
	// of a key) multiplying by 1<<hashShift keeps the whole key, so the
	// search ends.
	for b := uint32(max(1, bits.Len(uint(len(keys))))); ; b++ {
		used := make([]uint64, (1<<b+63)/64)
		x.mask = 1<<b - 1
		x.mul = 1 << hashShift
		for try := 0; try < 4096; try++ {
			if perfect(keys, x.mul, x.mask, used) {
				x.slots = make([]uint64, 1<<b)
				for i := range x.slots {
					x.slots[i] = empty
				}
				for j, k := range keys {
					x.slots[x.Slot(k)] = uint64(k)<<32 | uint64(index[j])
				}
				return x
			}
			x.mul = x.mul*1664525 + 1013904223 | 1 // the next odd candidate
		}
	}
}

// perfect reports whether no two keys share a slot under multiplier mul
// and mask, marking the slots in used (a bit set it clears first).
func perfect(keys []uint32, mul, mask uint32, used []uint64) bool {
	clear(used)
	for _, k := range keys {
		s := k * mul >> hashShift & mask
		if used[s/64]&(1<<(s%64)) != 0 {
			return false
		}
		used[s/64] |= 1 << (s % 64)
	}
	return true
}
