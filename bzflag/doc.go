// Package bzflag implements the network protocol of BZFlag 1.7, as its
// protocol.txt describes it and as the original 1.7 server and client
// (BZFlag-Dev/bzflag, tags v1.7e6 to v1.7g2) really speak it. Where they
// differ, the package follows the original programs; docs/errata/bzflag.md
// lists every difference.
//
// # Framing
//
// Every message travels as a frame: the body length (uint16, the body
// only, not the four header bytes), the message code (uint16, two ASCII
// letters such as "en" for MsgEnter), then the body. All numbers are big
// endian ("network byte order"); floats are IEEE 754 single precision.
// A frame is at most MaxPacketLen (1024) bytes.
//
// # Messages
//
// There is one type per message form, named after the spec's name without
// "Msg": Enter is MsgEnter. Where a code has one layout from the client
// and another from the server, there are two types: GetWorldRequest and
// GetWorldReply, or AliveFromClient and AliveFromServer. Every type's
// pointer implements Message: AppendBinary writes the whole frame, header
// included, Decode reads one back.
//
// Decoding is lossless (what decodes re-encodes to the same bytes), never
// panics, and allocates nothing when the value is reused. Structure is
// checked by Decode; the spec's rules (enumeration ranges, NUL-terminated
// strings) by Validate, so that a fuzzer can still build a message that
// breaks them.
//
// There are two levels of API over the one codec. The convenient one:
// MarshalBinary and UnmarshalBinary on each type, and Decode, which picks
// the type for a frame's code and direction and returns a new value. The
// zero-allocation one, for hot loops: AppendBinary into a buffer the
// caller reuses, Decode methods into values the caller reuses, and a
// Decoder, which picks the type like Decode but reuses one value per type.
// A code the package does not know decodes as Raw when the Decoder allows
// it (KeepUnknown), and is wire.ErrUnknownCode otherwise.
//
// # Connections and sessions
//
// ReadHandshake and WriteHandshake speak the 8-byte version string and
// reconnect port that open every connection; Version parses the string and
// states the compatibility rule. Dial connects, checks the handshake and
// reconnects to the port the server names. Conn reads and writes frames
// over a net.Conn with one bounded, reused buffer (one Write per frame);
// Stream decodes them by direction, validating by default and keeping
// unknown codes as Raw so a session survives them.
//
// Join is the client side of joining a game as a state machine the caller
// drives: the world download (package bzflag/world holds the database
// codec, the download Assembler and the server's Chunker), MsgEnter, then
// MsgAccept, MsgReject or MsgSuperKill, then the updates that arrive
// before the player's own MsgAddPlayer. Admit and WorldServer are the
// server's side. None of them starts a goroutine or reads a clock.
//
// # Adding a message type
//
//  1. Add its code to code.go (constant and name in codeNames).
//  2. Write its file, named after it: the struct with a JSON tag per
//     field (the spec's name in lowerCamelCase), its Layout from
//     newLayout, and the methods Code, Size, AppendBinary, MarshalBinary,
//     Decode (which resets the value first, on success and on error),
//     UnmarshalBinary and Validate, each with a doc comment.
//  3. Add it to the forms table in dispatch.go; New, Decode, Decoder,
//     Layouts and `gamewire spec|decode|encode -proto bzflag` pick it up
//     from there (update the form count in TestLayouts).
//  4. Add its generator to fuzz/bzflaggen (an exported function and an
//     entry in its entries table), its codectest.Check line to
//     TestMessages and a vector to goldenVectors, in hex written from the
//     spec's diagram or the original source, not from the encoder's
//     output. Those tests fail until all three are there.
//  5. Add an entry to docs/errata/bzflag.md if the spec is silent, wrong
//     or self-contradictory about it.
package bzflag
