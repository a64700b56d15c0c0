// Package wire is what a program that speaks a gamewire protocol reads and
// writes messages with, whichever the protocol: the Message contract, the
// Decoder, the Stream and Conn of a stream connection, the Raw value of an
// unknown code, the Policy they share, and the errors. It knows no
// protocol: each protocol package (bzflag, lwar, tfighters, retrotank,
// paintball) gives its table to the constructors here (bzflag.NewConn is
// wire.NewConn of bzflag's table).
//
//   - Decode reads one frame into a new value; a Decoder reads frames into
//     one reused value per form, allocating nothing (gopacket's
//     DecodingLayerParser idea). Both answer the same way under the
//     default policy: they differ only in allocation.
//   - Stream splits a byte stream into frames as the protocol's table
//     says, in one bounded buffer that Reset reuses, and decodes them; Conn
//     adds a writer that sends each frame in one Write call.
//   - Policy says what they do with unknown codes, rule violations and
//     over-size frames: Checked, the default for every protocol, keeps an
//     unknown code as a *Raw and returns a message that breaks a rule
//     together with the error naming the rule; Strict makes both errors;
//     Lax accepts both without a word (for fuzzers and proxies).
//   - Error and its sentinels (ErrShort, ErrTrailing, ErrTooLong,
//     ErrUnknownCode, ErrInvalid, ErrUnexpectedEnd): every decoding error
//     wraps one sentinel (errors.Is) and carries protocol, message, field
//     and byte offset (errors.As), and a frame too long its length and the
//     limit. IsTimeout tells a read deadline from the end of a stream.
//   - Text, MarshalFixed and UnmarshalFixed give raw bytes a lossless text
//     form for JSON.
//
// Below this package, and not needed to use it: package spec holds the
// message tables (the one description of each protocol's wire, read by
// the generated codecs, this package and the tools), and package codec the
// primitives the codecs are written with (byte orders, buffer growth, the
// error type). docs/ARCHITECTURE.md draws the whole house.
//
// Data handed to this package is untrusted: it may come from any peer on
// the network. Nothing here panics on any input, and nothing sizes an
// allocation from a length or count read off the wire. Errors on the
// decode path are the table's, built once per field, or values a Decoder
// or Stream owns: a flood of malformed input allocates nothing, and no
// error takes a lock. No function allocates except where its doc says so.
package wire
