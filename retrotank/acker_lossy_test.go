package retrotank_test

import (
	"encoding/binary"
	"errors"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/gamewire/gamewire/retrotank"
	"github.com/gamewire/gamewire/wire"
)

// link is a simulated datagram link: it loses, duplicates and delays
// (hence reorders) what it carries.
type link struct {
	rng             *rand.Rand
	loss, dup       float64
	maxDelay        int // ticks
	inflight        []flight
	sent, delivered int
}

type flight struct {
	at int
	b  []byte
}

func (l *link) send(now int, b []byte) {
	l.sent++
	copies := 1
	if l.rng.Float64() < l.dup {
		copies = 2
	}
	for i := 0; i < copies; i++ {
		if l.rng.Float64() < l.loss {
			continue
		}
		l.inflight = append(l.inflight, flight{at: now + l.rng.IntN(l.maxDelay+1), b: append([]byte(nil), b...)})
	}
}

// arrivals returns the datagrams due at tick now, in a random order.
func (l *link) arrivals(now int) [][]byte {
	var out [][]byte
	keep := l.inflight[:0]
	for _, f := range l.inflight {
		if f.at <= now {
			out = append(out, f.b)
		} else {
			keep = append(keep, f)
		}
	}
	l.inflight = keep
	l.rng.Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
	l.delivered += len(out)
	return out
}

// peer is one side of a simulated session.
type peer struct {
	a        *retrotank.Acker
	dec      *wire.Decoder
	from     wire.Direction // the direction of what it receives
	received map[uint32]int // tag -> deliveries
	dataIn   int            // data datagrams received
	acksOut  int            // ACK datagrams sent
	// per queued message (by tag): first send, sends, acked at
	first   map[uint32]time.Time
	sends   map[uint32]int
	every   map[uint32]time.Duration
	byID    map[retrotank.MessageID]uint32
	ackedAt map[uint32]time.Time
}

const tick = 50 * time.Millisecond

// TestAckerLossy drives two Ackers over a link with up to 50% loss,
// duplication and reordering, in many sessions, and checks: every message
// is delivered exactly once, nothing is delivered that was not sent, every
// ACK holds 1 to MaxAcks ids, and the datagrams sent stay within the
// bound: a message is transmitted at most 1 + floor(T/every) times, where
// T is the time from its first transmission to the arrival of its
// acknowledgement and every its resend interval (Resend, or SlowResend
// for SCORE), and never after that; a side sends no more ACK datagrams
// than it received datagrams with a message id.
func TestAckerLossy(t *testing.T) {
	sessions := 10000
	if raceEnabled || testing.Short() {
		sessions = 1000
	}
	var totalData, totalAcks int
	for s := 0; s < sessions; s++ {
		d, a := runSession(t, uint64(s))
		totalData += d
		totalAcks += a
		if t.Failed() {
			t.Fatalf("session %d failed", s)
		}
	}
	t.Logf("%d sessions: %d message datagrams, %d ACK datagrams", sessions, totalData, totalAcks)
}

func newPeer(from wire.Direction, first retrotank.MessageID) *peer {
	return &peer{
		a:        retrotank.NewAcker(retrotank.AckConfig{Resend: 200 * time.Millisecond, SlowResend: time.Second, Timeout: time.Hour, FirstID: first}),
		dec:      retrotank.NewDecoder(),
		from:     from,
		received: map[uint32]int{},
		first:    map[uint32]time.Time{}, sends: map[uint32]int{}, every: map[uint32]time.Duration{},
		byID: map[retrotank.MessageID]uint32{}, ackedAt: map[uint32]time.Time{},
	}
}

func runSession(t *testing.T, seed uint64) (dataDatagrams, ackDatagrams int) {
	rng := rand.New(rand.NewPCG(seed, 0x5eed))
	loss := rng.Float64() * 0.5
	dup := rng.Float64() * 0.5
	delay := rng.IntN(8)
	// server: the side that receives from clients; client the other.
	srv := newPeer(wire.FromClient, retrotank.MessageID(rng.Uint32()))
	cli := newPeer(wire.FromServer, retrotank.MessageID(rng.Uint32()))
	toCli := &link{rng: rng, loss: loss, dup: dup, maxDelay: delay}
	toSrv := &link{rng: rng, loss: loss, dup: dup, maxDelay: delay}
	nSrv, nCli := rng.IntN(40), rng.IntN(40)
	tags := uint32(0)
	queued := map[uint32]bool{}
	start := time.Unix(1e9, 0)
	var buf []byte
	for step := 0; ; step++ {
		now := start.Add(time.Duration(step) * tick)
		// queue new messages now and then
		for _, p := range []*peer{srv, cli} {
			n := &nSrv
			if p == cli {
				n = &nCli
			}
			if *n > 0 && rng.IntN(3) == 0 {
				*n--
				tags++
				var m retrotank.Acked
				data := binary.BigEndian.AppendUint32(nil, tags)
				if p == srv && rng.IntN(4) == 0 {
					m = &retrotank.Score{Scores: []retrotank.PlayerScore{{Killer: 1, Killed: 2, Score: int16(tags)}}, RedScore: uint16(tags >> 16)}
				} else {
					m = &retrotank.PlayerUpdate{Data: data}
				}
				id, err := p.a.Queue(m, now)
				if err != nil {
					t.Fatalf("Queue: %v", err)
				}
				p.byID[id] = tags
				p.every[tags] = 200 * time.Millisecond
				if _, ok := m.(*retrotank.Score); ok {
					p.every[tags] = time.Second
				}
				queued[tags] = true
			}
		}
		// receive
		for _, pl := range []struct {
			p *peer
			l *link
			o *peer
		}{{srv, toSrv, cli}, {cli, toCli, srv}} {
			for _, b := range pl.l.arrivals(step) {
				m, _, err := pl.p.dec.Decode(b, pl.p.from)
				if err != nil {
					t.Fatalf("seed %d: decode %x: %v", seed, b, err)
				}
				if ack, ok := m.(*retrotank.Ack); ok {
					if len(ack.IDs) < 1 || len(ack.IDs) > retrotank.MaxAcks {
						t.Fatalf("ACK of %d ids", len(ack.IDs))
					}
					for _, id := range ack.IDs {
						tag, ok := pl.p.byID[id]
						if !ok {
							t.Fatalf("seed %d: ACK of id %d never sent", seed, id)
						}
						if _, done := pl.p.ackedAt[tag]; !done {
							pl.p.ackedAt[tag] = now
						}
					}
				} else {
					pl.p.dataIn++
				}
				if pl.p.a.Receive(m, now) {
					tag := tagOf(t, m)
					if !queued[tag] {
						t.Fatalf("seed %d: delivered a message never sent: %x", seed, b)
					}
					pl.p.received[tag]++
				}
			}
		}
		// send
		for _, pl := range []struct {
			p *peer
			l *link
		}{{srv, toCli}, {cli, toSrv}} {
			for {
				b, ok, err := pl.p.a.Next(now, buf[:0])
				if err != nil {
					t.Fatalf("seed %d: Next: %v", seed, err)
				}
				if !ok {
					break
				}
				buf = b
				if b[0] == byte(retrotank.MsgTypeAck) {
					pl.p.acksOut++
				} else {
					dataDatagrams++
					id := retrotank.MessageID(binary.BigEndian.Uint16(b[1:]))
					tag := pl.p.byID[id]
					if at, ok := pl.p.ackedAt[tag]; ok && !now.Before(at) {
						t.Fatalf("seed %d: message %d sent after its acknowledgement arrived", seed, id)
					}
					if pl.p.sends[tag] == 0 {
						pl.p.first[tag] = now
					}
					pl.p.sends[tag]++
				}
				pl.l.send(step, b)
			}
		}
		done := nSrv == 0 && nCli == 0 && srv.a.InFlight() == 0 && cli.a.InFlight() == 0
		if done {
			break
		}
		if step > 100000 {
			t.Fatalf("seed %d: session does not end (loss %.2f)", seed, loss)
		}
	}
	for _, p := range []*peer{srv, cli} {
		o := cli
		if p == cli {
			o = srv
		}
		// exactly once: what p sent, o received once
		for id, tag := range p.byID {
			if o.received[tag] != 1 {
				t.Errorf("seed %d: message id %d (tag %d) delivered %d times", seed, id, tag, o.received[tag])
			}
			T := p.ackedAt[tag].Sub(p.first[tag])
			if bound := 1 + int(T/p.every[tag]); p.sends[tag] > bound {
				t.Errorf("seed %d: tag %d sent %d times in %v (bound %d)", seed, tag, p.sends[tag], T, bound)
			}
		}
		if p.acksOut > p.dataIn {
			t.Errorf("seed %d: %d ACK datagrams for %d received messages", seed, p.acksOut, p.dataIn)
		}
		ackDatagrams += p.acksOut
	}
	return dataDatagrams, ackDatagrams
}

func tagOf(t *testing.T, m retrotank.Message) uint32 {
	switch m := m.(type) {
	case *retrotank.PlayerUpdate:
		return binary.BigEndian.Uint32(m.Data)
	case *retrotank.Score:
		return uint32(m.RedScore)<<16 | uint32(m.Scores[0].Score)
	}
	t.Fatalf("unexpected %T", m)
	return 0
}

// drain sends every datagram next has due at now (an Acker's Next) to
// each, failing t on an error, and returns how many.
func drain(t *testing.T, next func(time.Time, []byte) ([]byte, bool, error), now time.Time, each func(b []byte)) int {
	t.Helper()
	for n := 0; ; n++ {
		b, ok, err := next(now, nil)
		if err != nil {
			t.Fatalf("at %v: %v", now, err)
		}
		if !ok {
			return n
		}
		each(b)
	}
}

// TestAckerTimeout: a peer that never answers makes Next and Expired fail
// with a *TimeoutError naming the message, after Timeout and not before;
// the Deadline is each resend, then the timeout.
func TestAckerTimeout(t *testing.T) {
	a := retrotank.NewAcker(retrotank.AckConfig{Resend: 100 * time.Millisecond, Timeout: time.Second, FirstID: 7})
	now := time.Unix(0, 0)
	if _, err := a.Queue(&retrotank.GameStart{StartTime: 5}, now); err != nil {
		t.Fatal(err)
	}
	sends := 0
	for range 10 {
		if d := a.Deadline(); !d.Equal(now) || a.Expired(now) != nil {
			t.Fatalf("deadline %v at %v", d, now)
		}
		sends += drain(t, a.Next, now, func([]byte) {}) // no error before Timeout
		now = now.Add(100 * time.Millisecond)
	}
	if sends != 10 {
		t.Errorf("sent %d times in 1 s at 100 ms, want 10", sends)
	}
	if d := a.Deadline(); !d.Equal(now) {
		t.Errorf("deadline %v, want the timeout %v", d, now)
	}
	if err := a.Expired(now); !errors.Is(err, retrotank.ErrPeerTimeout) {
		t.Errorf("Expired: %v", err)
	}
	_, _, err := a.Next(now, nil)
	var te *retrotank.TimeoutError
	if !errors.Is(err, retrotank.ErrPeerTimeout) || !errors.As(err, &te) || te.ID != 7 || te.Type != retrotank.MsgTypeGameStart {
		t.Fatalf("after Timeout: %v", err)
	}
	if want := "retrotank: peer stopped acknowledging: MSG_TYPE_GAME_START id 7 unacknowledged after 10 sends"; err.Error() != want {
		t.Errorf("error text %q, want %q", err, want)
	}
}

// TestAckerWindow: a full window refuses more, and frees up with acks.
func TestAckerWindow(t *testing.T) {
	a := retrotank.NewAcker(retrotank.AckConfig{Window: 3, FirstID: 65534})
	now := time.Unix(0, 0)
	for i := 0; i < 3; i++ {
		if _, err := a.Queue(&retrotank.PlayerSpawn{}, now); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := a.Queue(&retrotank.PlayerSpawn{}, now); !errors.Is(err, retrotank.ErrWindowFull) {
		t.Fatalf("4th in a window of 3: %v", err)
	}
	// acknowledge the middle one (id 65535) then the first (65534): two free.
	a.Receive(&retrotank.Ack{IDs: []retrotank.MessageID{65535}}, now)
	if _, err := a.Queue(&retrotank.PlayerSpawn{}, now); !errors.Is(err, retrotank.ErrWindowFull) {
		t.Fatalf("after acking a middle id the head still holds the window: %v", err)
	}
	a.Receive(&retrotank.Ack{IDs: []retrotank.MessageID{65534, 4242}}, now)
	for i := 0; i < 2; i++ {
		m := &retrotank.PlayerSpawn{}
		id, err := a.Queue(m, now)
		if err != nil {
			t.Fatal(err)
		}
		if want := retrotank.MessageID(1 + i); id != want || m.ID != want {
			t.Errorf("id %d (m.ID %d), want %d: ids wrap from 65535 to 0", id, m.ID, want)
		}
	}
	if a.InFlight() != 3 {
		t.Errorf("InFlight %d, want 3", a.InFlight())
	}
}

// TestAckerBatches: 600 messages received at once are acknowledged in
// ACKs of 253, 253 and 94 ids, each id once, and duplicates are not
// delivered again but acknowledged again.
func TestAckerBatches(t *testing.T) {
	a := retrotank.NewAcker(retrotank.AckConfig{})
	a.Client = 9
	now := time.Unix(0, 0)
	for i := 0; i < 506; i++ {
		if !a.Receive(&retrotank.PlayerUpdate{ID: retrotank.MessageID(i)}, now) {
			t.Fatalf("id %d not delivered", i)
		}
		if i < 3 && a.Receive(&retrotank.PlayerUpdate{ID: retrotank.MessageID(i)}, now) {
			t.Fatalf("duplicate id %d delivered", i)
		}
	}
	var sizes []int
	for {
		b, ok, err := a.Next(now, nil)
		if err != nil || !ok {
			break
		}
		var ack retrotank.Ack
		if err := ack.UnmarshalBinary(b); err != nil || ack.Client != 9 {
			t.Fatalf("ACK %x: %v", b, err)
		}
		sizes = append(sizes, len(ack.IDs))
	}
	if len(sizes) != 2 || sizes[0] != 253 || sizes[1] != 253 {
		t.Errorf("ACK sizes %v, want [253 253]", sizes)
	}
	// a copy of an acknowledged message is acknowledged again, not delivered
	if a.Receive(&retrotank.PlayerUpdate{ID: 5}, now) {
		t.Error("copy of id 5 delivered again")
	}
	b, ok, _ := a.Next(now, nil)
	if !ok || len(b) != 5 || b[3] != 0 || b[4] != 5 {
		t.Errorf("re-ACK of id 5: %x %v", b, ok)
	}
}

// TestAckerWrap: ids delivered across the 16-bit wrap stay exactly once,
// and an id seen 2^15 ids ago is new again.
func TestAckerWrap(t *testing.T) {
	a := retrotank.NewAcker(retrotank.AckConfig{})
	now := time.Unix(0, 0)
	id := retrotank.MessageID(65000)
	for i := 0; i < 70000; i++ {
		if !a.Receive(&retrotank.PlayerSpawn{ID: id}, now) {
			t.Fatalf("id %d (step %d) not delivered", id, i)
		}
		if a.Receive(&retrotank.PlayerSpawn{ID: id - 100}, now) && i >= 100 {
			t.Fatalf("old id %d delivered again", id-100)
		}
		id++
		for {
			if _, ok, _ := a.Next(now, nil); !ok {
				break
			}
		}
	}
}
