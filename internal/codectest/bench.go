package codectest

import (
	"testing"

	"github.com/gamewire/gamewire/wire/spec"
)

// BenchEncode measures AppendBinary of m into a reused buffer of its size.
func BenchEncode(b *testing.B, m spec.Codec) {
	buf := make([]byte, 0, m.Size())
	b.ReportAllocs()
	b.SetBytes(int64(m.Size()))
	for b.Loop() {
		if _, err := m.AppendBinary(buf[:0]); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchDecode measures Decode of frame into the reused value v.
func BenchDecode(b *testing.B, v spec.Codec, frame []byte) {
	b.ReportAllocs()
	b.SetBytes(int64(len(frame)))
	for b.Loop() {
		if _, err := v.Decode(frame); err != nil {
			b.Fatal(err)
		}
	}
}
