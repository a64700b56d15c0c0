// Package compare measures gamewire on real messages against the other
// ways of writing the same codec in Go (issue 10, point 10).
//
// For every protocol, the real captures under testdata are decoded as a
// stream (frames split, every message decoded; a datagram's packet header
// and then its messages) and encoded back by four variants:
//
//   - gamewire: the protocol package's zero-allocation decoder and its
//     messages' AppendBinary: the codec alone, which checks the structure
//     as the hand-written code does; gamewire-checked is the same
//     decoder as a user gets it by default, each message also checked
//     against the spec's rules (Validate), shown beside it;
//   - handwritten: straight-line code at fixed offsets into plain structs
//     that mirror the frames (bzflag_hand.go, ...), the speed to match;
//   - binary: encoding/binary's Decode and Append on the same structs
//     where the layout is fixed, its byte order functions for the rest;
//   - copy: each frame split by its length and copied (each unit appended,
//     for encoding), the floor.
//
// Gamewire's own stream decoder is measured as well, reading the
// captures from an io.Reader: warm (one decoder reused, the steady state
// of a long connection) and new (a new decoder for every read of the
// captures).
//
// The tests check that the three codecs decode every unit of every capture
// to the same field values (fields are compared by position, whatever
// their names and types: the plain structs follow the spec's field order)
// and re-encode it byte for byte, that gamewire's streams read the same
// messages, and that gamewire's decoder, encoder and warm stream allocate
// nothing.
//
// A protocol is registered in one small file (paintball.go: its
// captures, its framing, its gamewire decoder and stream), with its
// hand-written codec and the encoding/binary hooks of its variable
// layouts in a second (paintball_hand.go); the tests and benchmarks
// cover every registered protocol. The hand-written codecs share their
// byte orders, errors and grow (hand.go), and each lends encoding/binary
// its dispatch: binary's variant decodes a unit with the hand-written
// code to find its struct, then again with encoding/binary into it.
//
// Record, a made-up 48-byte record, compares the primitives alone: wire's
// Grow and Put functions as the generated codecs use them, wire's Append
// functions field by field (the style they replace), encoding/binary's
// reflection and hand-written code over binary.BigEndian.
//
// On a shared machine the load changes from one benchmark to the next,
// minutes apart, and the ratio of two separate benchmarks measures that
// change as much as the code. BenchmarkRatio therefore times both sides
// of each of issue 10's ratios in one benchmark, interleaved, and keeps
// each side's fastest timing (the one no other process interrupted);
// the ratios program takes its figures from it.
//
// Run the comparison and print the ratios with:
//
//	go test -run '^$' -bench . -benchmem -count 5 ./internal/compare | go run ./internal/compare/ratios
//
// Each figure is then the median of the five runs, which a busy machine's
// outliers do not move; the last table gives, per protocol, the ratios
// issue 10 sets targets for. The whole run takes some minutes; the
// summary alone takes well under one:
//
//	go test -run '^$' -bench Ratio -count 5 ./internal/compare | go run ./internal/compare/ratios
package compare
