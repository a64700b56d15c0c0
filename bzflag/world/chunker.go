package world

import "github.com/gamewire/gamewire/wire"

// Chunker is the server side of the world download: it answers each
// MsgGetWorld request with the next chunk of one database, as bzfs 1.7
// does: `remaining' is the number of bytes from the requested offset to
// the end (the chunk included), and a request at or past the end gets
// remaining 0 and no data.
type Chunker struct {
	db    []byte
	chunk int
}

// NewChunker returns a Chunker serving db in chunks of at most chunk
// bytes; chunk 0 means MaxChunk (bzfs 1.7 used 256). It fails with
// ErrTooLong if db is larger than MaxSize or chunk larger than MaxChunk,
// and with ErrInvalid for a negative chunk. The Chunker aliases db.
func NewChunker(db []byte, chunk int) (Chunker, error) {
	if len(db) > MaxSize {
		return Chunker{}, errChunkerSize
	}
	switch {
	case chunk == 0:
		chunk = MaxChunk
	case chunk < 0:
		return Chunker{}, errChunkNegative
	case chunk > MaxChunk:
		return Chunker{}, errChunkTooLong
	}
	return Chunker{db, chunk}, nil
}

// NewChunker's errors: their places are fixed, so they are built once.
var (
	// errChunkerSize: the database is larger than the 16-bit `remaining'
	// can announce (offset MaxSize, the first byte it cannot).
	errChunkerSize = &wire.Error{Protocol: protocol.Name, Message: getWorld, Field: "remaining", Offset: MaxSize, Err: wire.ErrTooLong}
	// errChunkNegative: a chunk size below zero.
	errChunkNegative = &wire.Error{Protocol: protocol.Name, Message: getWorld, Field: "data", Offset: 0, Err: wire.ErrInvalid}
	// errChunkTooLong: a chunk larger than a MsgGetWorld reply holds.
	errChunkTooLong = &wire.Error{Protocol: protocol.Name, Message: getWorld, Field: "data", Offset: MaxChunk, Err: wire.ErrTooLong}
)

// Chunk returns the reply to a request for offset: the `remaining' field
// and the data, which aliases the database.
func (c Chunker) Chunk(offset uint16) (remaining uint16, data []byte) {
	off := int(offset)
	if off >= len(c.db) {
		return 0, nil
	}
	end := min(off+c.chunk, len(c.db))
	return uint16(len(c.db) - off), c.db[off:end:end]
}

// Len returns the size of the database served.
func (c Chunker) Len() int { return len(c.db) }
