package tfighters

import (
	"math"
	"strconv"

	"github.com/gamewire/gamewire/wire"
	"github.com/gamewire/gamewire/wire/codec"
)

// Dbl is the spec's "dbl": "XXX.XX sent as XXX.XX*100 signed integer",
// four bytes, little-endian. The struct keeps the integer that travels, so
// decoding and encoding are lossless; Float and DblOf convert.
type Dbl int32

// Float returns the value d stands for, d/100, as the original's get_dbl
// computes it.
func (d Dbl) Float() float64 { return fromFixed(int64(d), 100) }

// DblOf converts f as the original's put_dbl does: (int)(f * 100.0), that
// is, f*100 computed in double precision and truncated toward zero (not
// rounded: 0.29 travels as 28). Values the cast cannot represent (NaN,
// ±Inf, beyond the int32 range), which are undefined behaviour in C, give
// math.MinInt32, the "integer indefinite" value of the x86 conversion the
// original runs on. See docs/errata/tfighters.md.
func DblOf(f float64) Dbl {
	x := f * 100
	if x != x || x >= 1<<31 || x <= -(1<<31)-1 {
		return math.MinInt32
	}
	return Dbl(toFixed(f, 100, truncate))
}

// MarshalText returns d as an exact decimal with two fraction digits,
// such as "-12.05".
func (d Dbl) MarshalText() ([]byte, error) { return d.AppendText(nil) }

// AppendText appends the text form of d (see MarshalText).
func (d Dbl) AppendText(b []byte) ([]byte, error) {
	v := int64(d)
	if v < 0 {
		b = append(b, '-')
		v = -v
	}
	b = strconv.AppendInt(b, v/100, 10)
	return append(b, '.', byte('0'+v%100/10), byte('0'+v%10)), nil
}

// String returns the text form of d.
func (d Dbl) String() string {
	b, _ := d.AppendText(nil)
	return string(b)
}

// UnmarshalText parses a decimal with at most two fraction digits, such
// as "90", "90.5" or "-0.05", exactly (no binary floating point).
func (d *Dbl) UnmarshalText(t []byte) error {
	s := string(t)
	neg := false
	if len(s) > 0 && (s[0] == '-' || s[0] == '+') {
		neg = s[0] == '-'
		s = s[1:]
	}
	ip, fp := s, ""
	for i := 0; i < len(s); i++ {
		if s[i] == '.' {
			ip, fp = s[:i], s[i+1:]
			break
		}
	}
	if ip == "" || len(fp) > 2 || (len(s) > len(ip) && fp == "") {
		return &codec.TextError{Protocol: proto, What: "dbl", Text: string(t)}
	}
	for len(fp) < 2 {
		fp += "0"
	}
	i, err1 := strconv.ParseUint(ip, 10, 32)
	f, err2 := strconv.ParseUint(fp, 10, 8)
	if err1 != nil || err2 != nil {
		return &codec.TextError{Protocol: proto, What: "dbl", Text: string(t)}
	}
	v := int64(i)*100 + int64(f)
	if neg {
		v = -v
	}
	if v < math.MinInt32 || v > math.MaxInt32 {
		return &codec.TextError{Protocol: proto, What: "dbl", Text: string(t)}
	}
	*d = Dbl(v)
	return nil
}

// AppendRealDbl appends v as the spec's "realdbl": "a real double (8
// bytes)", the IEEE 754 binary64 in the host (little-endian) order. No
// message of the spec uses it; see docs/errata/tfighters.md.
func AppendRealDbl(b []byte, v float64) []byte { return le.AppendF64(b, v) }

// RealDbl reads a "realdbl" from b[0:8] (see AppendRealDbl); b shorter
// than 8 bytes fails with wire.ErrShort.
func RealDbl(b []byte) (float64, error) {
	if len(b) < 8 {
		return 0, wire.ErrShort
	}
	return le.F64(b), nil
}

// le is the byte order of every integer on the wire: the original writes
// its integers with memcpy from host memory, and it runs on x86.
const le = codec.LittleEndian
