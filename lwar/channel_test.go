package lwar

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/gamewire/gamewire/wire"
	"github.com/gamewire/gamewire/wire/codec"
)

var t0 = time.Date(2013, 6, 4, 14, 51, 3, 0, time.UTC)

// ms returns t0 plus n milliseconds.
func ms(n int) time.Time { return t0.Add(time.Duration(n) * time.Millisecond) }

// chat returns a Chat message whose text is s.
func chat(s string) *Chat { return &Chat{PlayerID: ID{Generation: 1, Identity: 2}, Msg: []byte(s)} }

// testMessages returns the messages of a packet (their encodings), read
// with the package's Iterator.
func testMessages(t testing.TB, pkt []byte) [][]byte {
	t.Helper()
	var it Iterator
	if err := it.Reset(pkt); err != nil {
		t.Fatalf("packet header: %v", err)
	}
	var out [][]byte
	for it.Next() {
		out = append(out, append([]byte(nil), it.Bytes()...))
	}
	if err := it.Err(); err != nil {
		t.Fatalf("packet: %v", err)
	}
	return out
}

// seqOf returns the sequence number of a reliable message's encoding.
func seqOf(m []byte) uint32 { return codec.BigEndian.U32(m[1:]) }

// packet returns a packet with the given header and messages.
func packet(ack, ts uint32, msgs ...[]byte) []byte {
	h := Header{Ack: ack, Timestamp: ts}
	b, _ := h.AppendBinary(nil)
	for _, m := range msgs {
		b = append(b, m...)
	}
	return b
}

// reliableMsg returns the encoding of a Chat with sequence number seq.
func reliableMsg(seq uint32, s string) []byte {
	m := chat(s)
	m.Seqno = seq
	b, _ := m.AppendBinary(nil)
	return b
}

func TestChannelSequenceNumbers(t *testing.T) {
	c := NewChannel(ChannelConfig{}, t0)
	for i, s := range []string{"a", "bb", "ccc"} {
		seq, err := c.QueueReliable(chat(s))
		if err != nil || seq != uint32(i+1) {
			t.Fatalf("QueueReliable #%d = %d, %v; want %d, nil", i, seq, err, i+1)
		}
	}
	p := c.AppendPacket(nil, ms(1234))
	var h Header
	if _, err := h.Decode(p); err != nil {
		t.Fatal(err)
	}
	if h.Ack != 0 || h.Timestamp != 1234 {
		t.Errorf("header = %+v, want ack 0, timestamp 1234", h)
	}
	msgs := testMessages(t, p)
	if len(msgs) != 3 {
		t.Fatalf("packet holds %d messages, want 3", len(msgs))
	}
	for i, m := range msgs {
		if got := seqOf(m); got != uint32(i+1) {
			t.Errorf("message %d has seqno %d, want %d", i, got, i+1)
		}
	}
}

func TestChannelResendUntilAcked(t *testing.T) {
	c := NewChannel(ChannelConfig{}, t0)
	for _, s := range []string{"1", "2", "3"} {
		if _, err := c.QueueReliable(chat(s)); err != nil {
			t.Fatal(err)
		}
	}
	steps := []struct {
		ack  uint32 // ack the peer sends before the packet is built
		want []uint32
	}{
		{0, []uint32{1, 2, 3}},
		{0, []uint32{1, 2, 3}}, // nothing acked: everything again
		{1, []uint32{2, 3}},
		{1, []uint32{2, 3}}, // a repeated ack changes nothing
		{0, []uint32{2, 3}}, // an older ack (reordered packet) changes nothing
		{3, nil},
	}
	for i, s := range steps {
		if _, err := c.Receive(packet(s.ack, uint32(i)), ms(i)); err != nil {
			t.Fatal(err)
		}
		p := c.AppendPacket(nil, ms(i))
		var got []uint32
		for _, m := range testMessages(t, p) {
			got = append(got, seqOf(m))
		}
		if !slices.Equal(got, s.want) {
			t.Errorf("step %d (ack %d): packet carries %v, want %v", i, s.ack, got, s.want)
		}
	}
	if c.NeedsSend(ms(10)) {
		t.Error("NeedsSend true with nothing left to send")
	}
	st := c.Stats()
	if st.ReliableSent != 3 || st.ReliableResent != 9 || st.Acknowledged != 3 {
		t.Errorf("stats %+v", st)
	}
}

func TestChannelResendInterval(t *testing.T) {
	c := NewChannel(ChannelConfig{ResendInterval: 100 * time.Millisecond}, t0)
	if _, err := c.QueueReliable(chat("x")); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		at   int
		want int // messages in the packet
	}{{0, 1}, {50, 0}, {99, 0}, {100, 1}, {150, 0}, {200, 1}}
	for _, tt := range tests {
		if got := c.NeedsSend(ms(tt.at)); got != (tt.want > 0) {
			t.Errorf("NeedsSend at %d ms = %v", tt.at, got)
		}
		p := c.AppendPacket(nil, ms(tt.at))
		if got := len(testMessages(t, p)); got != tt.want {
			t.Errorf("packet at %d ms holds %d messages, want %d", tt.at, got, tt.want)
		}
	}
}

func TestChannelAdmitReliable(t *testing.T) {
	tests := []struct {
		name string
		seqs []uint32
		want []bool
		ack  uint32
	}{
		{"in order", []uint32{1, 2, 3}, []bool{true, true, true}, 3},
		{"duplicates", []uint32{1, 1, 2, 1, 2}, []bool{true, false, true, false, false}, 2},
		{"gap", []uint32{2, 3, 1, 3, 2}, []bool{false, false, true, false, true}, 2},
		{"zero", []uint32{0, 1}, []bool{false, true}, 1},
		{"far ahead", []uint32{1 << 31, 1}, []bool{false, true}, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := NewChannel(ChannelConfig{}, t0)
			for i, s := range tt.seqs {
				if _, err := c.Receive(packet(0, 0, reliableMsg(s, "m")), ms(i)); err != nil {
					t.Fatal(err)
				}
				if got := c.Admit(reliableMsg(s, "m")); got != tt.want[i] {
					t.Errorf("Admit(seq %d) #%d = %v, want %v", s, i, got, tt.want[i])
				}
			}
			if c.Ack() != tt.ack {
				t.Errorf("Ack() = %d, want %d", c.Ack(), tt.ack)
			}
			// The next packet carries the ack.
			var h Header
			_, _ = h.Decode(c.AppendPacket(nil, ms(100)))
			if h.Ack != tt.ack {
				t.Errorf("packet ack = %d, want %d", h.Ack, tt.ack)
			}
		})
	}
}

func TestChannelAdmitUnreliable(t *testing.T) {
	coll, _ := (&Collision{X: 1}).AppendBinary(nil)
	tests := []struct {
		name string
		ts   []uint32
		want []bool
	}{
		{"increasing", []uint32{1, 2, 3}, []bool{true, true, true}},
		{"equal is current", []uint32{5, 5}, []bool{true, true}},
		{"older dropped", []uint32{10, 9, 11, 10, 12}, []bool{true, false, true, false, true}},
		{"zero first", []uint32{0, 0, 1}, []bool{true, true, true}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := NewChannel(ChannelConfig{}, t0)
			for i, ts := range tt.ts {
				if _, err := c.Receive(packet(0, ts, coll), ms(i)); err != nil {
					t.Fatal(err)
				}
				if got := c.Admit(coll); got != tt.want[i] {
					t.Errorf("timestamp %d (#%d): Admit = %v, want %v", ts, i, got, tt.want[i])
				}
			}
		})
	}
}

func TestChannelAdmitMalformed(t *testing.T) {
	c := NewChannel(ChannelConfig{}, t0)
	if _, err := c.Receive(packet(0, 0), t0); err != nil {
		t.Fatal(err)
	}
	for _, m := range [][]byte{nil, {}, {byte(TypeChat)}, {byte(TypeChat), 0, 0, 1}} {
		if c.Admit(m) {
			t.Errorf("Admit(%x) = true", m)
		}
	}
	if c.Ack() != 0 {
		t.Errorf("Ack moved to %d", c.Ack())
	}
}

func TestChannelReceiveBadHeader(t *testing.T) {
	c := NewChannel(ChannelConfig{}, t0)
	if _, err := c.QueueReliable(chat("x")); err != nil {
		t.Fatal(err)
	}
	good := packet(1, 7)
	bad := append([]byte(nil), good...)
	bad[0] ^= 1
	tests := []struct {
		name string
		pkt  []byte
		kind error
	}{
		{"empty", nil, wire.ErrShort},
		{"short", good[:11], wire.ErrShort},
		{"app id", bad, wire.ErrInvalid},
		// Longer than HardMaxPacketSize: the Iterator rejects it, so the
		// channel must not take its ack, time or timestamp either.
		{"oversized", append(packet(1, 7), make([]byte, HardMaxPacketSize)...), wire.ErrTooLong},
	}
	for _, tt := range tests {
		if _, err := c.Receive(tt.pkt, ms(20000)); !errors.Is(err, tt.kind) {
			t.Errorf("%s: err = %v, want %v", tt.name, err, tt.kind)
		}
	}
	if c.Unacked() != 1 || !c.LastReceived().Equal(t0) {
		t.Errorf("a bad packet changed the state: unacked %d, last received %v", c.Unacked(), c.LastReceived())
	}
	if c.Stats().BadPackets != len(tests) {
		t.Errorf("BadPackets = %d", c.Stats().BadPackets)
	}
}

func TestChannelBogusAck(t *testing.T) {
	c := NewChannel(ChannelConfig{}, t0)
	if _, err := c.QueueReliable(chat("x")); err != nil {
		t.Fatal(err)
	}
	if _, err := c.Receive(packet(1000, 0), t0); err != nil {
		t.Fatal(err)
	}
	if c.Acked() != 1 || c.Unacked() != 0 || c.Stats().BogusAcks != 1 {
		t.Fatalf("acked %d unacked %d stats %+v", c.Acked(), c.Unacked(), c.Stats())
	}
	// Later messages are still sent: the clamped ack does not cover them.
	if seq, _ := c.QueueReliable(chat("y")); seq != 2 {
		t.Fatalf("seq %d", seq)
	}
	if c.Unacked() != 1 {
		t.Errorf("message 2 treated as acknowledged")
	}
}

func TestChannelTimeout(t *testing.T) {
	c := NewChannel(ChannelConfig{}, t0)
	tests := []struct {
		at   time.Duration
		want bool
	}{{0, false}, {DisconnectTimeout, false}, {DisconnectTimeout + time.Millisecond, true}}
	for _, tt := range tests {
		if got := c.TimedOut(t0.Add(tt.at)); got != tt.want {
			t.Errorf("TimedOut(+%v) = %v", tt.at, got)
		}
	}
	if _, err := c.Receive(packet(0, 0), t0.Add(10*time.Second)); err != nil {
		t.Fatal(err)
	}
	if c.TimedOut(t0.Add(20 * time.Second)) {
		t.Error("timed out 10 s after a packet")
	}
	if !c.TimedOut(t0.Add(26 * time.Second)) {
		t.Error("not timed out 16 s after the last packet")
	}
}

func TestChannelPacketSize(t *testing.T) {
	c := NewChannel(ChannelConfig{}, t0)
	// Chats of 10+200 bytes: two fit in a packet (12+420 <= 512), three do not.
	text := string(bytes.Repeat([]byte{'x'}, 200))
	for i := 0; i < 5; i++ {
		if _, err := c.QueueReliable(chat(text)); err != nil {
			t.Fatal(err)
		}
	}
	coll := &Collision{}
	for i := 0; i < 3; i++ {
		if err := c.QueueUnreliable(coll); err != nil {
			t.Fatal(err)
		}
	}
	p := c.AppendPacket(nil, t0)
	if len(p) > MaxPacketSize {
		t.Fatalf("packet of %d bytes", len(p))
	}
	msgs := testMessages(t, p)
	var rel, unrel int
	for _, m := range msgs {
		if Type(m[0]).Reliable() {
			rel++
		} else {
			unrel++
		}
	}
	// 12 + 2*210 = 432, room for 80 more: six Collisions (13 bytes) would fit, three are queued.
	if rel != 2 || unrel != 3 {
		t.Errorf("packet holds %d reliable, %d unreliable; want 2, 3", rel, unrel)
	}
	// Everything acknowledged in turn comes out in order, one packet at a time.
	next := uint32(1)
	for round := 0; round < 5 && c.Unacked() > 0; round++ {
		if _, err := c.Receive(packet(next-1, 0), ms(round+1)); err != nil {
			t.Fatal(err)
		}
		p := c.AppendPacket(nil, ms(round+1))
		if len(p) > MaxPacketSize {
			t.Fatalf("packet of %d bytes", len(p))
		}
		for _, m := range testMessages(t, p) {
			if seqOf(m) != next {
				t.Fatalf("round %d: seq %d, want %d", round, seqOf(m), next)
			}
			next++
		}
	}
}

func TestChannelQueueBounds(t *testing.T) {
	t.Run("messages", func(t *testing.T) {
		c := NewChannel(ChannelConfig{MaxPending: 4}, t0)
		for i := 0; i < 4; i++ {
			if _, err := c.QueueReliable(chat("x")); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := c.QueueReliable(chat("x")); !errors.Is(err, ErrQueueFull) {
			t.Fatalf("5th message: %v, want ErrQueueFull", err)
		}
		if c.LastSeq() != 4 {
			t.Errorf("a refused message used a sequence number: %d", c.LastSeq())
		}
		if _, err := c.Receive(packet(2, 0), t0); err != nil {
			t.Fatal(err)
		}
		for i := 0; i < 2; i++ {
			if seq, err := c.QueueReliable(chat("x")); err != nil || seq != uint32(5+i) {
				t.Fatalf("after ack: %d, %v", seq, err)
			}
		}
	})
	t.Run("bytes", func(t *testing.T) {
		c := NewChannel(ChannelConfig{MaxPendingBytes: 100}, t0)
		var n int
		for {
			_, err := c.QueueReliable(chat("0123456789")) // 20 bytes
			if errors.Is(err, ErrQueueFull) {
				break
			}
			if err != nil {
				t.Fatal(err)
			}
			n++
		}
		if n != 5 {
			t.Errorf("%d messages of 20 bytes fit into 100, want 5", n)
		}
	})
	t.Run("unreliable", func(t *testing.T) {
		c := NewChannel(ChannelConfig{MaxUnreliable: 2}, t0)
		coll := &Collision{}
		for i := 0; i < 2; i++ {
			if err := c.QueueUnreliable(coll); err != nil {
				t.Fatal(err)
			}
		}
		if err := c.QueueUnreliable(coll); !errors.Is(err, ErrQueueFull) {
			t.Fatalf("3rd: %v", err)
		}
		c.AppendPacket(nil, t0)
		if c.QueuedUnreliable() != 0 {
			t.Fatal("unreliable messages not sent")
		}
		if err := c.QueueUnreliable(coll); err != nil {
			t.Fatal(err)
		}
	})
	t.Run("wrong kind", func(t *testing.T) {
		c := NewChannel(ChannelConfig{}, t0)
		if _, err := c.QueueReliable(&Collision{}); !errors.Is(err, wire.ErrInvalid) {
			t.Errorf("QueueReliable(Collision): %v", err)
		}
		if err := c.QueueUnreliable(chat("x")); !errors.Is(err, wire.ErrInvalid) {
			t.Errorf("QueueUnreliable(Chat): %v", err)
		}
		if _, err := c.QueueReliable(rawMsg(make([]byte, MaxMessageSize+1))); !errors.Is(err, wire.ErrTooLong) {
			t.Errorf("oversized: %v", err)
		}
		if _, err := c.QueueReliable(rawMsg{byte(TypeChat), 0}); !errors.Is(err, wire.ErrShort) {
			t.Errorf("2-byte reliable: %v", err)
		}
		if _, err := c.QueueReliable(rawMsg{}); !errors.Is(err, wire.ErrShort) {
			t.Errorf("empty: %v", err)
		}
	})
}

// rawMsg is a message given by its bytes.
type rawMsg []byte

func (r rawMsg) AppendBinary(b []byte) ([]byte, error) { return append(b, r...), nil }

// TestChannelRing drives the ring with random pushes and pops against a
// plain slice model.
func TestChannelRing(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for run := 0; run < 50; run++ {
		r := newChRing(1+rng.IntN(16), 1+rng.IntN(200))
		var model [][]byte
		for step := 0; step < 2000; step++ {
			if rng.IntN(2) == 0 {
				msg := make([]byte, 1+rng.IntN(40))
				for i := range msg {
					msg[i] = byte(rng.Uint32())
				}
				off := r.reserve(len(msg))
				if off < 0 {
					// Full: out of entries, or out of contiguous bytes
					// (which, with at most 40 bytes lost at the arena's
					// end, means more than half of it is in use).
					if r.n < len(r.ents) && r.usedBytes()+len(msg)+40 <= len(r.arena)/2 {
						t.Fatalf("run %d step %d: refused %d bytes with %d of %d used", run, step, len(msg), r.usedBytes(), len(r.arena))
					}
					continue
				}
				r.push(off, msg, uint32(step))
				model = append(model, msg)
			} else if len(model) > 0 {
				r.pop()
				model = model[1:]
			}
			if r.n != len(model) {
				t.Fatalf("run %d step %d: %d entries, model %d", run, step, r.n, len(model))
			}
			for k, m := range model {
				e := r.at(k)
				if e.off+e.n > len(r.arena) || !bytes.Equal(r.bytes(e), m) {
					t.Fatalf("run %d step %d: entry %d corrupted", run, step, k)
				}
			}
		}
	}
}

// usedBytes returns the bytes of the queued messages (not counting space
// lost at the arena's end when it wrapped).
func (r *chRing) usedBytes() int {
	s := 0
	for k := 0; k < r.n; k++ {
		s += r.at(k).n
	}
	return s
}
