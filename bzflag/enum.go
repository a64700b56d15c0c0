package bzflag

import (
	"bytes"
	"strconv"

	"github.com/gamewire/gamewire/wire"
)

// errInvalidText is returned by the UnmarshalText methods for text that
// names no value.
var errInvalidText = &wire.Error{Protocol: proto, Message: "text", Err: wire.ErrInvalid}

// enumString returns names[v], or v in decimal where names has no entry,
// so unknown values still print (and parse back).
func enumString(names []string, v int64) string {
	if v >= 0 && v < int64(len(names)) && names[v] != "" {
		return names[v]
	}
	return strconv.FormatInt(v, 10)
}

// parseEnum is the inverse of enumString: a name from names, or a decimal
// number within [lo, hi].
func parseEnum(names []string, t []byte, lo, hi int64) (int64, error) {
	for i, n := range names {
		if n != "" && string(t) == n {
			return int64(i), nil
		}
	}
	v, err := strconv.ParseInt(string(t), 10, 64)
	if err != nil || v < lo || v > hi {
		return 0, errInvalidText
	}
	return v, nil
}

// unmarshalEnum sets *v to the value text t names in names, or to the
// number it spells (see parseEnum); on error *v is 0.
func unmarshalEnum[T ~uint16](v *T, names []string, t []byte) error {
	n, err := parseEnum(names, t, 0, 0xffff)
	*v = T(n)
	return err
}

// bitsString names the set bits of v, lowest first, joined by "|"; bits
// without a name are gathered in one hexadecimal term. zero names 0.
func bitsString(names []string, zero string, v uint64) string {
	if v == 0 {
		return zero
	}
	var b []byte
	rest := v
	for i, n := range names {
		if n == "" || v&(1<<uint(i)) == 0 {
			continue
		}
		if len(b) > 0 {
			b = append(b, '|')
		}
		b = append(b, n...)
		rest &^= 1 << uint(i)
	}
	if rest != 0 {
		if len(b) > 0 {
			b = append(b, '|')
		}
		b = append(b, "0x"...)
		b = strconv.AppendUint(b, rest, 16)
	}
	return string(b)
}

// unmarshalBits sets *v to the bits text t names (see parseBits); on
// error *v is 0.
func unmarshalBits[T ~uint16](v *T, names []string, zero string, t []byte) error {
	n, err := parseBits(names, zero, t, 0xffff)
	*v = T(n)
	return err
}

// parseBits is the inverse of bitsString, accepting names and numbers
// (decimal or 0x-prefixed hexadecimal) in any order, up to max.
func parseBits(names []string, zero string, t []byte, max uint64) (uint64, error) {
	if string(t) == zero {
		return 0, nil
	}
	var v uint64
	for _, term := range bytes.Split(t, []byte{'|'}) {
		found := false
		for i, n := range names {
			if n != "" && string(term) == n {
				v |= 1 << uint(i)
				found = true
				break
			}
		}
		if found {
			continue
		}
		x, err := strconv.ParseUint(string(term), 0, 64)
		if err != nil || x > max {
			return 0, errInvalidText
		}
		v |= x
	}
	if v > max {
		return 0, errInvalidText
	}
	return v, nil
}
