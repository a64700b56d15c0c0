package paintball

import (
	"github.com/gamewire/gamewire/wire"
	"github.com/gamewire/gamewire/wire/codec"
	"github.com/gamewire/gamewire/wire/spec"
)

// split tells a stream reader the length of the packet at the start of b
// (the table's Split): the frame has no length field, so the length
// follows from the type, and for a Login from the String's byte count.
// It returns 0 and nil while b does not hold enough to tell.
//
// A first byte other than '*' fails with wire.ErrInvalid on field
// "marker" at byte 0, and a type the table defines in neither direction
// with wire.ErrUnknownCode on field "type" at byte 1: the reader cannot
// know where such a packet ends, and cannot resynchronise on the next
// '*' either, since 0x2A occurs inside payloads (docs/errata/paintball.md,
// 6 and 7), so the stream stops there. A type defined only for the other
// direction is framed all the same (errata, 8). The errors are the
// table's own, built once: split allocates nothing.
func split(t *spec.Table, b []byte) (int, error) {
	if len(b) == 0 {
		return 0, nil
	}
	if b[0] != Marker {
		return 0, t.RawForm().Err("marker", wire.ErrInvalid)
	}
	if len(b) < 3 {
		return 0, nil
	}
	// The types are letters: one array index gives a fixed packet's size
	// (the steady state: every type but Login).
	if b[1] == 0 {
		if n := fixedSizes[b[2]]; n > 0 {
			return int(n), nil
		}
		// A variable form (Login) by the offset of its count, as the
		// lookup below finds it.
		if at := int(countAt[b[2]]); at > 0 {
			if len(b) < at+2 {
				return 0, nil
			}
			return at + 2 + int(codec.BigEndian.U16(b[at:])), nil
		}
	}
	// Either peer's form, in one lookup: no type has a different form
	// in each direction (TestSplitMeasuresEveryForm measures each).
	f := t.Lookup(uint32(b[1])<<8|uint32(b[2]), wire.Both)
	if f == nil {
		return 0, t.RawForm().Err("type", wire.ErrUnknownCode)
	}
	if f.Fixed() {
		return f.Size, nil
	}
	// A variable form (Login) ends with a String: its u16 count tells.
	lay := f.Layout()
	last := &lay[len(lay)-1]
	if last.Offset < 0 || (last.Type != "utf" && last.Type != "str16") {
		// A layout split cannot measure: a mistake in the table, which
		// TestSplitMeasuresEveryForm catches.
		return 0, t.RawForm().Err("type", wire.ErrInvalid)
	}
	if len(b) < last.Offset+2 {
		return 0, nil
	}
	return last.Offset + 2 + int(codec.BigEndian.U16(b[last.Offset:])), nil
}

// fixedSizes holds the size of the fixed form of each type under 256, and
// 0 for a variable or unknown type: what split measures without a lookup.
// init fills it from the table, once laid out.
var fixedSizes [256]uint8

// countAt holds, for each type under 256 whose form (either peer's, as
// split looks it up) is variable and ends with a String, the offset of
// the String's u16 count, and 0 for any other type: what split measures a
// Login by without a lookup. init fills it from the table.
var countAt [256]uint8

func init() {
	for i := range table.Forms {
		if f := &table.Forms[i]; f.Code < 256 && f.Fixed() && f.Size < 256 {
			fixedSizes[f.Code] = uint8(f.Size)
		}
	}
	for c := range uint32(256) {
		f := table.Lookup(c, wire.Both)
		if f == nil || f.Fixed() {
			continue
		}
		lay := f.Layout()
		if last := &lay[len(lay)-1]; last.Offset > 0 && last.Offset < 256 && (last.Type == "utf" || last.Type == "str16") {
			countAt[c] = uint8(last.Offset)
		}
	}
}
