package lwar_test

import (
	"bytes"
	"errors"
	"net/netip"
	"testing"
	"time"

	"github.com/gamewire/gamewire/internal/codectest"
	"github.com/gamewire/gamewire/lwar"
	"github.com/gamewire/gamewire/wire"
)

// oversizePacket builds what the original server sends when many
// messages are queued (docs/errata/lwar.md, E5): a packet that was under
// 512 bytes before its last message, a Join with a long name, was
// appended. It returns the datagram and the number of messages.
func oversizePacket(t testing.TB) ([]byte, int) {
	t.Helper()
	p := lwar.Packet{Header: lwar.Header{Ack: 1, Timestamp: 300}}
	seq := uint32(1)
	for p.Size() < 500 {
		p.Messages = append(p.Messages, &lwar.Join{Seqno: seq, PlayerID: lwar.ID{Identity: uint16(seq)}, Name: []byte("player")})
		seq++
	}
	p.Messages = append(p.Messages, &lwar.Join{Seqno: seq, PlayerID: lwar.ID{Identity: uint16(seq)}, Name: bytes.Repeat([]byte("n"), 255)})
	b, err := p.AppendLax(nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(b) <= lwar.MaxPacketSize || len(b) > lwar.HardMaxPacketSize {
		t.Fatalf("test packet of %d bytes", len(b))
	}
	if _, err := p.AppendBinary(nil); !errors.Is(err, wire.ErrTooLong) {
		t.Fatalf("AppendBinary of %d bytes: %v, want ErrTooLong", len(b), err)
	}
	return b, len(p.Messages)
}

// TestOversizePacket: a datagram over 512 bytes, up to HardMaxPacketSize,
// decodes under wire.Checked (flagged) and wire.Lax (silently), and is
// rejected under wire.Strict; a larger one is rejected under every
// policy (issue 10, point 5).
func TestOversizePacket(t *testing.T) {
	b, n := oversizePacket(t)
	huge := append(append([]byte(nil), b...), make([]byte, lwar.HardMaxPacketSize)...)
	tests := []struct {
		policy wire.Policy
		reset  error // Reset's error
		msgs   int   // messages walked
		err    error // Err after the walk
	}{
		{wire.Checked, nil, n, wire.ErrTooLong},
		{wire.Lax, nil, n, nil},
		{wire.Strict, wire.ErrTooLong, 0, wire.ErrTooLong},
	}
	for _, tt := range tests {
		it := lwar.Iterator{Policy: tt.policy, From: lwar.FromServer}
		err := it.Reset(b)
		if !errors.Is(err, tt.reset) || (tt.reset == nil) != (err == nil) {
			t.Errorf("%v: Reset: %v, want %v", tt.policy, err, tt.reset)
		}
		k := 0
		for it.Next() {
			k++
		}
		if k != tt.msgs {
			t.Errorf("%v: walked %d messages, want %d", tt.policy, k, tt.msgs)
		}
		if err := it.Err(); !errors.Is(err, tt.err) || (tt.err == nil) != (err == nil) {
			t.Errorf("%v: Err: %v, want %v", tt.policy, err, tt.err)
		}
		if tt.msgs > 0 && it.Header.Timestamp != 300 {
			t.Errorf("%v: header %+v", tt.policy, it.Header)
		}
		if err := it.Reset(huge); !errors.Is(err, wire.ErrTooLong) || it.Next() {
			t.Errorf("%v: a datagram of %d bytes: %v", tt.policy, len(huge), err)
		}
	}

	// The convenient level keeps it too, flagged, and re-encodes it.
	var p lwar.Packet
	if err := p.UnmarshalBinary(b); !errors.Is(err, wire.ErrTooLong) || len(p.Messages) != n {
		t.Fatalf("Packet: %d messages, %v", len(p.Messages), err)
	}
	if back, err := p.AppendLax(nil); err != nil || !bytes.Equal(back, b) {
		t.Errorf("AppendLax: %v, %x", err, back)
	}
}

// TestOversizeChannel: the Channel takes an over-size packet as the
// Iterator does under each policy; the Client keeps what the original
// server sends.
func TestOversizeChannel(t *testing.T) {
	b, _ := oversizePacket(t)
	now := time.Unix(1370350283, 0)
	for _, tt := range []struct {
		policy        wire.Policy
		take          bool
		err           error
		bad, oversize int
	}{
		{wire.Checked, true, wire.ErrTooLong, 0, 1},
		{wire.Lax, true, nil, 0, 1},
		{wire.Strict, false, wire.ErrTooLong, 1, 0},
	} {
		c := lwar.NewChannel(lwar.ChannelConfig{Policy: tt.policy}, now)
		msgs, err := c.Receive(b, now)
		if (msgs != nil) != tt.take || !errors.Is(err, tt.err) || (tt.err == nil) != (err == nil) {
			t.Errorf("%v: Receive took %d bytes, %v", tt.policy, len(msgs), err)
		}
		if s := c.Stats(); s.BadPackets != tt.bad || s.OversizePackets != tt.oversize {
			t.Errorf("%v: stats %+v", tt.policy, s)
		}
	}

	// A connecting client gets its Join (seqno 1) in an over-size packet:
	// it takes it whole (no error: the packet was not refused), is
	// synchronizing afterwards, and the channel counts the packet.
	p := lwar.Packet{Header: lwar.Header{Ack: 1, Timestamp: 1}}
	p.Messages = append(p.Messages, &lwar.Join{Seqno: 1, PlayerID: lwar.ID{Identity: 1}, Name: []byte("alice")})
	for p.Size() < 600 {
		p.Messages = append(p.Messages, &lwar.Chat{Seqno: uint32(len(p.Messages) + 1), Msg: bytes.Repeat([]byte("c"), 40)})
	}
	pkt, err := p.AppendLax(nil)
	if err != nil {
		t.Fatal(err)
	}
	c := lwar.NewClient(lwar.ClientConfig{})
	if err := c.Join(now, []byte("alice")); err != nil {
		t.Fatal(err)
	}
	if err := c.Handle(now.Add(time.Millisecond), netip.AddrPort{}, pkt); err != nil {
		t.Errorf("Client.Handle of a packet it took: %v", err)
	}
	got := 0
	for _, ok := c.Event(); ok; _, ok = c.Event() {
		got++
	}
	if c.State() != lwar.ClientSyncing || got != len(p.Messages) || c.Channel().Stats().OversizePackets != 1 {
		t.Errorf("client state %v, %d of %d messages handled, stats %+v", c.State(), got, len(p.Messages), c.Channel().Stats())
	}
}

// TestIteratorStrictRules: under wire.Strict a message that breaks a rule
// ends the walk with its error, at its offset in the packet; under the
// other policies it is returned (the session layers validate).
func TestIteratorStrictRules(t *testing.T) {
	b := codectest.Hex(t, "f27087c5 00000000 00000000 | 68 | 01 00000000 03 616263 | 68")
	for _, p := range []wire.Policy{wire.Checked, wire.Lax, wire.Strict} {
		it := lwar.Iterator{Policy: p}
		if err := it.Reset(b); err != nil {
			t.Fatal(err)
		}
		n := 0
		for it.Next() {
			n++
		}
		if p != wire.Strict {
			if n != 3 || it.Err() != nil {
				t.Errorf("%v: %d messages, %v", p, n, it.Err())
			}
			continue
		}
		if n != 1 {
			t.Errorf("strict: %d messages before the rule-breaking Connect, want 1", n)
		}
		wantErr(t, it.Err(), wire.ErrInvalid, "seqno", 13+1)
		if it.Offset() != 13 || len(it.Rest()) != 10 {
			t.Errorf("strict: offset %d, rest %d bytes", it.Offset(), len(it.Rest()))
		}
	}
}
