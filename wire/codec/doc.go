// Package codec holds the primitives message codecs are written with:
// the byte orders (Order, with BigEndian and LittleEndian: the same API
// to read, store and append fixed-width integers and IEEE floats), Grow
// and Resize for buffers, the error type every decoder returns (Error)
// with its sentinels, and the text of enum values (ParseName,
// ParseNumber, TextError).
//
// It is the ground floor of gamewire: the generated codecs
// (internal/formgen writes each protocol's forms_gen.go) and the
// hand-written ones call it, and it imports nothing of gamewire. A user of
// a protocol package does not import it: package wire gives the same
// Error and sentinels under its own name.
//
// Data handed to this package is untrusted: nothing here panics on any
// input that fits the documented preconditions, and nothing allocates
// except where its doc says so.
package codec
