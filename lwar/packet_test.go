package lwar_test

import (
	"bytes"
	"errors"
	"math/rand"
	"testing"

	"github.com/gamewire/gamewire/fuzz/lwargen"
	"github.com/gamewire/gamewire/internal/codectest"
	"github.com/gamewire/gamewire/lwar"
	"github.com/gamewire/gamewire/wire"
	"github.com/leanovate/gopter"
)

// draw draws n values from g with a fixed seed.
func draw[T any](t testing.TB, g gopter.Gen, n int) []T {
	t.Helper()
	params := gopter.DefaultGenParameters()
	params.Rng = rand.New(rand.NewSource(1))
	var out []T
	for len(out) < n {
		v, ok := g(params).Retrieve()
		if !ok {
			continue
		}
		out = append(out, v.(T))
	}
	return out
}

// TestPacketRoundTrip: generated packets encode within 512 bytes, decode to
// the same value, and the Iterator yields the same messages and bytes.
func TestPacketRoundTrip(t *testing.T) {
	var it lwar.Iterator
	for i, p := range draw[*lwar.Packet](t, lwargen.Packet(), samples(300)) {
		b, err := p.MarshalBinary()
		if err != nil {
			t.Fatalf("%d: %v", i, err)
		}
		if len(b) != p.Size() || len(b) > lwar.MaxPacketSize {
			t.Fatalf("%d: %d bytes, Size %d", i, len(b), p.Size())
		}
		var back lwar.Packet
		if err := back.UnmarshalBinary(b); err != nil {
			t.Fatalf("%d: %v", i, err)
		}
		if d := diff(*p, back); d != "" {
			t.Fatalf("%d: packet differs (-want +got):\n%s", i, d)
		}
		if err := it.Reset(b); err != nil {
			t.Fatal(err)
		}
		if it.Header != p.Header {
			t.Fatalf("%d: header %+v, want %+v", i, it.Header, p.Header)
		}
		k := 0
		for ; it.Next(); k++ {
			if d := diff(p.Messages[k], it.Message()); d != "" {
				t.Fatalf("%d/%d: message differs:\n%s", i, k, d)
			}
			want, _ := p.Messages[k].MarshalBinary()
			if !bytes.Equal(it.Bytes(), want) {
				t.Fatalf("%d/%d: Bytes %x, want %x", i, k, it.Bytes(), want)
			}
		}
		if it.Err() != nil || k != len(p.Messages) {
			t.Fatalf("%d: %d of %d messages, err %v", i, k, len(p.Messages), it.Err())
		}
	}
}

func TestIteratorErrors(t *testing.T) {
	hdr := "f27087c5 00000001 00000002"
	tests := []struct {
		name    string
		b       string
		n       int   // messages before the error
		kind    error // nil: no error
		field   string
		off     int
		restLen int
	}{
		{"header only", hdr, 0, nil, "", 0, 0},
		{"short header", "f27087c5 0000", 0, wire.ErrShort, "ack", 4, 0},
		{"two then unknown", hdr + "68 0a00000001 3f 000000", 2, wire.ErrUnknownCode, "type", 18, 4},
		{"deprecated", hdr + "68 66 01 00000001 0001 0002", 1, wire.ErrUnknownCode, "type", 13, 10},
		{"cut chat", hdr + "05 00000001 0000 0001 09 6869", 0, wire.ErrShort, "message", 12 + 9, 12},
		{"cut list", hdr + "68 6f 02 0000 0011 0001 0002 0000", 1, wire.ErrShort, "entries", 13 + 2, 12},
	}
	var it lwar.Iterator
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := codectest.Hex(t, tt.b)
			err := it.Reset(b)
			n := 0
			for it.Next() {
				n++
			}
			if err == nil {
				err = it.Err()
			}
			if n != tt.n {
				t.Errorf("%d messages before the error, want %d", n, tt.n)
			}
			if tt.kind == nil {
				if err != nil {
					t.Errorf("unexpected error %v", err)
				}
				return
			}
			wantErr(t, err, tt.kind, tt.field, tt.off)
			if len(it.Rest()) != tt.restLen {
				t.Errorf("Rest has %d bytes, want %d", len(it.Rest()), tt.restLen)
			}
		})
	}
	// Longer than any packet a reader accepts (see TestOversizePacket).
	big := append(codectest.Hex(t, hdr), make([]byte, lwar.HardMaxPacketSize)...)
	if err := it.Reset(codectest.Hex(t, hdr)); err != nil {
		t.Fatal(err)
	}
	if err := it.Reset(big); !errors.Is(err, wire.ErrTooLong) {
		t.Errorf("oversized packet: %v", err)
	}
	if it.Header != (lwar.Header{}) || it.Next() {
		t.Errorf("a rejected packet left header %+v of the one before", it.Header)
	}
}

// TestBuilderFill follows the spec's rule: reliable messages first, then
// unreliable ones while the 512 bytes hold; the rest waits.
func TestBuilderFill(t *testing.T) {
	chat := func(seq uint32, n int) lwar.Message {
		return &lwar.Chat{Seqno: seq, Msg: bytes.Repeat([]byte("c"), n)} // 10+n bytes
	}
	upd := func(n int) lwar.Message { return &lwar.UpdatePos{Entries: make([]lwar.UpdatePosEntry, n)} } // 2+8n
	tests := []struct {
		name       string
		rel, unrel []lwar.Message
		nr, nu     int
		size       int
	}{
		{"all fit", []lwar.Message{chat(1, 10), chat(2, 10)}, []lwar.Message{upd(3)}, 2, 1, 12 + 20 + 20 + 26},
		// 12 + 265 + 200 = 477: the third reliable (265) does not fit; the
		// unreliable of 26 still does (503); the next of 26 does not.
		{"reliable carried", []lwar.Message{chat(1, 255), chat(2, 190), chat(3, 255)}, []lwar.Message{upd(3), upd(3)}, 2, 1, 12 + 265 + 200 + 26},
		{"exactly 512", []lwar.Message{chat(1, 255), chat(2, 225)}, nil, 2, 0, 512},
		// 12 + 498 = 510: the next (10) does not fit, and the one after it (2)
		// would, but the unreliable messages keep their order.
		{"unreliable stops at first misfit", nil, []lwar.Message{upd(62), upd(1), upd(0)}, 0, 1, 510},
		{"empty", nil, nil, 0, 0, 12},
	}
	var b lwar.Builder
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b.Start(lwar.Header{Ack: 9, Timestamp: 10})
			nr, nu, err := b.Fill(tt.rel, tt.unrel)
			if err != nil || nr != tt.nr || nu != tt.nu || b.Len() != tt.size || len(b.Bytes()) != tt.size {
				t.Fatalf("Fill = %d, %d, %v; len %d; want %d, %d, len %d", nr, nu, err, b.Len(), tt.nr, tt.nu, tt.size)
			}
			if b.Count() != nr+nu || b.Free() != lwar.MaxPacketSize-tt.size {
				t.Errorf("Count %d Free %d", b.Count(), b.Free())
			}
			// What was built parses back to the messages placed, in order.
			var p lwar.Packet
			if err := p.UnmarshalBinary(b.Bytes()); err != nil {
				t.Fatal(err)
			}
			want := append(append([]lwar.Message{}, tt.rel[:nr]...), tt.unrel[:nu]...)
			if d := diff(want, p.Messages); d != "" || p.Header != (lwar.Header{Ack: 9, Timestamp: 10}) {
				t.Errorf("packet differs:\n%s", d)
			}
		})
	}
}

// TestBuilderNeverFits: a message larger than a packet is an error, never
// a silent drop, reliable or not.
func TestBuilderNeverFits(t *testing.T) {
	var b lwar.Builder
	b.Start(lwar.Header{})
	big := &lwar.Update{Entries: make([]lwar.UpdateEntry, 46)} // 2+46*11 = 508 > 500
	ok, err := b.Add(big)
	if ok || !errors.Is(err, wire.ErrTooLong) {
		t.Fatalf("Add = %v, %v; want ErrTooLong", ok, err)
	}
	fits := &lwar.Update{Entries: make([]lwar.UpdateEntry, 45)} // 497
	if ok, err := b.Add(fits); !ok || err != nil {
		t.Fatalf("45 entries: %v, %v", ok, err)
	}
	b.Start(lwar.Header{})
	nr, nu, err := b.Fill([]lwar.Message{&lwar.Synced{Seqno: 1}}, []lwar.Message{big})
	if nr != 1 || nu != 0 || !errors.Is(err, wire.ErrTooLong) {
		t.Fatalf("Fill = %d, %d, %v", nr, nu, err)
	}
	var we *wire.Error
	if errors.As(err, &we) && we.Message != "Update" {
		t.Errorf("error names %q, want Update", we.Message)
	}
	if lwar.FitEntries(500, lwar.UpdateEntrySize) != 45 || lwar.FitEntries(1, 8) != 0 || lwar.FitEntries(1<<20, 8) != 255 {
		t.Error("FitEntries wrong")
	}
}

// TestPacketDecodeResets: Decode resets its receiver, and a failed Decode
// leaves it empty rather than holding the messages before the bad one or
// the header of a packet it rejected.
func TestPacketDecodeResets(t *testing.T) {
	hdr := "f27087c5 00000001 00000002"
	p := lwar.Packet{Header: lwar.Header{Ack: 5}, Messages: []lwar.Message{&lwar.Full{}, &lwar.Full{}}}
	if err := p.UnmarshalBinary(codectest.Hex(t, hdr+"0a00000001")); err != nil {
		t.Fatal(err)
	}
	if d := diff(lwar.Packet{Header: lwar.Header{Ack: 1, Timestamp: 2}, Messages: []lwar.Message{&lwar.Synced{Seqno: 1}}}, p); d != "" {
		t.Fatalf("decode into a used Packet (-want +got):\n%s", d)
	}
	for _, bad := range []string{
		hdr + "68 0a00000001 66",         // two good messages, then id 102
		hdr + "68 05 00000001 0000 0001", // a cut Chat
		"f27087c6 00000001 00000002 68",  // wrong appId
	} {
		if err := p.UnmarshalBinary(codectest.Hex(t, bad)); err == nil {
			t.Fatalf("%s decoded", bad)
		}
		if p.Header != (lwar.Header{}) || len(p.Messages) != 0 {
			t.Errorf("%s: failed Decode left %+v", bad, p)
		}
	}
}

func TestPacketTooLong(t *testing.T) {
	p := lwar.Packet{Messages: []lwar.Message{
		&lwar.Chat{Seqno: 1, Msg: make([]byte, 255)},
		&lwar.Chat{Seqno: 2, Msg: make([]byte, 255)},
	}}
	if _, err := p.MarshalBinary(); !errors.Is(err, wire.ErrTooLong) {
		t.Errorf("MarshalBinary of %d bytes: %v", p.Size(), err)
	}
}

// TestZeroAllocs: parsing a packet with the Iterator, building one with the
// Builder, and the error paths allocate nothing in steady state.
func TestZeroAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("allocation counts are meaningless under the race detector")
	}
	pkt, msgs := benchPacket(t)
	bad := append(append([]byte{}, pkt[:40]...), 0x66)
	wrong := append([]byte{0, 0, 0, 0}, pkt[4:]...)
	var it lwar.Iterator
	var b lwar.Builder
	b.Start(lwar.Header{})
	for name, f := range map[string]func(){
		"iterate":   func() { iterate(&it, pkt) },
		"build":     func() { build(&b, msgs) },
		"bad msg":   func() { iterate(&it, bad) },
		"bad appId": func() { iterate(&it, wrong) },
		"never fits": func() {
			_, _ = b.Add(bigUpdate)
		},
	} {
		f()
		if n := testing.AllocsPerRun(100, f); n != 0 {
			t.Errorf("%s: %v allocs per run", name, n)
		}
	}
}

var bigUpdate = &lwar.Update{Entries: make([]lwar.UpdateEntry, 100)}
