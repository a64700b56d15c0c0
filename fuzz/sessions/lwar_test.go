package sessions

import (
	"net/netip"
	"testing"
	"time"

	"github.com/gamewire/gamewire/fuzz"
	"github.com/gamewire/gamewire/lwar"
	"github.com/gamewire/gamewire/wire"
	"github.com/gamewire/gamewire/wire/codec"
)

// TestLwarPack plays an lwar session against lwar.Server in memory and
// sends it units through the session's Pack: a reliable message is
// numbered by the channel and delivered; a duplicate, a gap and the wrap
// of the counter are numbered as their trick says and discarded by the
// server's channel, which still delivers the session's next message.
func TestLwarPack(t *testing.T) {
	addr := netip.MustParseAddrPort("127.0.0.1:4000")
	var delivered []string
	srv := lwar.NewServer(lwar.ServerConfig{})
	receive := func(pkt []byte) {
		srv.Handle(time.Now(), addr, pkt)
		for e, ok := srv.Event(); ok; e, ok = srv.Event() {
			if e.Kind == lwar.EventChat {
				delivered = append(delivered, string(e.Text))
			}
		}
	}
	s := &lwSession{name: "fuzz", start: time.Now()}
	// exchange sends the session's packets to the server and its answers
	// back, until both fall quiet.
	exchange := func(target int) {
		for range 10 {
			quiet := true
			for m := s.Next(target); m != nil; m = s.Next(target) {
				b, _ := m.AppendBinary(nil)
				receive(b)
				quiet = false
			}
			now := time.Now() // one instant: the server sends each message once
			for {
				_, b, ok := srv.Transmit(now, nil)
				if !ok {
					break
				}
				s.Handle(wire.NewRaw(lwar.Table(), 0, wire.FromServer, b))
				quiet = false
			}
			if quiet {
				return
			}
		}
	}
	exchange(LWJoined)
	if s.State() < LWJoined {
		t.Fatalf("state %d, want joined", s.State())
	}
	ch := s.c.Channel()
	chat := func(text string) []byte {
		b, _ := (&lwar.Chat{Seqno: 77, PlayerID: s.c.Player(), Msg: wire.Text(text)}).AppendBinary(nil)
		return b
	}
	send := func(kind fuzz.Kind, field, text string) uint32 {
		u := &fuzz.Unit{Bytes: chat(text), Kind: kind, Field: field, Repeat: 1}
		pkt := s.Pack(u)
		if got := pkt[len(pkt)-len(u.Bytes)+5:]; string(got[len(got)-len(text):]) != text {
			t.Fatalf("%s %s: the packet does not end with the unit's frame: %x", kind, field, pkt)
		}
		receive(pkt)
		return codec.BigEndian.U32(pkt[len(pkt)-len(u.Bytes)+1:])
	}
	last := ch.LastSeq()
	if seq := send(fuzz.KindValid, "", "one"); seq != last+1 || ch.LastSeq() != seq {
		t.Errorf("a valid unit got seqno %d (channel at %d), want %d", seq, ch.LastSeq(), last+1)
	}
	for _, tc := range []struct {
		trick string
		want  func(seq uint32) bool
	}{
		{"duplicate", func(seq uint32) bool { return seq <= ch.LastSeq() }},
		{"gap", func(seq uint32) bool { return seq > ch.LastSeq()+1 }},
		{"wrap", func(seq uint32) bool { return seq == 0xffffffff }},
	} {
		if seq := send(fuzz.KindSequence, tc.trick, tc.trick); !tc.want(seq) {
			t.Errorf("%s: seqno %d (channel at %d)", tc.trick, seq, ch.LastSeq())
		}
	}
	send(fuzz.KindValid, "", "two")
	exchange(LWJoined)
	st := srv.Channel(s.c.Player()).Stats()
	if len(delivered) != 2 || st.Duplicates < 1 || st.Early < 2 {
		t.Errorf("the server delivered %v, stats %+v; want the two valid chats, a duplicate and two early messages", delivered, st)
	}
}
