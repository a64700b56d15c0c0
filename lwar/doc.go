// Package lwar implements the network protocol of lwar, revision 14 of
// "lwar Network Protocol Specification" (2013-06-04), as the original
// server (C) and client (C#) of that date put it on the wire.
//
// lwar is a datagram protocol over UDP. Every packet starts with a
// 12-byte packet Header (appId 0xf27087c5, ack, timestamp) followed by
// any mix of reliable and unreliable messages, up to MaxPacketSize (512)
// bytes in all. Each message starts with its type id (Type); reliable
// messages (ids 1 to 99) follow it with a sequence number, unreliable ones
// (101 to 199) do not. Messages carry no length: a packet is read message
// by message, and the type id says how long each is.
//
// Byte order: big-endian, for every multi-byte field. The spec does not
// say so; the original server packs integers most significant byte first
// and the original client reads packets with a big-endian reader (see
// docs/errata/lwar.md). The generational identifier ID is two uint16:
// generation, then identity.
//
// # Two levels
//
// The hot path allocates nothing: an Iterator walks a received packet,
// decoding each message into a value it reuses per type (a Decoder), and
// a Builder fills one reused 512-byte buffer by the spec's packing rule
// (reliable messages first, unreliable ones while they fit). The
// convenient level is Packet, a header with a slice of messages, and
// DecodeMessage / New, which allocate.
//
// Every message type (Connect, Chat, UpdateCircle, ...) is named as in the
// spec, lives in its own file, and offers Size, AppendBinary,
// MarshalBinary, Decode, UnmarshalBinary and Validate. AppendBinary
// writes the message header too. Decode fully resets its receiver and
// copies strings and lists into the receiver's own storage (reusing its
// capacity), so decoded values never alias the input. The codec keeps
// strings byte-exact and enforces only what the wire format can express
// (a uint8 length or count); the spec's rules (name and chat length
// limits, UTF-8, seqno not 0) are checked by Validate, so a fuzzer can
// still build a message that breaks them.
//
// Input read from the network is untrusted: no input makes a decoder
// panic, and no allocation is sized from a count or length read off the
// wire before the bytes it announces are known to be present.
//
// Errors are *wire.Error values wrapping wire.ErrShort, wire.ErrTrailing,
// wire.ErrTooLong, wire.ErrUnknownCode or wire.ErrInvalid, naming the
// message, the field (the spec's name) and the byte offset.
//
// # Sessions
//
// Channel is the ordered-reliable channel of one peer: sequence numbers
// from 1 per reliable message, resends until a cumulative ack covers them,
// in-order processing of the direct successor only, and the timestamp
// filter for unreliable messages. Client and Server run the connection
// life cycle on top of it (Connect, Full or Join, synchronization ending
// in Synced, Disconnect and Leave, the 15-second timeout). All three are
// state machines the caller drives with received datagrams and the
// current time; none starts a goroutine or reads a clock. Input's 8-frame
// bit history has helpers of its own (PushInput, InputMask, InputActive).
//
// # Adding a message type
//
//  1. Add its Type constant and name in type.go.
//  2. Write its file: the struct with the spec's field names as JSON tags,
//     its layout ([]Field, used for errors and the spec table), Type,
//     Size, AppendBinary, MarshalBinary, Decode (reset first, check the
//     length once, then read at fixed offsets), UnmarshalBinary and
//     Validate; for a reliable type also SequenceNumber and
//     SetSequenceNumber.
//  3. Add it to New, Decoder, the interface checks in message.go and the
//     table in spec.go (the table also gives it to `gamewire spec`,
//     decode and encode).
//  4. Add its generator to fuzz/lwargen (and to Message and
//     smallMessage there), a codectest.Check in codec_test.go, and a
//     golden vector from the spec's table in golden_test.go (which also
//     seeds FuzzPacket).
//  5. Write down in docs/errata/lwar.md every question the spec leaves
//     open about it, with the original's answer.
package lwar
