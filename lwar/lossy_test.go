package lwar

import (
	"encoding/binary"
	"math/rand/v2"
	"sort"
	"testing"
	"time"
)

// lossyLink is a simulated datagram link in one direction: it loses,
// duplicates and delays (hence reorders) packets.
type lossyLink struct {
	rng      *rand.Rand
	loss     float64       // probability that a packet is lost
	dup      float64       // probability that a packet arrives twice
	jitter   time.Duration // extra delay, uniform in [0, jitter)
	inFlight []flight

	sent, lost, duplicated, delivered int
}

type flight struct {
	at  time.Time
	pkt []byte
	seq int // index of the packet at the sender, for the test's bookkeeping
}

const linkDelay = 20 * time.Millisecond

func (l *lossyLink) send(pkt []byte, now time.Time, seq int) {
	l.sent++
	copies := 1
	if l.rng.Float64() < l.dup {
		copies = 2
		l.duplicated++
	}
	for i := 0; i < copies; i++ {
		if l.rng.Float64() < l.loss {
			l.lost++
			continue
		}
		d := linkDelay + time.Duration(l.rng.Int64N(int64(l.jitter)+1))
		l.inFlight = append(l.inFlight, flight{at: now.Add(d), pkt: append([]byte(nil), pkt...), seq: seq})
	}
}

// receive returns the packets due at now, in arrival order.
func (l *lossyLink) receive(now time.Time) []flight {
	sort.SliceStable(l.inFlight, func(i, j int) bool { return l.inFlight[i].at.Before(l.inFlight[j].at) })
	n := 0
	for n < len(l.inFlight) && !l.inFlight[n].at.After(now) {
		n++
	}
	out := append([]flight(nil), l.inFlight[:n]...)
	l.inFlight = append(l.inFlight[:0], l.inFlight[n:]...)
	l.delivered += len(out)
	return out
}

// lossyPeer is one end of a simulated session: a channel, what it still
// has to send, and what it received.
type lossyPeer struct {
	ch      *Channel
	total   int // reliable messages to send in the session
	queued  int // reliable messages queued so far
	unrelID uint32
	pktSeq  int

	gotReliable []uint32        // payload indices of admitted reliable messages, in order
	lastUnrelTS uint32          // newest packet timestamp among admitted unreliable messages
	maxArrived  uint32          // newest packet timestamp that arrived (independent of the channel)
	unrelAdmit  int             // unreliable messages processed (copies included)
	unrelStale  int             // unreliable messages discarded as stale
	unrelSeen   map[uint32]int  // unreliable message id -> times processed
	unrelArrive map[uint32]bool // unreliable message ids that arrived at all
	queueFull   int
	chat        Chat
	coll        Collision
}

// lossyResult sums up sessions at one loss rate.
type lossyResult struct {
	sessions, packets, packetsLost, packetsDup          int
	reliableSent, reliableDelivered, resent, duplicates int
	unreliableSent, unreliableAdmitted, unreliableStale int
	unreliableUnique, unreliableTwice, unreliableLost   int
	queueFull                                           int
}

// runLossySession runs one session between two peers over two lossy links
// and checks the channel's guarantees; it fails t on any violation.
func runLossySession(t *testing.T, seed uint64, loss, dup float64, jitter time.Duration, n int, res *lossyResult) {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 0x1a))
	now := t0
	peers := [2]*lossyPeer{
		{ch: NewChannel(ChannelConfig{}, now), total: n, unrelSeen: map[uint32]int{}, unrelArrive: map[uint32]bool{}},
		{ch: NewChannel(ChannelConfig{}, now), total: n, unrelSeen: map[uint32]int{}, unrelArrive: map[uint32]bool{}},
	}
	links := [2]*lossyLink{ // links[i] carries packets from peers[i]
		{rng: rng, loss: loss, dup: dup, jitter: jitter},
		{rng: rng, loss: loss, dup: dup, jitter: jitter},
	}
	const tick = 10 * time.Millisecond
	deadline := now.Add(10 * time.Minute) // simulated time
	buf := make([]byte, 0, MaxPacketSize)
	for now.Before(deadline) {
		now = now.Add(tick)
		for i, p := range peers {
			// New traffic: up to 3 reliable and 2 unreliable messages a tick.
			for k := rng.IntN(4); k > 0 && p.queued < p.total; k-- {
				p.chat.PlayerID = ID{Generation: uint16(i)}
				p.chat.Msg = binary.BigEndian.AppendUint32(p.chat.Msg[:0], uint32(p.queued))
				for pad := rng.IntN(120); pad > 0; pad-- {
					p.chat.Msg = append(p.chat.Msg, 'x')
				}
				if _, err := p.ch.QueueReliable(&p.chat); err != nil {
					p.queueFull++
					break
				}
				p.queued++
			}
			if p.queued < p.total {
				for k := rng.IntN(3); k > 0; k-- {
					p.unrelID++
					p.coll = Collision{EntityIDs: [2]ID{IDFromUint32(p.ch.Timestamp(now)), IDFromUint32(p.unrelID)}}
					if err := p.ch.QueueUnreliable(&p.coll); err != nil {
						t.Fatalf("QueueUnreliable: %v", err)
					}
				}
			}
			for k := 0; p.ch.NeedsSend(now); k++ {
				if k == 100 {
					t.Fatal("NeedsSend never turns false within one tick")
				}
				buf = p.ch.AppendPacket(buf[:0], now)
				if len(buf) > MaxPacketSize {
					t.Fatalf("packet of %d bytes", len(buf))
				}
				links[i].send(buf, now, p.pktSeq)
				p.pktSeq++
			}
		}
		for i, p := range peers {
			for _, f := range links[1-i].receive(now) {
				lossyDeliver(t, p, f.pkt, now)
			}
		}
		if peers[0].queued == n && peers[1].queued == n &&
			peers[0].ch.Unacked() == 0 && peers[1].ch.Unacked() == 0 &&
			len(links[0].inFlight) == 0 && len(links[1].inFlight) == 0 {
			break
		}
	}
	for i, p := range peers {
		other := peers[1-i]
		if len(p.gotReliable) != n {
			t.Fatalf("seed %d loss %.2f: peer %d got %d of %d reliable messages", seed, loss, i, len(p.gotReliable), n)
		}
		if other.ch.Unacked() != 0 {
			t.Fatalf("seed %d: peer %d still has %d unacknowledged", seed, 1-i, other.ch.Unacked())
		}
		st := other.ch.Stats()
		res.reliableSent += st.ReliableSent
		res.resent += st.ReliableResent
		res.unreliableSent += st.UnreliableSent
		res.reliableDelivered += len(p.gotReliable)
		res.duplicates += p.ch.Stats().Duplicates
		res.unreliableAdmitted += p.unrelAdmit
		res.unreliableStale += p.unrelStale
		res.unreliableUnique += len(p.unrelSeen)
		res.unreliableLost += int(other.unrelID) - len(p.unrelArrive)
		for _, k := range p.unrelSeen {
			if k > 1 {
				res.unreliableTwice += k - 1
			}
		}
		res.queueFull += p.queueFull
	}
	for _, l := range links {
		res.packets += l.sent
		res.packetsLost += l.lost
		res.packetsDup += l.duplicated
	}
	res.sessions++
}

// lossyDeliver hands one packet to p and checks every decision of its
// channel against the test's own bookkeeping.
func lossyDeliver(t *testing.T, p *lossyPeer, pkt []byte, now time.Time) {
	t.Helper()
	if _, err := p.ch.Receive(pkt, now); err != nil {
		t.Fatalf("Receive: %v", err)
	}
	var h Header
	_, _ = h.Decode(pkt)
	current := h.Timestamp >= p.maxArrived // what the spec asks, decided independently
	if current {
		p.maxArrived = h.Timestamp
	}
	for _, m := range testMessages(t, pkt) {
		ok := p.ch.Admit(m)
		if Type(m[0]).Reliable() {
			var c Chat
			if err := c.UnmarshalBinary(m); err != nil {
				t.Fatal(err)
			}
			idx := binary.BigEndian.Uint32(c.Msg)
			want := uint32(len(p.gotReliable))
			if ok {
				if idx != want {
					t.Fatalf("admitted reliable message %d, expected %d next (order or duplicate)", idx, want)
				}
				if c.Seqno != want+1 {
					t.Fatalf("message %d carries seqno %d", idx, c.Seqno)
				}
				p.gotReliable = append(p.gotReliable, idx)
			} else if idx == want {
				t.Fatalf("refused reliable message %d, the direct successor", idx)
			}
			continue
		}
		var c Collision
		if err := c.UnmarshalBinary(m); err != nil {
			t.Fatal(err)
		}
		ts := c.EntityIDs[0].Uint32()
		id := c.EntityIDs[1].Uint32()
		p.unrelArrive[id] = true
		if ts != h.Timestamp {
			t.Fatalf("unreliable message stamped %d in a packet stamped %d", ts, h.Timestamp)
		}
		if ok != current {
			t.Fatalf("unreliable message of packet %d: admitted %v, but newest seen is %d", ts, ok, p.maxArrived)
		}
		if ok {
			if ts < p.lastUnrelTS {
				t.Fatalf("stale unreliable message processed: timestamp %d after %d", ts, p.lastUnrelTS)
			}
			p.lastUnrelTS = ts
			p.unrelAdmit++
			p.unrelSeen[id]++
		} else {
			p.unrelStale++
		}
	}
}

// TestLossyLink is the channel's property test: over links that lose,
// duplicate and reorder packets (loss up to 60%), every reliable message
// is processed exactly once and in order in both directions, and no
// unreliable message older than one already processed is processed.
func TestLossyLink(t *testing.T) {
	rates := []float64{0, 0.1, 0.3, 0.5, 0.6}
	sessions := 12
	n := 300
	if testing.Short() {
		sessions, n = 3, 100
	}
	for _, loss := range rates {
		var res lossyResult
		for s := 0; s < sessions; s++ {
			seed := uint64(s)*7919 + uint64(loss*1000)
			runLossySession(t, seed, loss, 0.15, 60*time.Millisecond, n, &res)
		}
		t.Logf("loss %2.0f%%: %d sessions, %d packets (%d lost, %d duplicated); reliable: %d sent, %d delivered exactly once in order, %d lost, %d resends, %d duplicate copies discarded; unreliable: %d sent, %d processed (%d again from duplicated datagrams), %d stale copies discarded, %d lost on the link; queue full %d",
			loss*100, res.sessions, res.packets, res.packetsLost, res.packetsDup,
			res.reliableSent, res.reliableDelivered, res.reliableSent-res.reliableDelivered, res.resent, res.duplicates,
			res.unreliableSent, res.unreliableUnique, res.unreliableTwice, res.unreliableStale,
			res.unreliableLost, res.queueFull)
		if res.reliableDelivered != res.reliableSent || res.reliableSent != 2*sessions*n {
			t.Errorf("loss %.2f: %d reliable sent, %d delivered, want %d", loss, res.reliableSent, res.reliableDelivered, 2*sessions*n)
		}
		if loss >= 0.3 && (res.packetsLost == 0 || res.unreliableStale == 0 || res.duplicates == 0) {
			t.Errorf("loss %.2f: the link did not exercise loss (%d), staleness (%d) and duplicates (%d)", loss, res.packetsLost, res.unreliableStale, res.duplicates)
		}
	}
}
