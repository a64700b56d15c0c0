package bzflag

import (
	"github.com/gamewire/gamewire/wire"
)

// proto is the protocol's name in errors.
const proto = "bzflag"

// Framing errors, built once: reading a header allocates nothing, even
// when it fails.
var (
	errHeaderLength = &wire.Error{Protocol: proto, Message: "frame", Field: "length", Offset: 0, Err: wire.ErrShort}
	errHeaderCode   = &wire.Error{Protocol: proto, Message: "frame", Field: "code", Offset: 2, Err: wire.ErrShort}
	errFrameTooLong = &wire.Error{Protocol: proto, Message: "frame", Field: "length", Offset: 0, Err: wire.ErrTooLong}
)

// ReadHeader returns the body length and the code of the frame that b
// starts with. It fails with wire.ErrShort if b holds less than HeaderLen
// bytes.
//
// The length counts the body only, not the four header bytes: the spec's
// "excludes itself and the code", which the 1.7 source confirms.
func ReadHeader(b []byte) (bodyLen int, code Code, err error) {
	if len(b) < HeaderLen {
		if len(b) >= 2 {
			return 0, 0, errHeaderCode
		}
		return 0, 0, errHeaderLength
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
		return 0, errFrameTooLong
	}
	return HeaderLen + n, nil
}

// appendHeader appends a frame header for a body of n bytes.
func appendHeader(b []byte, c Code, n int) []byte {
	return append(b, byte(n>>8), byte(n), byte(c>>8), byte(c))
}

// invalid reports a value of field name that f's rules forbid.
func invalid(f *wire.Form, name string) error { return f.Err(name, wire.ErrInvalid) }

// checkHeader checks the header of a frame of form f at the start of b
// and returns its body length: the code must be f's, the body length
// within f's bounds, and b must hold the whole frame.
func checkHeader(b []byte, f *wire.Form) (int, error) {
	if len(b) < HeaderLen {
		_, err := f.Short(len(b))
		return 0, err
	}
	if uint32(be.U16(b[2:])) != f.Code {
		return 0, f.Err("code", wire.ErrInvalid)
	}
	n := int(be.U16(b))
	if n < f.Size-HeaderLen {
		return 0, f.Err("length", wire.ErrInvalid)
	}
	if n > f.MaxSize-HeaderLen {
		kind := wire.ErrInvalid
		if !f.Fixed() {
			kind = wire.ErrTooLong
		}
		return 0, f.Err("length", kind)
	}
	if len(b) < HeaderLen+n {
		_, err := f.Short(len(b))
		return 0, err
	}
	return n, nil
}

// tooLong reports that field name of form f does not fit in a frame.
func tooLong(f *wire.Form, name string) error { return f.Err(name, wire.ErrTooLong) }

// Vec3 is a vector of three IEEE 754 single precision numbers: a position,
// velocity or direction, x then y then z.
type Vec3 [3]float32
