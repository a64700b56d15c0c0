package bzflag

import (
	"github.com/gamewire/gamewire/wire"
	"github.com/gamewire/gamewire/wire/codec"
	"github.com/gamewire/gamewire/wire/spec"
)

// A frame starts with a four-byte header: the length of the body, then
// the message code, each a u16 in the protocol's byte order.

// be is the protocol's byte order: "network byte order (aka big endian)".
const be = codec.BigEndian

// appendHeader appends a frame header for a body of n bytes.
func appendHeader(b []byte, c Code, n int) []byte {
	return append(b, byte(n>>8), byte(n), byte(c>>8), byte(c))
}

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
