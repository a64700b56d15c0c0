// Package spec holds a protocol's message table: the one description of
// its wire that everything else reads.
//
// A protocol package describes its wire once, in a Protocol (byte order,
// header, composite field types, frame limits) and a list of Forms, one
// per message form, each with the spec's name, its code, its Direction and
// its Fields. NewTable lays the forms out (offsets and sizes), builds each
// field's errors once, and indexes the forms by code and direction for a
// direct lookup (Index). The readers of a Table: the package's generated
// codecs (internal/formgen writes them from the table's source), package
// wire's Decoder and Stream, the command-line tool, the fuzzer's
// generators, and the Wireshark dissector generator.
//
// Message is the contract every message type meets, through a pointer:
// the codec (Codec), its Form, and Validate.
//
// The errors a table builds are codec.Error values, one per field and
// kind, built once: a decode path that fails takes its error from its
// form (Form.Err, Form.ErrAt, Form.Short), so a flood of malformed input
// allocates nothing and no error takes a lock.
//
// A user of a protocol package rarely imports spec: package wire gives
// Message and Direction under its own names, and the protocol package its
// Table. Tools that read tables (a generator, a dissector, a printer) do.
package spec
