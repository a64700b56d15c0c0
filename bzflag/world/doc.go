// Package world is the BZFlag 1.7 world database: the byte string a client
// downloads with MsgGetWorld before it joins a game ("getting the world
// database" in the protocol description), and the download itself.
//
// The database is big-endian like the rest of the protocol. It starts with
// a style header (WorldCodeStyle), then holds one block per permanent
// object (team base, wall, box, pyramid, teleporter, teleporter link) and
// ends with an end-of-data block (WorldCodeEnd):
//
//	style   73 74 | length(24) | style players shots flags | linear angular | shake t, w | server time
//	base    62 61 | team | center x y z | angle | size x y | safety x y z     40 bytes
//	wall    77 6c | center x y z | angle | width | height                     26 bytes
//	box     62 78 | center x y z | angle | width | depth | height             30 bytes
//	pyramid 70 79 | center x y z | angle | width | depth | height             30 bytes
//	tele    74 65 | center x y z | angle | width | depth | height | border    34 bytes
//	link    6c 6e | from | to                                                  6 bytes
//	end     65 64                                                              2 bytes
//
// # The table is the source
//
// forms.go declares the blocks once, as the table of a spec.Protocol whose
// header is the block code: each block type is a spec.Form with the spec's
// name ("WorldCodeWall"), its code, its Go type and its fields with the
// spec's names and wire types; Table returns it. Everything else reads it:
// formgen generates from it the block types' structs and codecs
// (forms_gen.go: Size, AppendBinary, Decode, MarshalBinary,
// UnmarshalBinary, Form, and Validate where the spec sets no rule); errors
// take their block name, field name and offset from it, built once; Code's
// names come from it; World finds a block's type by the table's direct
// lookup of its code. Each block type is a wire.Message.
//
// Written by hand is only what the table cannot say: the style header's
// struct (it keeps "extra" out of the JSON when empty; its codec, length
// and extra bytes included, is generated from the table), the World (how blocks follow one
// another, the end of data, Order), World.Validate (links name existing
// faces), and the download.
//
// World decodes and encodes the whole database, losslessly: the order of
// the blocks is kept in World.Order, and bytes of the style header beyond
// the 24 the protocol defines are kept in Style.Extra.
//
// The database comes from the network: nothing here trusts it. Decoding
// never panics, never allocates from a count or a length read from it
// (there is none to read: slices grow one decoded block at a time and keep
// their capacity when a World is reused), and stops at the first problem
// with a *wire.Error naming the block, the field and the byte offset in the
// database. No failure allocates: a block's errors are the table's,
// prebuilt, and moved to the block's offset in the database (codec.Shift)
// into an error value the World owns; see World.
//
// The download: a client drives an Assembler (which offset to request,
// what to do with each reply); a server answers requests with a Chunker.
// Both follow what bzfs 1.7 really does, which differs from the protocol
// description on the meaning of `remaining': see docs/errata/bzflag.md, part 2.
//
// # Adding a block type
//
//  1. The table entry: add the form to forms (forms.go), with the spec's
//     name, code, Go type, Doc and fields (Name in lowerCamelCase as in the
//     spec: the JSON key and the name in errors), and its Code constant in
//     the block above the table; then run go generate. The codec, the
//     errors and Code's name come from there.
//  2. The World: a slice of the type in World, and its entry in blocks
//     (world.go) at the form's index; SetOrder says where bzfs writes it.
//     TestTableAndWorld fails until the two agree. A Validate of its own,
//     if the spec sets it rules, goes in a file named after the type.
//  3. Its generator in fuzz/bzflaggen (world.go), and its line in the
//     World generator and in TestBlocks.
//  4. A golden vector in golden_test.go, written from the spec's diagram or
//     the original source, not from the encoder's output, and in the golden
//     database.
//
// Where the spec is silent or wrong about it, add a W entry to
// docs/errata/bzflag.md.
package world
