package bzflag

import (
	"github.com/gamewire/gamewire/wire"
)

// proto is the protocol's name in errors.
const proto = "bzflag"

// ReadHeader returns the body length and the code of the frame that b
// starts with. It fails with wire.ErrShort if b holds less than HeaderLen
// bytes.
//
// The length counts the body only, not the four header bytes: the spec's
// "excludes itself and the code", which the 1.7 source confirms.
func ReadHeader(b []byte) (bodyLen int, code Code, err error) {
	if len(b) < HeaderLen {
		f := "length"
		if len(b) >= 2 {
			f = "code"
		}
		return 0, 0, wire.NewError(proto, "", f, len(b)&^1, wire.ErrShort)
	}
	return int(be.U16(b)), Code(be.U16(b[2:])), nil
}

// FrameLen returns the total length (header included) of the frame whose
// header is hdr, for wire.NewFrameReader. A frame longer than MaxPacketLen
// fails with wire.ErrTooLong.
func FrameLen(hdr []byte) (int, error) {
	n, _, err := ReadHeader(hdr)
	if err != nil {
		return 0, err
	}
	if n > MaxBodyLen {
		return 0, wire.NewError(proto, "", "length", 0, wire.ErrTooLong)
	}
	return HeaderLen + n, nil
}

// appendHeader appends a frame header for a body of n bytes.
func appendHeader(b []byte, c Code, n int) []byte {
	return append(b, byte(n>>8), byte(n), byte(c>>8), byte(c))
}

// shortError reports that a frame of layout l ends after n bytes, naming
// the field it ends in.
func shortError(l *Layout, n int) error {
	fl := l.fieldAt(n)
	return wire.NewError(proto, l.Name, fl.Name, fl.Offset, wire.ErrShort)
}

// invalid reports a value of field name that l's rules forbid.
func invalid(l *Layout, name string) error {
	return wire.NewError(proto, l.Name, name, l.field(name).Offset, wire.ErrInvalid)
}

// checkHeader checks the header of a frame of layout l at the start of b
// and returns its body length: the code must be l's, the body length
// within l's bounds, and b must hold the whole frame.
func checkHeader(b []byte, l *Layout) (int, error) {
	if len(b) < HeaderLen {
		return 0, shortError(l, len(b))
	}
	if Code(be.U16(b[2:])) != l.Code {
		return 0, wire.NewError(proto, l.Name, "code", 2, wire.ErrInvalid)
	}
	n := int(be.U16(b))
	if n < l.Size-HeaderLen {
		return 0, wire.NewError(proto, l.Name, "length", 0, wire.ErrInvalid)
	}
	if n > l.MaxSize-HeaderLen {
		kind := wire.ErrInvalid
		if !l.Fixed() {
			kind = wire.ErrTooLong
		}
		return 0, wire.NewError(proto, l.Name, "length", 0, kind)
	}
	if len(b) < HeaderLen+n {
		return 0, shortError(l, len(b))
	}
	return n, nil
}

// appendFixed checks that a variable field fits and reports ErrTooLong.
func tooLong(l *Layout, name string) error {
	return wire.NewError(proto, l.Name, name, l.field(name).Offset, wire.ErrTooLong)
}

// Vec3 is a vector of three IEEE 754 single precision numbers: a position,
// velocity or direction, x then y then z.
type Vec3 [3]float32

func appendVec3(b []byte, v *Vec3) []byte {
	b = be.AppendF32(b, v[0])
	b = be.AppendF32(b, v[1])
	return be.AppendF32(b, v[2])
}

func getVec3(b []byte) Vec3 {
	_ = b[11]
	return Vec3{be.F32(b), be.F32(b[4:]), be.F32(b[8:])}
}
