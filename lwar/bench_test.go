package lwar_test

import (
	"testing"

	"github.com/gamewire/gamewire/lwar"
)

// benchPacket returns a typical server packet (reliable Join, Chat, Add,
// then a Stats and an Update with 20 entities and a Collision) and its
// messages, reliable first.
func benchPacket(t testing.TB) ([]byte, [2][]lwar.Message) {
	upd := &lwar.Update{}
	for i := range 20 {
		upd.Entries = append(upd.Entries, lwar.UpdateEntry{EntityID: lwar.ID{Identity: uint16(i)}, X: int16(i * 10), Y: -5, Orientation: 90, Health: 100})
	}
	rel := []lwar.Message{
		&lwar.Join{Seqno: 7, PlayerID: lwar.ID{Identity: 3}, Name: []byte("Gidon")},
		&lwar.Chat{Seqno: 8, PlayerID: lwar.ID{Identity: 3}, Msg: []byte("hello, world")},
		&lwar.Add{Seqno: 9, EntityID: lwar.ID{Generation: 1, Identity: 40}, PlayerID: lwar.ID{Identity: 3}, TypeID: 2},
	}
	unrel := []lwar.Message{
		&lwar.Stats{Entries: []lwar.StatsEntry{{Player: lwar.ID{Identity: 3}, Kills: 1, Ping: 20}}},
		upd,
		&lwar.Collision{EntityIDs: [2]lwar.ID{{Identity: 1}, {Identity: 2}}, X: 3, Y: 4},
	}
	var b lwar.Builder
	b.Start(lwar.Header{Ack: 5, Timestamp: 1234})
	if nr, nu, err := b.Fill(rel, unrel); err != nil || nr != 3 || nu != 3 {
		t.Fatalf("bench packet: %d %d %v", nr, nu, err)
	}
	return append([]byte(nil), b.Bytes()...), [2][]lwar.Message{rel, unrel}
}

func iterate(it *lwar.Iterator, pkt []byte) int {
	n := 0
	if it.Reset(pkt) != nil {
		return 0
	}
	for it.Next() {
		n += int(lwar.TypeOf(it.Message()))
	}
	return n
}

func build(b *lwar.Builder, msgs [2][]lwar.Message) int {
	b.Start(lwar.Header{Ack: 5, Timestamp: 1234})
	_, _, _ = b.Fill(msgs[0], msgs[1])
	return b.Len()
}

// BenchmarkPacket parses the benchmark packet with an Iterator and builds
// it again with a Builder.
func BenchmarkPacket(b *testing.B) {
	pkt, msgs := benchPacket(b)
	var it lwar.Iterator
	var bl lwar.Builder
	for _, bench := range []struct {
		name string
		op   func() int
	}{
		{"Parse", func() int { return iterate(&it, pkt) }},
		{"Build", func() int { return build(&bl, msgs) }},
	} {
		b.Run(bench.name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(pkt)))
			for b.Loop() {
				bench.op()
			}
		})
	}
}

func BenchmarkInputDecode(b *testing.B) {
	in := lwar.Input{PlayerID: lwar.ID{Identity: 1}, FrameNo: 42, Forward: 1, AimX: 5}
	enc, _ := in.MarshalBinary()
	var m lwar.Input
	b.ReportAllocs()
	for b.Loop() {
		_, _ = m.Decode(enc)
	}
}

func BenchmarkUpdateDecode(b *testing.B) {
	pkt, _ := benchPacket(b)
	var it lwar.Iterator
	_ = it.Reset(pkt)
	var enc []byte
	for it.Next() {
		if lwar.TypeOf(it.Message()) == lwar.TypeUpdate {
			enc = it.Bytes()
		}
	}
	var m lwar.Update
	b.ReportAllocs()
	b.SetBytes(int64(len(enc)))
	for b.Loop() {
		_, _ = m.Decode(enc)
	}
}
