package wire

// Hooks into the package's internals for the external tests (package
// wire_test), in the usual export_test.go manner.

// FrameBufCap returns the capacity of f's buffer (0 before the first Next).
func FrameBufCap(f *FrameReader) int { return cap(f.buf) }
