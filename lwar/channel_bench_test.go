package lwar

import (
	"testing"
	"time"
)

// channelPair is a steady-state exchange between two channels: each round
// the sender queues two Chats and one Collision, builds a packet, the
// receiver takes it and admits every message, and the sender gets the
// receiver's ack. Benchmarks and the allocation test share it.
type channelPair struct {
	a, b     *Channel
	now      time.Time
	chat     Chat
	coll     Collision
	pkt, ack []byte
	it       Iterator
}

func newChannelPair() *channelPair {
	p := &channelPair{
		a:   NewChannel(ChannelConfig{}, t0),
		b:   NewChannel(ChannelConfig{}, t0),
		now: t0,
		pkt: make([]byte, 0, MaxPacketSize),
		ack: make([]byte, 0, MaxPacketSize),
	}
	p.chat = Chat{PlayerID: ID{1, 2}, Msg: []byte("steady state chat message")}
	p.coll = Collision{EntityIDs: [2]ID{{1, 1}, {1, 2}}, X: 3, Y: 4}
	return p
}

// round runs one exchange and reports how many messages b admitted.
func (p *channelPair) round() int {
	p.now = p.now.Add(33 * time.Millisecond)
	if _, err := p.a.QueueReliable(&p.chat); err != nil {
		panic(err)
	}
	if _, err := p.a.QueueReliable(&p.chat); err != nil {
		panic(err)
	}
	if err := p.a.QueueUnreliable(&p.coll); err != nil {
		panic(err)
	}
	p.pkt = p.a.AppendPacket(p.pkt[:0], p.now)
	if _, err := p.b.Receive(p.pkt, p.now); err != nil {
		panic(err)
	}
	if err := p.it.Reset(p.pkt); err != nil {
		panic(err)
	}
	n := 0
	for p.it.Next() {
		if p.b.Admit(p.it.Bytes()) {
			n++
		}
	}
	if p.it.Err() != nil {
		panic(p.it.Err())
	}
	p.ack = p.b.AppendPacket(p.ack[:0], p.now)
	if _, err := p.a.Receive(p.ack, p.now); err != nil {
		panic(err)
	}
	return n
}

func TestChannelSteadyStateAllocs(t *testing.T) {
	p := newChannelPair()
	for i := 0; i < 10; i++ {
		if n := p.round(); n != 3 {
			t.Fatalf("round %d admitted %d messages, want 3", i, n)
		}
	}
	if allocs := testing.AllocsPerRun(1000, func() { p.round() }); allocs != 0 {
		t.Errorf("steady state allocates %v times per round", allocs)
	}
	if p.a.Unacked() != 0 {
		t.Errorf("%d messages left unacknowledged", p.a.Unacked())
	}
	// Error paths allocate nothing either.
	bad := []byte{1, 2, 3}
	if allocs := testing.AllocsPerRun(100, func() {
		_, _ = p.b.Receive(bad, p.now)
		p.b.Admit(bad)
	}); allocs != 0 {
		t.Errorf("bad packet allocates %v times", allocs)
	}
	big := &Update{Entries: make([]UpdateEntry, 100)} // 1102 bytes: never fits
	if allocs := testing.AllocsPerRun(100, func() { _ = p.a.QueueUnreliable(big) }); allocs != 0 {
		t.Errorf("oversized message allocates %v times", allocs)
	}
	full := NewChannel(ChannelConfig{MaxPending: 1}, t0)
	_, _ = full.QueueReliable(&p.chat)
	if allocs := testing.AllocsPerRun(100, func() { _, _ = full.QueueReliable(&p.chat) }); allocs != 0 {
		t.Errorf("full queue allocates %v times", allocs)
	}
}

// BenchmarkChannelRound measures one steady-state round: two reliable and
// one unreliable message queued, packed, received, admitted and acked.
func BenchmarkChannelRound(b *testing.B) {
	p := newChannelPair()
	b.ReportAllocs()
	for b.Loop() {
		p.round()
	}
}

// resending returns a channel with 30 unacknowledged Chats queued (a full
// packet's worth), and the Chat.
func resending(b *testing.B) (*Channel, *Chat) {
	c := NewChannel(ChannelConfig{}, t0)
	m := &Chat{PlayerID: ID{1, 2}, Msg: []byte("0123456789")}
	for range 30 {
		if _, err := c.QueueReliable(m); err != nil {
			b.Fatal(err)
		}
	}
	return c, m
}

// BenchmarkChannelAppendPacket measures building a packet that resends 30
// unacknowledged Chats (a full packet).
func BenchmarkChannelAppendPacket(b *testing.B) {
	c, _ := resending(b)
	buf := make([]byte, 0, MaxPacketSize)
	now := t0
	b.ReportAllocs()
	for b.Loop() {
		now = now.Add(time.Millisecond)
		buf = c.AppendPacket(buf[:0], now)
	}
	if c.Stats().ReliableResent < b.N {
		b.Fatalf("packets carried no resends")
	}
}

// BenchmarkChannelReceive measures the receive path: header, ack and the
// admission of 30 reliable messages (all duplicates after the first run).
func BenchmarkChannelReceive(b *testing.B) {
	src, m := resending(b)
	pkt := src.AppendPacket(nil, t0)
	c := NewChannel(ChannelConfig{}, t0)
	msgSize := ReliableHeaderSize + IDSize + 1 + len(m.Msg)
	b.ReportAllocs()
	for b.Loop() {
		body, _ := c.Receive(pkt, t0)
		for len(body) >= msgSize {
			c.Admit(body[:msgSize])
			body = body[msgSize:]
		}
	}
}
