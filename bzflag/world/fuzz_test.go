package world_test

import (
	"bytes"
	"errors"
	"testing"

	"github.com/gamewire/gamewire/bzflag/world"
	"github.com/gamewire/gamewire/wire"
)

// FuzzWorld: any bytes never panic; what decodes re-encodes to exactly the
// bytes consumed, with Size() equal to their count, and Validate never
// panics either and names the rule a failure breaks. What fails to decode
// fails with a *wire.Error wrapping a sentinel at the offset Decode
// returns, and leaves whole blocks only, which encode.
func FuzzWorld(f *testing.F) {
	f.Add(unhex(f, goldenWorldHex))
	f.Add(unhex(f, styleHex+endHex))
	f.Add(unhex(f, "7374 001a"+styleHex[9:]+"cafe"+endHex))
	for _, h := range []string{baseHex, wallHex, boxHex, pyrHex, teleHex, link0Hex} {
		f.Add(unhex(f, styleHex+h+endHex))
	}
	var w world.World
	f.Fuzz(func(t *testing.T, b []byte) {
		n, err := w.Decode(b)
		if err != nil {
			checkErr(t, err)
			var we *wire.Error
			if !errors.As(err, &we) || we.Offset != n || n < 0 || n > len(b) {
				t.Fatalf("%x: Decode = %d, %v; want a *wire.Error at the offset returned, inside the input", b, n, err)
			}
			if _, err := w.AppendBinary(nil); err != nil {
				t.Fatalf("%x: after the failed Decode the blocks do not encode: %v", b, err)
			}
			return
		}
		re, err := w.AppendBinary(nil)
		if err != nil || !bytes.Equal(re, b[:n]) || w.Size() != n {
			t.Fatalf("%x decodes (%d bytes) but re-encodes to %x, %v (Size %d)", b, n, re, err, w.Size())
		}
		checkValidate(t, &w)
	})
}

// checkErr fails t unless err, from a decode, is a *wire.Error (reached
// with errors.As, as a user does) wrapping one of the wire sentinels.
func checkErr(t *testing.T, err error) {
	t.Helper()
	var we *wire.Error
	if !errors.As(err, &we) {
		t.Fatalf("error %v (%T) is not a *wire.Error", err, err)
	}
	for _, kind := range []error{wire.ErrShort, wire.ErrTrailing, wire.ErrTooLong, wire.ErrInvalid, wire.ErrUnknownCode} {
		if errors.Is(err, kind) {
			return
		}
	}
	t.Fatalf("error %v has no known sentinel", err)
}

// checkValidate runs v.Validate, which must not panic (the fuzzer reports
// a panic as a failure), and fails t unless a failure names the rule it
// breaks: a *wire.Error with the Field, wrapping ErrInvalid or ErrTooLong.
func checkValidate(t *testing.T, v interface{ Validate() error }) {
	t.Helper()
	err := v.Validate()
	if err == nil {
		return
	}
	var we *wire.Error
	if !errors.As(err, &we) {
		t.Fatalf("%T: Validate: %v (%T) is not a *wire.Error", v, err, err)
	}
	if we.Field == "" || !errors.Is(err, wire.ErrInvalid) && !errors.Is(err, wire.ErrTooLong) {
		t.Fatalf("%T: Validate: %v names no rule (field %q; want ErrInvalid or ErrTooLong)", v, err, we.Field)
	}
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
			off, rem := wire.BigEndian.U16(b), wire.BigEndian.U16(b[2:])
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
