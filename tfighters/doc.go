// Package tfighters implements the TFighters (Fighterz) network protocol,
// version 2 of 2003-08-30 ("tfighters_proto2.txt"): a TCP byte stream of
// frames
//
//	[len (u16)][type (u16)][data...]
//
// where len counts the type and the data (a frame is 2+len bytes). Every
// integer is little-endian: the original game copies its integers from x86
// memory. Types 0x0000-0x7FFF travel server->client (SMSG_*), 0x8000-0xFFFF
// client->server (CMSG_*). Where the spec and the original game disagree,
// this package follows the game (github.com/rayburgemeestre/fighterz,
// commit 8812983) and docs/errata/tfighters.md says why: SMSG_NEWUSER has
// an extra field, SMSG_NICK's nick is a string, SMSG_NICKREPLY's code is
// inverted, SMSG_PING's time is 8 bytes from 64-bit servers, and more.
//
// # Messages
//
// One type per message form, named after the spec without its prefix, with
// Client/Server where a name exists in both directions: Version
// (CMSG_VERSION), ClientAccel (CMSG_ACCEL) and ServerAccel (SMSG_ACCEL), and
// so on; Code constants name every type code, and Code.String gives the
// spec's name. Each type has Size, AppendBinary (the whole frame), Decode
// into a reused value, UnmarshalBinary, MarshalBinary and Validate (the
// rules of the spec and of the original peers, kept apart from the codec so
// that a fuzzer can break them). A "dbl" field is a Dbl: the integer that
// travels (value*100, truncated), with Float and DblOf to convert; a "str"
// field is a wire.Text without its NUL.
//
// # Decoding: two levels
//
// The two levels share one implementation, each message's Decode.
// Parse (or a message's UnmarshalBinary) decodes one frame into a new
// value the caller owns: convenient, and it allocates. A Decoder decodes
// without allocating, into one value per type that it reuses: for hot
// loops. A Decoder keeps frames of codes the spec does not define as Raw
// (or rejects them, if Strict) and can reject codes of the wrong
// direction. No decoded value aliases its input. A Conn reads and writes
// frames on a net.Conn with one bounded, reused buffer (MaxFrame) and a
// Decoder, and validates by default.
//
// # Sessions
//
// Client and Server are the two sides of the session as state machines the
// caller drives: no goroutines, no clock of their own. They follow the
// original server: SMSG_HI; CMSG_VERSION (no reply); CMSG_NICK and
// SMSG_NICKREPLY; for a new player, SMSG_NEWUSER to the others, a first
// SMSG_PING, the user list (SMSG_NEWUSER and SMSG_INVINCIBLE), four more
// SMSG_PING 100 ms apart (each CMSG_PONG earns an SMSG_LAG), then
// SMSG_SPAWNREADY; CMSG_SPAWN brings SMSG_INVINCIBLE and SMSG_SPAWN.
//
// # Adding a message type
//
//  1. Add its Code constant, its name in Code.name and its place in Codes
//     (the fuzz seeds, TestCodes and the gamewire command take it from
//     there).
//  2. Write its file, named after the spec's name: the struct with json
//     tags in the spec's field names, its layout table, Size,
//     AppendBinary, Decode (fixed offsets after one length check, or
//     isFrame/strFrame; fixedError on failure), UnmarshalBinary,
//     MarshalBinary and Validate.
//  3. Add it to New, Layout, and Decoder (a field and a case in value).
//  4. In fuzz/tfightersgen, add its T and ValidT generators, list it in
//     serverGens or clientGens, and give InvalidMessage a way to break each
//     of its rules.
//  5. Add its row to contractTests and a golden vector (golden_test.go),
//     from traffic of the original where possible.
//  6. Teach Client or Server what the original does with it, and record
//     whatever the spec leaves open in docs/errata/tfighters.md.
//
// Data handed to this package is untrusted: decoding never panics and never
// sizes an allocation from a length read off the wire.
package tfighters
