package codectest

import (
	"errors"
	"math"
	"reflect"
	"testing"

	"github.com/gamewire/gamewire/wire"
	"github.com/gamewire/gamewire/wire/spec"
	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
)

// Float32 draws float32 values from raw bit patterns, so NaNs, infinities
// and -0 are covered.
func Float32() gopter.Gen { return gen.UInt32().Map(math.Float32frombits) }

// BytesUpTo draws byte slices of at most max bytes, without a byte 00 when
// noNUL.
func BytesUpTo(max int, noNUL bool) gopter.Gen {
	elem := gen.UInt8()
	if noNUL {
		elem = gen.UInt8Range(1, 255)
	}
	return gen.IntRange(0, max).FlatMap(func(n any) gopter.Gen {
		return gen.SliceOfN(n.(int), elem).Map(func(b []uint8) []byte { return b })
	}, reflect.TypeFor[[]byte]())
}

// FuzzForms is the decode fuzz target of a generated table: the encoding
// of a zero value of every form seeds the corpus, and each input goes
// through a Lax wire.Decoder of table (by code, from either direction) and
// through one value of every form directly (whatever the code): nothing
// panics, and what decodes re-encodes to the bytes it took, in Size()
// bytes (CheckReencode).
func FuzzForms(f *testing.F, table *spec.Table) {
	values := make([]wire.Message, len(table.Forms))
	for i := range values {
		values[i] = table.New(&table.Forms[i])
		if b, err := values[i].MarshalBinary(); err == nil {
			f.Add(b)
		}
	}
	d := wire.NewDecoder(table)
	d.Policy = wire.Lax
	f.Fuzz(func(t *testing.T, b []byte) {
		for _, from := range []wire.Direction{wire.FromClient, wire.FromServer} {
			if m, n, err := d.Decode(b, from); err == nil {
				CheckReencode(t, m, b[:n])
			}
		}
		for _, m := range values {
			if n, err := m.Decode(b); err == nil {
				CheckReencode(t, m, b[:n])
			}
		}
	})
}

// DecodeFails fails t unless m.Decode(b) fails with kind, returning off,
// with a *wire.Error naming field, and does so without allocating. It
// returns the error.
func DecodeFails(t *testing.T, m spec.Codec, b []byte, kind error, field string, off int) *wire.Error {
	t.Helper()
	n, err := m.Decode(b)
	var e *wire.Error
	if !errors.Is(err, kind) || !errors.As(err, &e) || e.Field != field || n != off {
		t.Fatalf("Decode(%x) = %d, %v; want %d and field %s: %v", b, n, err, off, field, kind)
	}
	if a := testing.AllocsPerRun(100, func() { m.Decode(b) }); a != 0 {
		t.Errorf("the failing Decode allocates %v times", a)
	}
	return e
}
