package wire

// Hooks into the package's internals for the external tests (package
// wire_test), in the usual export_test.go manner.

// MaxInterned is the bound of the intern table of NewError.
const MaxInterned = maxInterned

// InternedLen returns the number of interned errors.
func InternedLen() int {
	interned.Lock()
	defer interned.Unlock()
	return len(interned.m)
}

// IsolateInterned replaces the intern table with an empty one and returns a
// function that puts the original back, so that a test can fill the table
// without changing what the other tests see. Tests that use it must not run
// in parallel with others.
func IsolateInterned() (restore func()) {
	interned.Lock()
	saved := interned.m
	interned.m = nil
	interned.Unlock()
	return func() {
		interned.Lock()
		interned.m = saved
		interned.Unlock()
	}
}

// FrameBufCap returns the capacity of f's buffer (0 before the first Next).
func FrameBufCap(f *FrameReader) int { return cap(f.buf) }
