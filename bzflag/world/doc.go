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
// Every block type has the codec methods of every gamewire message (Size,
// AppendBinary, Decode, UnmarshalBinary, MarshalBinary); World decodes and
// encodes the whole database, losslessly: the order of the blocks is kept
// in World.Order, and bytes of the style header beyond the 24 the protocol
// defines are kept in Style.Extra.
//
// The database comes from the network: nothing here trusts it. Decoding
// never panics, never allocates from a count or a length read from it
// (there is none to read: slices grow one decoded block at a time and keep
// their capacity when a World is reused), and stops at the first problem
// with a *wire.Error naming the block, the field and the byte offset in the
// database.
//
// The download: a client drives an Assembler (which offset to request,
// what to do with each reply); a server answers requests with a Chunker.
// Both follow what bzfs 1.7 really does, which differs from the protocol
// description on the meaning of `remaining': see docs/errata/bzflag.md, part 2.
package world
