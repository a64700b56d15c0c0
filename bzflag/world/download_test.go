package world_test

import (
	"bytes"
	"errors"
	"math/rand"
	"testing"

	"github.com/gamewire/gamewire/bzflag/world"
	"github.com/gamewire/gamewire/internal/codectest"
	"github.com/gamewire/gamewire/wire"
)

// fetchAll downloads from c into a, from the start.
func fetchAll(a *world.Assembler, c world.Chunker) error {
	a.Reset()
	for !a.Done() {
		off := a.Offset()
		remaining, data := c.Chunk(off)
		if err := a.Feed(off, remaining, data); err != nil {
			return err
		}
	}
	return nil
}

// download runs a whole download of db served by c, as a client and a
// server would, and returns the assembled database and the number of
// requests.
func download(t *testing.T, a *world.Assembler, c world.Chunker) ([]byte, int) {
	t.Helper()
	requests := 0
	for !a.Done() {
		requests++
		if requests > world.MaxSize+2 {
			t.Fatal("download does not end")
		}
		off := a.Offset()
		remaining, data := c.Chunk(off)
		if err := a.Feed(off, remaining, data); err != nil {
			t.Fatalf("Feed(%d, %d, %d bytes): %v", off, remaining, len(data), err)
		}
	}
	return a.Database(), requests
}

func TestDownloadRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	var a world.Assembler
	for _, size := range []int{0, 1, 255, 256, 257, world.MaxChunk, world.MaxChunk + 1, 5000, world.MaxSize} {
		for _, chunk := range []int{0, 1, 256, 1000, world.MaxChunk} {
			if size > 5000 && chunk < 256 {
				continue
			}
			db := make([]byte, size)
			rng.Read(db)
			c, err := world.NewChunker(db, chunk)
			if err != nil {
				t.Fatal(err)
			}
			a.Reset()
			got, requests := download(t, &a, c)
			if !bytes.Equal(got, db) {
				t.Fatalf("size %d chunk %d: assembled database differs", size, chunk)
			}
			eff := chunk
			if eff == 0 {
				eff = world.MaxChunk
			}
			if want := max(1, (size+eff-1)/eff); requests != want {
				t.Errorf("size %d chunk %d: %d requests, want %d", size, chunk, requests, want)
			}
			if total, ok := a.Total(); !ok || total != size {
				t.Errorf("Total = %d, %v; want %d", total, ok, size)
			}
		}
	}
}

func TestChunkerReplies(t *testing.T) {
	// bzfs 1.7 sendWorld: remaining = size - offset, chunk included; an
	// offset at or past the end gets 0 and nothing.
	db := make([]byte, 600)
	c, err := world.NewChunker(db, 256)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range []struct {
		off       uint16
		remaining uint16
		n         int
	}{{0, 600, 256}, {256, 344, 256}, {512, 88, 88}, {600, 0, 0}, {601, 0, 0}, {0xffff, 0, 0}, {599, 1, 1}} {
		rem, data := c.Chunk(r.off)
		if rem != r.remaining || len(data) != r.n {
			t.Errorf("Chunk(%d) = %d, %d bytes; want %d, %d", r.off, rem, len(data), r.remaining, r.n)
		}
	}
	// Every chunk fits a MsgGetWorld reply: 4 header + 2 remaining + data.
	c, _ = world.NewChunker(make([]byte, world.MaxSize), 0)
	for off := 0; off < world.MaxSize; off += world.MaxChunk {
		if _, data := c.Chunk(uint16(off)); 6+len(data) > world.MaxPacketLen {
			t.Fatalf("chunk at %d: %d bytes", off, len(data))
		}
	}
}

func TestNewChunkerErrors(t *testing.T) {
	for _, c := range []struct {
		size, chunk int
		kind        error
	}{
		{world.MaxSize + 1, 0, wire.ErrTooLong},
		{10, world.MaxChunk + 1, wire.ErrTooLong},
		{10, -1, wire.ErrInvalid},
	} {
		if _, err := world.NewChunker(make([]byte, c.size), c.chunk); !errors.Is(err, c.kind) {
			t.Errorf("NewChunker(%d bytes, %d) = %v; want %v", c.size, c.chunk, err, c.kind)
		}
	}
}

// reply is one MsgGetWorld reply fed to an Assembler.
type reply struct {
	off, remaining uint16
	n              int
}

func TestAssemblerErrors(t *testing.T) {
	for _, c := range []struct {
		name    string
		max     int
		replies []reply // all but the last must succeed
		field   string
		kind    error
	}{
		{"out of order", 0, []reply{{0, 600, 256}, {300, 300, 256}}, "offset", wire.ErrInvalid},
		{"replayed reply", 0, []reply{{0, 600, 256}, {0, 600, 256}}, "offset", wire.ErrInvalid},
		{"first reply not at 0", 0, []reply{{10, 600, 256}}, "offset", wire.ErrInvalid},
		{"too big", 1000, []reply{{0, 1001, 256}}, "remaining", wire.ErrTooLong},
		{"remaining changes", 0, []reply{{0, 600, 256}, {256, 400, 256}}, "remaining", wire.ErrInvalid},
		{"remaining zero before the end", 0, []reply{{0, 600, 256}, {256, 0, 0}}, "remaining", wire.ErrInvalid},
		{"chunk over MaxChunk", 0, []reply{{0, 5000, world.MaxChunk + 1}}, "data", wire.ErrTooLong},
		{"more than announced", 0, []reply{{0, 100, 101}}, "data", wire.ErrTooLong},
		{"overlong last chunk", 0, []reply{{0, 300, 256}, {256, 44, 45}}, "data", wire.ErrTooLong},
		{"empty chunk before the end", 0, []reply{{0, 300, 0}}, "data", wire.ErrShort},
		{"data after the end", 0, []reply{{0, 10, 10}, {10, 0, 1}}, "data", wire.ErrTrailing},
	} {
		t.Run(c.name, func(t *testing.T) {
			a := world.Assembler{Max: c.max}
			data := make([]byte, world.MaxChunk+1)
			for i, r := range c.replies {
				err := a.Feed(r.off, r.remaining, data[:r.n])
				if i < len(c.replies)-1 {
					if err != nil {
						t.Fatalf("reply %d: %v", i, err)
					}
					continue
				}
				var we *wire.Error
				if !errors.As(err, &we) || !errors.Is(err, c.kind) || we.Field != c.field || we.Message != "MsgGetWorld" {
					t.Fatalf("Feed = %v; want MsgGetWorld field %s %v", err, c.field, c.kind)
				}
			}
		})
	}
}

func TestAssemblerTrailingEmptyReplies(t *testing.T) {
	// The 1.7 client asks once more after the last chunk; bzfs answers
	// remaining 0 and no data. That is not an error.
	var a world.Assembler
	if err := a.Feed(0, 3, []byte{1, 2, 3}); err != nil {
		t.Fatal(err)
	}
	if !a.Done() {
		t.Fatal("not done after all bytes")
	}
	for range 2 {
		if err := a.Feed(3, 0, nil); err != nil {
			t.Fatalf("empty reply after the end: %v", err)
		}
	}
	if !bytes.Equal(a.Database(), []byte{1, 2, 3}) {
		t.Errorf("database %x", a.Database())
	}
}

func TestAssemblerEmptyDatabase(t *testing.T) {
	var a world.Assembler
	if a.Done() {
		t.Fatal("done before any reply")
	}
	if err := a.Feed(0, 0, nil); err != nil || !a.Done() {
		t.Fatalf("empty database: %v, done %v", err, a.Done())
	}
}

func TestAssemblerAllocs(t *testing.T) {
	db := codectest.Hex(t, goldenWorldHex)
	c, _ := world.NewChunker(db, 64)
	var a world.Assembler
	download(t, &a, c)
	var w world.World
	allocs := testing.AllocsPerRun(50, func() {
		if err := fetchAll(&a, c); err != nil {
			t.Fatal(err)
		}
		if err := w.UnmarshalBinary(a.Database()); err != nil {
			t.Fatal(err)
		}
	})
	if allocs != 0 {
		t.Errorf("download and decode into reused values: %v allocs", allocs)
	}
}

// TestAssemblerRefusalAllocs: refusing a reply (a server flooding the
// client with bad MsgGetWorld replies) allocates nothing and takes no
// shared lock: the Assembler keeps its own error value.
func TestAssemblerRefusalAllocs(t *testing.T) {
	var a world.Assembler
	feed := func() {
		if err := a.Feed(7, 100, []byte{1, 2, 3}); !errors.Is(err, wire.ErrInvalid) {
			t.Fatalf("Feed at a wrong offset = %v, want ErrInvalid", err)
		}
	}
	feed()
	if n := codectest.ExactAllocs(feed); n != 0 {
		t.Errorf("a refused reply allocates %v times", n)
	}
}
