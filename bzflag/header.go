package bzflag

import (
	"github.com/gamewire/gamewire/wire"
	"github.com/gamewire/gamewire/wire/spec"
)

// proto is the protocol's name in errors.
const proto = "bzflag"

// appendHeader appends a frame header for a body of n bytes.
func appendHeader(b []byte, c Code, n int) []byte {
	return append(b, byte(n>>8), byte(n), byte(c>>8), byte(c))
}

// invalid reports a value of field name that f's rules forbid.
func invalid(f *spec.Form, name string) error { return f.Err(name, wire.ErrInvalid) }

// checkHeader checks the header of a frame of form f at the start of b
// and returns its body length: the code must be f's, the body length
// within f's bounds, and b must hold the whole frame.
func checkHeader(b []byte, f *spec.Form) (int, error) {
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
func tooLong(f *spec.Form, name string) error { return f.Err(name, wire.ErrTooLong) }

// Vec3 is a vector of three IEEE 754 single precision numbers: a position,
// velocity or direction, x then y then z.
type Vec3 [3]float32
