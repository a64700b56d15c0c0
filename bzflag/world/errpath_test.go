package world_test

import (
	"errors"
	"math/rand"
	"testing"

	"github.com/gamewire/gamewire/bzflag/world"
	"github.com/gamewire/gamewire/fuzz/bzflaggen"
	"github.com/gamewire/gamewire/internal/codectest"
	"github.com/gamewire/gamewire/wire"
	"github.com/gamewire/gamewire/wire/codec"
	"github.com/leanovate/gopter"
)

// malformedDatabases returns n inputs, most of which do not decode:
// generated databases cut short, with bytes flipped, with a block code
// replaced, with bytes appended, and random bytes (some after a valid
// style header). The first inputs are whole valid databases.
func malformedDatabases(t testing.TB, n int) [][]byte {
	t.Helper()
	rng := rand.New(rand.NewSource(7))
	params := gopter.DefaultGenParameters()
	params.Rng.Seed(7)
	var valid [][]byte
	for len(valid) < 64 {
		v, ok := bzflaggen.World()(params).Retrieve()
		if !ok {
			continue
		}
		b, err := v.(*world.World).MarshalBinary()
		if err != nil {
			t.Fatal(err)
		}
		valid = append(valid, b)
	}
	bench, _ := benchWorld().MarshalBinary()
	valid = append(valid, bench, codectest.Hex(t, goldenWorldHex))
	style := codectest.Hex(t, styleHex)
	codes := []uint16{0x6261, 0x776c, 0x6278, 0x7079, 0x7465, 0x6c6e, 0x6564, 0x7374, 0, 0xffff}
	in := append([][]byte(nil), valid...)
	for len(in) < n {
		v := valid[rng.Intn(len(valid))]
		b := append([]byte(nil), v...)
		switch rng.Intn(6) {
		case 0: // cut short
			b = b[:rng.Intn(len(b))]
		case 1: // flip bytes
			for range 1 + rng.Intn(4) {
				b[rng.Intn(len(b))] ^= byte(1 + rng.Intn(255))
			}
		case 2: // a code two bytes anywhere
			i := rng.Intn(len(b) - 1)
			codec.BigEndian.PutU16(b[i:], codes[rng.Intn(len(codes))])
		case 3: // trailing bytes
			b = append(b, byte(rng.Intn(256)))
		case 4: // random bytes
			b = make([]byte, rng.Intn(200))
			rng.Read(b)
		case 5: // random bytes after a valid style header
			r := make([]byte, rng.Intn(200))
			rng.Read(r)
			b = append(append([]byte(nil), style...), r...)
		}
		in = append(in, b)
	}
	return in
}

// TestMalformedErrors: over thousands of malformed databases, every
// failure is a *wire.Error of protocol bzflag with an offset inside the
// input, and Decode returns that offset; and failures, valid databases
// and rule violations are all among the inputs (so the allocation count
// below measures the error path).
func TestMalformedErrors(t *testing.T) {
	var w world.World
	failed, decoded, invalid := 0, 0, 0
	for _, b := range malformedDatabases(t, 4000) {
		n, err := w.Decode(b)
		if err == nil {
			decoded++
			if w.Validate() != nil {
				invalid++
			}
			continue
		}
		failed++
		var we *wire.Error
		if !errors.As(err, &we) || we.Protocol != "bzflag" || we.Offset < 0 || we.Offset > len(b) {
			t.Fatalf("%x: Decode = %d, %v; want a bzflag *wire.Error at an offset of the input", b, n, err)
		}
		if n != we.Offset {
			t.Fatalf("%x: Decode returns %d with an error at byte %d (%v)", b, n, we.Offset, err)
		}
	}
	if failed < 2000 || decoded < 66 || invalid == 0 {
		t.Fatalf("%d failed, %d decoded (%d breaking a rule): the inputs do not exercise every path", failed, decoded, invalid)
	}
}

// TestErrorPathAllocs: decoding thousands of malformed databases into one
// World, UnmarshalBinary, Validate, and refusing to encode a World whose
// Order is wrong, allocate nothing at all, counted exactly over the whole
// pass (no shared lock, no intern table: the World keeps its own error).
func TestErrorPathAllocs(t *testing.T) {
	in := malformedDatabases(t, 4000)
	var w world.World
	bad := world.World{Walls: make([]world.Wall, 1), Order: []world.Code{world.CodeWall, world.CodeBox}}
	buf := make([]byte, 0, 64)
	failures := 0
	pass := func() {
		failures = 0
		for _, b := range in {
			if _, err := w.Decode(b); err != nil {
				failures++
			} else if w.Validate() != nil {
				failures++
			}
			if w.UnmarshalBinary(b) != nil {
				failures++
			}
			if _, err := bad.AppendBinary(buf); err == nil {
				t.Fatal("a World with a wrong Order encodes")
			}
			if _, err := world.NewChunker(b, -1); err == nil {
				t.Fatal("NewChunker takes a negative chunk")
			}
		}
	}
	pass()
	if failures < len(in) {
		t.Fatalf("only %d failures over %d inputs", failures, len(in))
	}
	if n := codectest.ExactAllocs(pass); n != 0 {
		t.Errorf("%d failures over %d inputs allocate %v times", failures, len(in), n)
	}
}

// TestErrorIsTheWorlds: an error whose offset depends on the input lives
// in the World: the next failing call overwrites it (the documented
// contract), and a copy keeps it.
func TestErrorIsTheWorlds(t *testing.T) {
	var w world.World
	_, err := w.Decode(codectest.Hex(t, styleHex+wallHex+"abcd"))
	keep := *err.(*wire.Error)
	if keep.Offset != 54 || keep.Field != "code" || !errors.Is(err, wire.ErrUnknownCode) {
		t.Fatalf("unknown block: %v", err)
	}
	if _, err2 := w.Decode(codectest.Hex(t, styleHex+"abcd")); err2 != err || err2.(*wire.Error).Offset != 28 {
		t.Errorf("second failure: %v (%p), want the World's error value %p at byte 28", err2, err2, err)
	}
	if keep.Offset != 54 {
		t.Errorf("the copy changed: %v", &keep)
	}
}

func BenchmarkWorldDecodeMalformed(b *testing.B) {
	in := malformedDatabases(b, 4000)
	var w world.World
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		_, _ = w.Decode(in[i])
		if i++; i == len(in) {
			i = 0
		}
	}
}
