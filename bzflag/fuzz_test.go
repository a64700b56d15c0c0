package bzflag_test

import (
	"bytes"
	"errors"
	"testing"

	"github.com/gamewire/gamewire/bzflag"
	"github.com/gamewire/gamewire/fuzz/bzflaggen"
	"github.com/gamewire/gamewire/wire"
)

// FuzzDecode feeds arbitrary bytes to frame decoding, from either side.
// Nothing may panic; whatever decodes must re-encode to exactly the bytes
// it consumed, with len == Size(); every failure must be a *wire.Error
// carrying one of the sentinels. The seeds are the golden vectors and one
// generated frame of every type.
func FuzzDecode(f *testing.F) {
	for _, v := range goldenVectors {
		b := v.bytes()
		f.Add(b, true)
		f.Add(b, false)
	}
	for _, v := range sample(bzflaggen.Message(), 300) {
		b, _ := v.(bzflag.Message).MarshalBinary()
		f.Add(b, true)
		f.Add(b, false)
	}
	strict, keep := bzflag.NewDecoder(), bzflag.NewDecoder()
	strict.Policy, keep.Policy = wire.Strict, wire.Lax
	f.Fuzz(func(t *testing.T, b []byte, server bool) {
		from := bzflag.FromClient
		if server {
			from = bzflag.FromServer
		}
		for _, d := range []*wire.Decoder{strict, keep} {
			for rest := b; len(rest) > 0; {
				m, n, err := d.Decode(rest, from)
				if err != nil {
					checkErr(t, err)
					break
				}
				if n <= 0 || n > len(rest) {
					t.Fatalf("%T: consumed %d of %d bytes", m, n, len(rest))
				}
				again, err := m.AppendBinary(nil)
				if err != nil || !bytes.Equal(again, rest[:n]) || m.Size() != n {
					t.Fatalf("%T: %x re-encodes to %x (%v), Size %d", m, rest[:n], again, err, m.Size())
				}
				if fl, err := bzflag.FrameLen(rest); err != nil || fl != n {
					t.Fatalf("%T: FrameLen = %d, %v; decoded %d bytes", m, fl, err, n)
				}
				_ = m.Validate()
				rest = rest[n:]
			}
		}
		// The allocating decoder agrees with the strict Decoder, which
		// applies Validate too.
		m1, n1, err1 := bzflag.Decode(b, from)
		if err1 == nil {
			err1 = m1.Validate()
		}
		m2, n2, err2 := strict.Decode(b, from)
		if (err1 == nil) != (err2 == nil) || n1 != n2 {
			t.Fatalf("Decode and Decoder disagree: %v %d, %v %d", err1, n1, err2, n2)
		}
		if err1 == nil && err2 == nil {
			e1, _ := m1.MarshalBinary()
			e2, _ := m2.MarshalBinary()
			if !bytes.Equal(e1, e2) {
				t.Fatalf("Decode and Decoder disagree: %x, %x", e1, e2)
			}
		}
	})
}

// checkErr fails t unless err is a *wire.Error of one of the sentinels.
func checkErr(t *testing.T, err error) {
	t.Helper()
	var we *wire.Error
	if !errors.As(err, &we) {
		t.Fatalf("error %v is not a *wire.Error", err)
	}
	for _, kind := range []error{wire.ErrShort, wire.ErrTooLong, wire.ErrInvalid, wire.ErrUnknownCode} {
		if errors.Is(err, kind) {
			return
		}
	}
	t.Fatalf("error %v has no known sentinel", err)
}
