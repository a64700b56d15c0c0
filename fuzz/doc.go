// Package fuzz aims gamewire's generators at a server.
//
// Each protocol has a sub-package of gopter generators, one per message
// type, plus generators of any message, of valid ones and of deliberately
// invalid ones:
//
//	fuzz/bzflaggen     BZFlag 1.7 messages and world database blocks
//	fuzz/lwargen       lwar messages and whole packets
//	fuzz/tfightersgen  TFighters v2 messages
//
// Sender draws values from such a generator, encodes them (each value is
// an encoding.BinaryAppender) and writes them to a connection, optionally
// mutating the bytes (Mutate) so the target also sees malformed input. All
// randomness comes from one seed, so a run that upsets a target can be
// replayed exactly.
//
// Struct builds a generator of a message type from one generator per
// field, refusing to build when a field has none; the protocol generator
// packages use it for every message, and so can generators of your own.
//
// Aim it only at servers you run yourself.
package fuzz
