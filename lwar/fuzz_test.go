package lwar_test

import (
	"bytes"
	"errors"
	"testing"

	"github.com/gamewire/gamewire/internal/codectest"
	"github.com/gamewire/gamewire/lwar"
	"github.com/gamewire/gamewire/wire"
)

// FuzzPacket feeds any bytes to the packet parser. Nothing panics; a
// packet that parses to its end re-encodes byte for byte, with every
// message's length equal to its Size; the Iterator, the allocating Packet
// decoder and Decode agree. A packet over MaxPacketSize (kept and flagged
// under the default policy) is rebuilt with Packet.AppendLax, since a
// Builder never exceeds the limit. Every decode error is a *wire.Error, and
// Validate names the rule a message breaks.
func FuzzPacket(f *testing.F) {
	hdr := codectest.Hex(f, "f27087c5 00000001 00000002")
	all := append([]byte{}, hdr...)
	for _, g := range golden {
		m := codectest.Hex(f, g.hex)
		f.Add(append(append([]byte{}, hdr...), m...))
		if len(all)+len(m) <= lwar.MaxPacketSize {
			all = append(all, m...)
		}
	}
	f.Add(all)
	f.Add(hdr)
	f.Add(append(append([]byte{}, hdr...), 0x66, 0x01))
	pkt, _ := benchPacket(f)
	f.Add(pkt)
	big, _ := oversizePacket(f)
	f.Add(big)
	for _, d := range realTraffic {
		f.Add(codectest.Hex(f, d.hex))
	}

	var it lwar.Iterator
	var bl lwar.Builder
	f.Fuzz(func(t *testing.T, b []byte) {
		var p lwar.Packet
		perr := p.UnmarshalBinary(b)
		if perr != nil {
			codectest.CheckError(t, perr)
		}
		if err := it.Reset(b); err != nil {
			codectest.CheckError(t, err)
			if perr == nil {
				t.Fatalf("Packet decoded what Iterator.Reset rejected: %v", err)
			}
			return
		}
		bl.Start(it.Header)
		n := 0
		for it.Next() {
			m := it.Message()
			raw := it.Bytes()
			codectest.CheckReencode(t, m, raw)
			codectest.CheckValidate(t, m)
			one, k, err := lwar.Decode(raw, 0)
			if err != nil {
				codectest.CheckError(t, err)
			}
			if one == nil || k != len(raw) || diff(one, m) != "" || (err == nil) != (it.Invalid() == nil) {
				t.Fatalf("%v: Decode disagrees: %v (the Iterator: %v)", lwar.TypeOf(m), err, it.Invalid())
			}
			if len(b) <= lwar.MaxPacketSize {
				if ok, err := bl.Add(m); !ok || err != nil {
					t.Fatalf("%v: Builder.Add of a parsed message: %v, %v", lwar.TypeOf(m), ok, err)
				}
			}
			n++
		}
		oversize := len(b) > lwar.MaxPacketSize
		if err := it.Err(); err != nil {
			codectest.CheckError(t, err)
		}
		if err := it.Err(); err != nil && !(oversize && errors.Is(err, wire.ErrTooLong)) {
			if perr == nil {
				t.Fatalf("Packet decoded what the Iterator rejected: %v", it.Err())
			}
			if it.Offset()+len(it.Rest()) != len(b) {
				t.Fatalf("Offset %d + Rest %d != %d", it.Offset(), len(it.Rest()), len(b))
			}
			return
		}
		if (perr != nil) != oversize || len(p.Messages) != n {
			t.Fatalf("Packet: %v, %d messages; Iterator %d", perr, len(p.Messages), n)
		}
		rebuilt := bl.Bytes()
		if oversize {
			rebuilt, _ = p.AppendLax(nil)
		}
		if !bytes.Equal(rebuilt, b) {
			t.Fatalf("rebuilt %x\nwant    %x", rebuilt, b)
		}
	})
}
