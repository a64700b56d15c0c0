// Package wire holds the byte-level primitives every gamewire protocol
// package is built on. It knows no protocol.
//
// It offers:
//
//   - Order, with BigEndian and LittleEndian: the same API for both byte
//     orders, to read fixed-width integers and IEEE floats at an offset
//     and to append them;
//   - Reader, a cursor over one message that records the first failure
//     with its field name and byte offset, for layouts with variable parts
//     (NUL-terminated strings, length-prefixed strings, counted lists);
//   - Error and the sentinels ErrShort, ErrTrailing, ErrTooLong,
//     ErrUnknownCode and ErrInvalid: every decoding error wraps one sentinel
//     (errors.Is) and carries protocol, message, field and offset
//     (errors.As);
//   - FrameReader and FrameWriter for length-prefixed byte streams, with
//     one bounded, reused buffer, and IsTimeout to tell a read deadline
//     from the end of a stream;
//   - helpers for scaled fixed point, bit fields, Java's DataOutput
//     conventions (writeChar: AppendJavaChar and Reader.JavaChar; writeUTF:
//     AppendUTF and Reader.UTF, with modified UTF-8), and a lossless text
//     form of raw bytes for JSON (Text, MarshalFixed).
//
// Data handed to this package is untrusted: it may come from any peer on
// the network. Nothing here panics on any input, and nothing sizes an
// allocation from a length or count read off the wire. No function
// allocates, except where its doc says so (text conversion for JSON, and
// the first occurrence of a distinct decoding error, see NewError).
package wire
