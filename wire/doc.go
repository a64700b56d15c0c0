// Package wire holds what every gamewire protocol package is built on. It
// knows no protocol.
//
// The message table. A protocol package describes its wire once, in a
// Protocol (byte order, header, composite field types, frame limits) and a
// list of Forms, one per message form, each with the spec's name, its
// code, its Direction and its Fields. NewTable lays the forms out (offsets
// and sizes), builds each field's errors once, and indexes the forms by
// code and direction for a direct lookup. Everything else reads the
// Table: the package's generated codecs (internal/formgen), dispatch, the
// command-line tool, the generators' coverage checks, the Wireshark
// dissectors.
//
// Shared by every protocol, built on the table:
//
//   - Message, the contract every message type meets (Codec, Form,
//     Validate), and Raw, a frame of an unknown code kept byte for byte;
//   - Decoder, which decodes a frame into one reused value per form;
//   - Stream and Conn, a byte stream split into frames by the table's
//     framing, in one bounded buffer that Reset reuses, and a writer of
//     one Write per frame;
//   - Policy, what they do with unknown codes, rule violations and
//     over-size frames: the same default (Checked) for every protocol.
//
// Below them:
//
//   - Order, with BigEndian and LittleEndian: the same API for both byte
//     orders, to read, store (Put) and append fixed-width integers and
//     IEEE floats, and Grow to extend a buffer once;
//   - Reader, a cursor over one message that records the first failure
//     with its field name and byte offset, for the parts of a layout the
//     generator does not write;
//   - Error and the sentinels ErrShort, ErrTrailing, ErrTooLong,
//     ErrUnknownCode and ErrInvalid: every decoding error wraps one sentinel
//     (errors.Is) and carries protocol, message, field and offset
//     (errors.As), and a frame too long for a stream reader its length
//     and the limit;
//   - FrameReader and FrameWriter, and IsTimeout to tell a read deadline
//     from the end of a stream;
//   - helpers for scaled fixed point, bit fields, Java's DataOutput
//     conventions (writeChar: AppendJavaChar and Reader.JavaChar; writeUTF:
//     AppendUTF and Reader.UTF, with modified UTF-8), and a lossless text
//     form of raw bytes for JSON (Text, MarshalFixed).
//
// Data handed to this package is untrusted: it may come from any peer on
// the network. Nothing here panics on any input, and nothing sizes an
// allocation from a length or count read off the wire. Errors on the
// decode path are the table's, built once per field, or values a Decoder
// or Stream owns: a flood of malformed input allocates nothing, and no
// error takes a lock. No function allocates except where its doc says so
// (text conversion for JSON, NewError and NewReader's errors, which are
// for paths off the hot loop).
package wire
