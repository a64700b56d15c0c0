package lwargen_test

import (
	"encoding"
	"testing"

	"github.com/gamewire/gamewire/fuzz/internal/gentest"
	"github.com/gamewire/gamewire/fuzz/lwargen"
	"github.com/gamewire/gamewire/lwar"
)

// TestMessageCoversEveryType: Message yields every type of the spec, and
// every message it yields encodes.
func TestMessageCoversEveryType(t *testing.T) {
	seen := map[lwar.Type]bool{}
	gentest.Draw(t, lwargen.Message(), 2000, 10, func(v any) {
		m := v.(lwar.Message)
		seen[lwar.TypeOf(m)] = true
		if _, err := m.MarshalBinary(); err != nil {
			t.Fatalf("%v does not encode: %v", lwar.TypeOf(m), err)
		}
	})
	tab := lwar.Table()
	for i := range tab.Forms {
		f := &tab.Forms[i]
		if !seen[lwar.Type(f.Code)] {
			t.Errorf("Message never yielded %s: add its generator to lwargen's generators", f.Name)
		}
		if lwargen.Form(f.Name) == nil {
			t.Errorf("no generator for %s", f.Name)
		}
	}
}

func TestValidAndInvalid(t *testing.T) {
	gentest.Draw(t, lwargen.ValidMessage(), 1000, 10, func(v any) {
		if err := v.(lwar.Message).Validate(); err != nil {
			t.Fatalf("ValidMessage yielded an invalid message: %v", err)
		}
	})
	gentest.Draw(t, lwargen.InvalidMessage(), 500, 10, func(v any) {
		m := v.(lwar.Message)
		if m.Validate() == nil {
			t.Fatalf("InvalidMessage yielded a valid %v", lwar.TypeOf(m))
		}
		if _, err := m.MarshalBinary(); err != nil {
			t.Fatalf("InvalidMessage yielded a %v that does not encode: %v", lwar.TypeOf(m), err)
		}
	})
}

func TestPackets(t *testing.T) {
	gentest.Draw(t, lwargen.Packet(), 300, 10, func(v any) {
		var _ encoding.BinaryAppender = v.(*lwar.Packet)
		b, err := v.(*lwar.Packet).MarshalBinary()
		if err != nil || len(b) > lwar.MaxPacketSize {
			t.Fatalf("Packet: %d bytes, %v", len(b), err)
		}
	})
	gentest.Draw(t, lwargen.ValidPacket(), 200, 10, func(v any) {
		for _, m := range v.(*lwar.Packet).Messages {
			if err := m.Validate(); err != nil {
				t.Fatalf("ValidPacket holds an invalid message: %v", err)
			}
		}
	})
	bad := 0
	var it lwar.Iterator
	n := 0
	gentest.Draw(t, lwargen.PacketBytes(), 500, 10, func(v any) {
		n++
		b := v.([]byte)
		if it.Reset(b) != nil {
			bad++
			return
		}
		for it.Next() {
		}
		if it.Err() != nil {
			bad++
		}
	})
	if bad == 0 || bad == n {
		t.Errorf("PacketBytes: %d of %d datagrams malformed; want a mix", bad, n)
	}
}
