package lwar

import (
	"errors"
	"net/netip"
	"testing"
	"time"

	"github.com/gamewire/gamewire/internal/codectest"
	"github.com/gamewire/gamewire/internal/nettest"
	"github.com/gamewire/gamewire/session"
)

// fuzzPackets splits fuzz input into datagrams: each is a length byte and
// that many bytes (the last one takes what is left).
func fuzzPackets(data []byte) [][]byte {
	var out [][]byte
	for len(data) > 0 && len(out) < 64 {
		n := int(data[0])
		data = data[1:]
		if n > len(data) {
			n = len(data)
		}
		out = append(out, data[:n])
		data = data[n:]
	}
	return out
}

// fuzzFrame is the inverse of fuzzPackets for packets of up to 255 bytes.
func fuzzFrame(pkts ...[]byte) []byte {
	var b []byte
	for _, p := range pkts {
		if len(p) > 255 {
			p = p[:255]
		}
		b = append(append(b, byte(len(p))), p...)
	}
	return b
}

// fuzzSeeds adds the datagrams of the shipped capture and a few made-up
// sequences (duplicates, gaps, stale timestamps, bogus acks).
func fuzzSeeds(f *testing.F) {
	for _, path := range []string{capturePath, nettest.Capture("lwar", "original-server.hex")} {
		pkts := nettest.ReadHexLines(f, path)
		for _, p := range pkts {
			f.Add(fuzzFrame(p))
		}
		f.Add(fuzzFrame(pkts...))
	}
	r1, r2, r3 := reliableMsg(1, "a"), reliableMsg(2, "b"), reliableMsg(3, "c")
	coll, _ := (&Collision{}).AppendBinary(nil)
	f.Add(fuzzFrame(packet(0, 5, r1, coll), packet(0, 5, r1, coll), packet(0, 4, r3, coll), packet(0, 6, r2, r3)))
	f.Add(fuzzFrame(packet(1<<31, 0, r2), packet(0, 1<<31, coll)))
	f.Add(fuzzFrame(packet(0, 0), []byte{0xf2, 0x70}, nil))
	join, _ := (&Join{Seqno: 1, PlayerID: ID{0, 1}, Name: []byte("me")}).AppendBinary(nil)
	synced, _ := (&Synced{Seqno: 2}).AppendBinary(nil)
	full, _ := (&Full{}).AppendBinary(nil)
	leave, _ := (&Leave{Seqno: 9, PlayerID: ID{0, 1}}).AppendBinary(nil)
	f.Add(fuzzFrame(packet(1, 10, join, synced), packet(1, 11, leave)))
	f.Add(fuzzFrame(packet(1, 0, full)))
	connect, _ := (&Connect{Seqno: 1, Name: []byte("x")}).AppendBinary(nil)
	disconnect, _ := (&Disconnect{Seqno: 3}).AppendBinary(nil)
	f.Add(fuzzFrame(packet(0, 1, connect), packet(1, 2, r2), packet(1, 3, disconnect), packet(1, 4, connect)))
}

// FuzzChannelReceive feeds arbitrary datagrams to a Channel's receive path
// (Receive, then Admit for each message the Iterator finds) and checks its
// guarantees: no panic; a rejected packet changes nothing and its error
// is a *wire.Error; reliable
// messages are admitted only as the direct successor of the last one, so
// the ack grows by one per admission and never otherwise; unreliable messages are admitted only from a packet
// whose timestamp is not older than one admitted before; the peer's ack
// never goes past what was sent; and the packet built afterwards fits and
// carries the ack.
func FuzzChannelReceive(f *testing.F) {
	fuzzSeeds(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		c := NewChannel(ChannelConfig{MaxPending: 8, MaxPendingBytes: 512}, t0)
		for i := 0; i < 3; i++ {
			if _, err := c.QueueReliable(chat("q")); err != nil {
				t.Fatal(err)
			}
		}
		var it Iterator
		var newestTS uint32
		var admittedAny bool
		now := t0
		for _, pkt := range fuzzPackets(data) {
			now = now.Add(10 * time.Millisecond)
			acked, unacked, last := c.Acked(), c.Unacked(), c.LastReceived()
			_, err := c.Receive(pkt, now)
			if err != nil {
				codectest.CheckError(t, err)
				if c.Acked() != acked || c.Unacked() != unacked || !c.LastReceived().Equal(last) {
					t.Fatal("a rejected packet changed the channel's state")
				}
				continue
			}
			if c.Acked() > c.LastSeq() {
				t.Fatalf("acked %d past the last sent %d", c.Acked(), c.LastSeq())
			}
			if c.Unacked() != int(c.LastSeq()-c.Acked()) {
				t.Fatalf("%d unacked, but sent %d and acked %d", c.Unacked(), c.LastSeq(), c.Acked())
			}
			if it.Reset(pkt) != nil {
				t.Fatal("Receive took a packet the Iterator refuses")
			}
			ts := it.Header.Timestamp
			for it.Next() {
				raw := it.Bytes()
				ack := c.Ack()
				ok := c.Admit(raw)
				typ := Type(raw[0])
				if typ.Reliable() {
					seq, _ := it.Seqno()
					if ok != (seq == ack+1) {
						t.Fatalf("seq %d after ack %d: admitted %v", seq, ack, ok)
					}
					if ok && c.Ack() != seq || !ok && c.Ack() != ack {
						t.Fatalf("ack %d after seq %d (admitted %v)", c.Ack(), seq, ok)
					}
					continue
				}
				if ok {
					if admittedAny && ts < newestTS {
						t.Fatalf("stale unreliable admitted: timestamp %d after %d", ts, newestTS)
					}
					newestTS, admittedAny = ts, true
				}
			}
			out := c.AppendPacket(nil, now)
			if len(out) > MaxPacketSize {
				t.Fatalf("packet of %d bytes", len(out))
			}
			if h := headerOf(out); h.Ack != c.Ack() {
				t.Fatalf("packet acks %d, channel %d", h.Ack, c.Ack())
			}
		}
	})
}

// FuzzLifecycleReceive feeds the same datagrams to a Client and to a
// Server (from two addresses): neither may panic, a client never returns
// from a final state, and the server never holds more players than it
// may. Every error Handle returns, the client's and the server's, is a
// *wire.Error or a refusal of the session (a *session.SequenceError).
func FuzzLifecycleReceive(f *testing.F) {
	fuzzSeeds(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		cl := NewClient(ClientConfig{})
		if err := cl.Join(t0, []byte("fuzz")); err != nil {
			t.Fatal(err)
		}
		srv := NewServer(ServerConfig{MaxClients: 1})
		addrs := []netip.AddrPort{netip.MustParseAddrPort("127.0.0.1:1"), netip.MustParseAddrPort("127.0.0.1:2")}
		now := t0
		buf := make([]byte, 0, MaxPacketSize)
		for i, pkt := range fuzzPackets(data) {
			now = now.Add(100 * time.Millisecond)
			was := cl.State()
			if err := cl.Handle(now, netip.AddrPort{}, pkt); err != nil {
				checkSessionError(t, err)
			}
			cl.Tick(now)
			for _, ok := cl.Event(); ok; _, ok = cl.Event() {
			}
			if was.Final() && cl.State() != was {
				t.Fatalf("client left final state %v for %v", was, cl.State())
			}
			for k := 0; ; k++ {
				_, p, ok := cl.Transmit(now, buf[:0])
				if !ok {
					break
				}
				if k > 64 || len(p) > MaxPacketSize {
					t.Fatalf("client packet %d of %d bytes", k, len(p))
				}
			}
			if err := srv.Handle(now, addrs[i%2], pkt); err != nil {
				checkSessionError(t, err)
			}
			srv.Tick(now)
			for _, ok := srv.Event(); ok; _, ok = srv.Event() {
			}
			for k := 0; ; k++ {
				if k > 64 {
					t.Fatal("server keeps sending")
				}
				_, p, ok := srv.Transmit(now, buf[:0])
				if !ok {
					break
				}
				if len(p) > MaxPacketSize {
					t.Fatalf("server packet of %d bytes", len(p))
				}
			}
			if n := len(srv.Players(nil)); n > 1 {
				t.Fatalf("%d players with MaxClients 1", n)
			}
		}
	})
}

// checkSessionError checks an error of a session's Handle: a refusal of
// the session, or a *wire.Error as the codec's are.
func checkSessionError(t *testing.T, err error) {
	t.Helper()
	if errors.Is(err, ErrWrongPlayer) {
		return
	}
	var se *session.SequenceError
	if errors.As(err, &se) {
		if !errors.Is(err, ErrSequence) || se.Error() == "" {
			t.Fatalf("sequence error %v does not wrap ErrSequence", err)
		}
		return
	}
	codectest.CheckError(t, err)
}
