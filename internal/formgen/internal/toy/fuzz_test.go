package toy

import (
	"bytes"
	"testing"

	"github.com/gamewire/gamewire/wire"
)

// FuzzDecode feeds any bytes to every generated decoder, through
// wire.Decoder (by code) and directly (whatever the code): nothing
// panics, and what decodes re-encodes to the bytes it took, in Size()
// bytes.
func FuzzDecode(f *testing.F) {
	for i := range forms {
		m := newMessage(i)
		if b, err := m.MarshalBinary(); err == nil {
			f.Add(b)
		}
	}
	d := wire.NewDecoder(Table())
	d.Policy = wire.Lax
	values := make([]wire.Message, len(forms))
	for i := range values {
		values[i] = newMessage(i)
	}
	check := func(t *testing.T, m wire.Message, b []byte, n int) {
		out, err := m.AppendBinary(nil)
		if err != nil || !bytes.Equal(out, b[:n]) || len(out) != m.Size() {
			t.Fatalf("%s: %x decodes (%d bytes) but re-encodes to %x, %v (Size %d)", m.Form().Name, b[:n], n, out, err, m.Size())
		}
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		for _, from := range []wire.Direction{wire.FromClient, wire.FromServer} {
			if m, n, err := d.Decode(b, from); err == nil {
				check(t, m, b, n)
			}
		}
		for _, m := range values {
			if n, err := m.Decode(b); err == nil {
				check(t, m, b, n)
			}
		}
	})
}
