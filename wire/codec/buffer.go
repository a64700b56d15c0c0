package codec

import "slices"

// Grow extends b by n bytes, growing its capacity at most once, and
// returns the longer slice and the n new bytes, for a codec that stores
// its fields at fixed offsets (Put*) instead of appending them one by
// one. The new bytes are not zeroed when b had the capacity already.
func Grow(b []byte, n int) (grown, p []byte) {
	l := len(b)
	if cap(b)-l < n {
		nb := make([]byte, l, 2*cap(b)+n)
		copy(nb, b)
		b = nb
	}
	b = b[:l+n]
	return b, b[l:]
}

// Resize returns s with length n, reusing its capacity; the elements are
// the caller's to overwrite.
func Resize[T any](s []T, n int) []T { return slices.Grow(s[:0], n)[:n] }
