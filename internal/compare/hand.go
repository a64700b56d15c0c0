package compare

import (
	"encoding/binary"
	"errors"
)

// What the hand-written codecs (bzflag_hand.go, ...) share: the byte
// orders, the errors, the one grow before a frame's stores, and pick, by
// which encoding/binary borrows each codec's dispatch.

var (
	be = binary.BigEndian
	le = binary.LittleEndian
)

var (
	errShortFrame  = errors.New("compare: short frame")
	errBadLength   = errors.New("compare: frame length does not fit its code")
	errUnknownCode = errors.New("compare: unknown code")
	errDirection   = errors.New("compare: code of the other direction")
)

// grow extends b by n bytes and returns it with the new bytes.
func grow(b []byte, n int) ([]byte, []byte) {
	l := len(b)
	if cap(b)-l < n {
		nb := make([]byte, l+n, 2*cap(b)+n)
		copy(nb, b)
		return nb, nb[l:]
	}
	b = b[:l+n]
	return b, b[l:]
}

// pick returns the value the unit at b decodes into with h, a
// hand-written codec, or nil if h does not decode it. A hand-written
// codec decodes into one reused value per plain struct (forms of one
// shape share it), and so picks the struct for encoding/binary, which
// then decodes the unit again into it (the hand-written decode adds a
// few percent to encoding/binary's time).
func pick(h Codec, b []byte, k Kind) any {
	v, _, err := h.Decode(b, k)
	if err != nil {
		return nil
	}
	return v
}
