package wire

// Hooks into the package's internals for the external tests (package
// wire_test), in the usual export_test.go manner.

// StreamBufCap returns the capacity of s's buffer (0 before the first
// frame).
func StreamBufCap(s *Stream) int { return cap(s.frame.buf) }
