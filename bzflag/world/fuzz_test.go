package world_test

import (
	"errors"
	"testing"

	"github.com/gamewire/gamewire/bzflag/world"
	"github.com/gamewire/gamewire/internal/codectest"
	"github.com/gamewire/gamewire/wire"
	"github.com/gamewire/gamewire/wire/codec"
)

// FuzzWorld: any bytes never panic; what decodes re-encodes to exactly the
// bytes consumed, with Size() equal to their count, and Validate never
// panics either and names the rule a failure breaks. What fails to decode
// fails with a *wire.Error wrapping a sentinel at the offset Decode
// returns, and leaves whole blocks only, which encode.
func FuzzWorld(f *testing.F) {
	f.Add(codectest.Hex(f, goldenWorldHex))
	f.Add(codectest.Hex(f, styleHex+endHex))
	f.Add(codectest.Hex(f, "7374 001a"+styleHex[9:]+"cafe"+endHex))
	for _, h := range []string{baseHex, wallHex, boxHex, pyrHex, teleHex, link0Hex} {
		f.Add(codectest.Hex(f, styleHex+h+endHex))
	}
	var w world.World
	f.Fuzz(func(t *testing.T, b []byte) {
		n, err := w.Decode(b)
		if err != nil {
			codectest.CheckError(t, err)
			var we *wire.Error
			if !errors.As(err, &we) || we.Offset != n || n < 0 || n > len(b) {
				t.Fatalf("%x: Decode = %d, %v; want a *wire.Error at the offset returned, inside the input", b, n, err)
			}
			if _, err := w.AppendBinary(nil); err != nil {
				t.Fatalf("%x: after the failed Decode the blocks do not encode: %v", b, err)
			}
			return
		}
		codectest.CheckReencode(t, &w, b[:n])
		codectest.CheckValidate(t, &w)
	})
}

// FuzzAssembler feeds replies made of fuzz bytes (offset, remaining,
// length, then data) to an Assembler: it never panics, never holds more
// than Max bytes, and a finished download has exactly the announced size.
func FuzzAssembler(f *testing.F) {
	f.Add([]byte{0, 0, 0, 3, 3, 1, 2, 3})
	f.Add([]byte{0, 0, 1, 0, 255, 0, 0, 0, 0})
	f.Fuzz(func(t *testing.T, b []byte) {
		a := world.Assembler{Max: 4096}
		for len(b) >= 5 {
			off, rem := codec.BigEndian.U16(b), codec.BigEndian.U16(b[2:])
			n := min(int(b[4]), len(b)-5)
			before := len(a.Database())
			err := a.Feed(off, rem, b[5:5+n])
			if err != nil && len(a.Database()) != before {
				t.Fatal("failed Feed changed the database")
			}
			b = b[5+n:]
		}
		if len(a.Database()) > 4096 {
			t.Fatalf("holds %d bytes", len(a.Database()))
		}
		if total, ok := a.Total(); a.Done() && (!ok || total != len(a.Database())) {
			t.Fatalf("done with %d bytes of %d", len(a.Database()), total)
		}
	})
}
