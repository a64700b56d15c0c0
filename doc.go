// Package gamewire is a family of typed, zero-allocation codecs for five
// documented game network protocols. This root package holds no code; each
// protocol lives in a package of its own, all built on package wire and
// package session:
//
//	Protocol                     Package                                       Transport
//	BZFlag 1.7                   github.com/gamewire/gamewire/bzflag           TCP stream (+ world database in bzflag/world)
//	lwar (revision 14)           github.com/gamewire/gamewire/lwar             UDP datagrams, ordered-reliable channel
//	TFighters protocol v2        github.com/gamewire/gamewire/tfighters        TCP stream
//	Retro Tank Super Attack      github.com/gamewire/gamewire/retrotank        UDP datagrams, acknowledgements, time sync
//	Paintball                    github.com/gamewire/gamewire/paintball        TCP stream
//
// Shared pieces, bottom up (docs/ARCHITECTURE.md draws the house):
//
//   - wire/codec: the primitives codecs are written with (byte orders,
//     Grow, the error type and its sentinels);
//   - wire/spec: the message table every protocol declares its wire in
//     (Protocol, Form, Field, Table) and the Message contract;
//   - wire: what a program reads and writes messages with, whichever the
//     protocol: Decode, Decoder, Stream, Conn, Raw, Policy, the errors;
//   - session: the one contract of every client and server, and the
//     drivers that run one over a socket;
//   - internal/formgen: the generator of each package's codecs from its
//     table;
//   - fuzz: gopter generators for every message (one sub-package per
//     protocol, such as fuzz/bzflaggen) and an engine that aims them at a
//     server;
//   - cmd/gamewire: the command-line tool (decode, encode, spec,
//     dissector, fuzz).
//
// Every message type has the same contract (wire.Message): Size,
// AppendBinary (the whole message as it travels, header included), Decode
// into a reused value, UnmarshalBinary, MarshalBinary, Form (its entry in
// the protocol's table) and Validate. Decoding never panics and allocates
// nothing in steady state. Where a specification is wrong or silent, the
// resolution is written down in docs/errata/<protocol>.md.
package gamewire
