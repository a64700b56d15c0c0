package lwar_test

import (
	"bytes"
	"encoding/binary"
	"testing"

	"github.com/gamewire/gamewire/lwar"
)

// The comparison run: the same Update message (20 entries) decoded with
// gamewire, with encoding/binary, and with hand-written straight-line
// code. Run with -bench Compare and compare the ns/op.

// wireEntry mirrors one Update entry for encoding/binary (packed, 11 bytes).
type wireEntry struct {
	Generation, Identity uint16
	X, Y                 int16
	Orientation          uint16
	Health               uint8
}

func compareInput(b *testing.B) []byte {
	m := lwar.Update{}
	for i := range 20 {
		m.Entries = append(m.Entries, lwar.UpdateEntry{EntityID: lwar.ID{Generation: 1, Identity: uint16(i)}, X: int16(i), Y: -int16(i), Orientation: 90, Health: 50})
	}
	enc, err := m.MarshalBinary()
	if err != nil {
		b.Fatal(err)
	}
	return enc
}

func BenchmarkCompareUpdateGamewire(b *testing.B) {
	enc := compareInput(b)
	var m lwar.Update
	b.ReportAllocs()
	for b.Loop() {
		if _, err := m.Decode(enc); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkCompareUpdateEncodingBinary(b *testing.B) {
	enc := compareInput(b)
	entries := make([]wireEntry, 0, 255)
	var r bytes.Reader
	b.ReportAllocs()
	for b.Loop() {
		r.Reset(enc[2:])
		entries = entries[:int(enc[1])]
		if err := binary.Read(&r, binary.BigEndian, entries); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkCompareUpdateHandWritten(b *testing.B) {
	enc := compareInput(b)
	entries := make([]lwar.UpdateEntry, 0, 255)
	b.ReportAllocs()
	for b.Loop() {
		n := int(enc[1])
		p := enc[2:]
		if len(p) < 11*n {
			b.Fatal("short")
		}
		entries = entries[:n]
		for i := range entries {
			e := p[i*11 : i*11+11]
			entries[i] = lwar.UpdateEntry{
				EntityID:    lwar.ID{Generation: uint16(e[0])<<8 | uint16(e[1]), Identity: uint16(e[2])<<8 | uint16(e[3])},
				X:           int16(uint16(e[4])<<8 | uint16(e[5])),
				Y:           int16(uint16(e[6])<<8 | uint16(e[7])),
				Orientation: uint16(e[8])<<8 | uint16(e[9]),
				Health:      e[10],
			}
		}
	}
}
