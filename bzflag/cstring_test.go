package bzflag

import (
	"math/rand/v2"
	"testing"
)

// checkCStringBytes is checkCString one byte at a time, as the spec says
// it: ASCII up to a NUL, then NULs to the end.
func checkCStringBytes(b []byte) bool {
	end := -1
	for i, c := range b {
		if c == 0 {
			end = i
			break
		}
		if c >= 0x80 {
			return false
		}
	}
	if end < 0 {
		return false
	}
	for _, c := range b[end:] {
		if c != 0 {
			return false
		}
	}
	return true
}

// TestCheckCString: checkCString, eight bytes at a time, answers as the
// byte loop does, for every length up to an email's and every place of a
// NUL, of a byte over 0x7f and of a stray byte in the padding.
func TestCheckCString(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for n := 0; n <= 130; n++ {
		for range 200 {
			b := make([]byte, n)
			text := r.IntN(n + 1)
			for i := range text {
				b[i] = byte(1 + r.IntN(0x7f))
			}
			switch r.IntN(4) {
			case 1:
				if n > 0 {
					b[r.IntN(n)] = byte(0x80 + r.IntN(0x80))
				}
			case 2:
				if n > 0 {
					b[r.IntN(n)] = byte(1 + r.IntN(0xff))
				}
			case 3:
				if n > 0 {
					b[r.IntN(n)] = 0
				}
			}
			if got, want := checkCString(b), checkCStringBytes(b); got != want {
				t.Fatalf("checkCString(% x) = %v, want %v", b, got, want)
			}
		}
	}
}
