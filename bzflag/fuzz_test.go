package bzflag_test

import (
	"bytes"
	"fmt"
	"testing"

	"github.com/gamewire/gamewire/bzflag"
	"github.com/gamewire/gamewire/fuzz/bzflaggen"
	"github.com/gamewire/gamewire/internal/codectest"
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
	strict, keep, checked := bzflag.NewDecoder(), bzflag.NewDecoder(), bzflag.NewDecoder()
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
					codectest.CheckError(t, err)
					break
				}
				if n <= 0 || n > len(rest) {
					t.Fatalf("%T: consumed %d of %d bytes", m, n, len(rest))
				}
				codectest.CheckReencode(t, m, rest[:n])
				if fl, err := bzflag.Table().FrameLen(rest); err != nil || fl != n {
					t.Fatalf("%T: FrameLen = %d, %v; decoded %d bytes", m, fl, err, n)
				}
				codectest.CheckValidate(t, m)
				rest = rest[n:]
			}
		}
		// The allocating decoder answers as a Decoder of its policy
		// (Checked) does: the same message, length and error.
		m1, n1, err1 := bzflag.Decode(b, from)
		if err1 != nil {
			codectest.CheckError(t, err1)
		}
		m2, n2, err2 := checked.Decode(b, from)
		if fmt.Sprint(err1) != fmt.Sprint(err2) || n1 != n2 || (m1 == nil) != (m2 == nil) {
			t.Fatalf("Decode and Decoder disagree: %v %d %v, %v %d %v", m1, n1, err1, m2, n2, err2)
		}
		if m1 != nil {
			e1, _ := m1.MarshalBinary()
			e2, _ := m2.MarshalBinary()
			if !bytes.Equal(e1, e2) {
				t.Fatalf("Decode and Decoder disagree: %x, %x", e1, e2)
			}
		}
	})
}
