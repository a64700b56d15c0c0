// Package toydgram is a made-up datagram protocol for formgen's tests:
// little-endian, a marker byte before the type, no length, a header with
// a sequence number on some messages, Java's UTF strings and a list after
// variable fields. Its forms_gen.go is checked in.
package toydgram

import "github.com/gamewire/gamewire/wire/spec"

// Table returns the toydgram protocol's table.
func Table() *spec.Table { return table }

// Turn is which way MOVE turns.
type Turn int8
