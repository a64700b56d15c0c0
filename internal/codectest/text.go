package codectest

// CheckText checks that every value of the enum E from 0 to last survives
// its text form: MarshalText, then UnmarshalText into a zero E, gives the
// value back, without error.
func CheckText[E ~uint8 | ~uint16 | ~uint32, P interface {
	*E
	MarshalText() ([]byte, error)
	UnmarshalText([]byte) error
}](t FTB, last E) {
	t.Helper()
	for v := uint64(0); v <= uint64(last); v++ {
		e := E(v)
		text, err := P(&e).MarshalText()
		var back E
		if err != nil || P(&back).UnmarshalText(text) != nil || back != e {
			t.Fatalf("%T %d -> %q, %v -> %d", e, v, text, err, back)
			return
		}
	}
}
