// Package compare measures wire against the two other ways of writing a
// fixed-layout codec in Go: encoding/binary's reflection-based Read and
// Write, and hand-written straight-line code over encoding/binary's byte
// order functions. All three decode and encode the same 48-byte record
// (Record, a player update) and are tested to agree byte for byte and
// value for value.
//
// Run the comparison and print each variant's ratio to wire with:
//
//	go test -run '^$' -bench . -benchmem -count 5 ./internal/compare | go run ./internal/compare/ratios
//
// Each figure is then the median of the five runs, which a busy machine's
// outliers do not move.
package compare
