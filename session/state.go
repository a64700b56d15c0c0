package session

import "strconv"

// Name returns names[s], the name of state s, or s in decimal when names
// has none, so that any value prints.
func Name[S ~uint8](names []string, s S) string {
	if int(s) < len(names) {
		return names[s]
	}
	return strconv.Itoa(int(s))
}

// NameOr returns names[s], the name of state s (or of the value s of any
// small enumeration), or unknown when names has none.
func NameOr[S ~uint8](names []string, s S, unknown string) string {
	if int(s) < len(names) {
		return names[s]
	}
	return unknown
}

// Default sets *v to def when it is zero or negative: the zero value of a
// configuration field means its default.
func Default[T ~int | ~int64](v *T, def T) {
	if *v <= 0 {
		*v = def
	}
}
