package world

import "github.com/gamewire/gamewire/wire"

var be = wire.BigEndian

// field is one field of a fixed block layout: its spec name and its offset
// from the start of the block.
type field struct {
	name string
	off  int
}

// layout describes a fixed-size block: its code, its spec name, its size
// (code included) and its fields in wire order, the code first.
type layout struct {
	code   Code
	name   string
	size   int
	fields []field
}

// check returns nil if b starts with a whole block of this layout. base is
// the offset of b[0] in the input the caller reports offsets in (the
// database, or the block itself). A short input fails with ErrShort naming
// the field the input ends in; a wrong code fails with ErrInvalid.
func (l *layout) check(b []byte, base int) error {
	if len(b) < l.size {
		f := l.fields[0]
		for _, g := range l.fields[1:] {
			if g.off > len(b) {
				break
			}
			f = g
		}
		return wire.NewError(protocol, l.name, f.name, base+f.off, wire.ErrShort)
	}
	if Code(be.U16(b)) != l.code {
		return wire.NewError(protocol, l.name, "code", base, wire.ErrInvalid)
	}
	return nil
}

// Field names shared by several layouts.
const (
	fCode   = "code"
	fCenter = "center"
	fAngle  = "angle"
	fWidth  = "width"
	fDepth  = "depth"
	fHeight = "height"
)

// appendVec appends the three floats of v.
func appendVec(b []byte, v *[3]float32) []byte {
	b = be.AppendF32(b, v[0])
	b = be.AppendF32(b, v[1])
	return be.AppendF32(b, v[2])
}

// vec reads three floats at b[0:12].
func vec(b []byte) [3]float32 {
	_ = b[11]
	return [3]float32{be.F32(b), be.F32(b[4:]), be.F32(b[8:])}
}

// unmarshal is UnmarshalBinary for a fixed layout: Decode, then no
// trailing bytes.
func trailing(name string, n, have int) error {
	if n != have {
		return wire.NewError(protocol, name, "", n, wire.ErrTrailing)
	}
	return nil
}
