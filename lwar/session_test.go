package lwar

import (
	"errors"
	"net/netip"
	"testing"
	"time"

	"github.com/gamewire/gamewire/internal/codectest"
	"github.com/gamewire/gamewire/session"
	"github.com/gamewire/gamewire/wire"
)

// TestNilArguments: every exported function and method that takes a
// message returns an error for nil, a nil pointer of a message type
// included, and never panics.
func TestNilArguments(t *testing.T) {
	var nilChat *Chat
	srv := NewServer(ServerConfig{})
	for _, tc := range []struct {
		name string
		call func(m Message) error
	}{
		{"Channel.QueueReliable", func(m Message) error { _, err := NewChannel(ChannelConfig{}, t0).QueueReliable(m); return err }},
		{"Channel.QueueUnreliable", func(m Message) error { return NewChannel(ChannelConfig{}, t0).QueueUnreliable(m) }},
		{"zero Channel.QueueReliable", func(m Message) error { var ch Channel; _, err := ch.QueueReliable(m); return err }},
		{"Builder.Add", func(m Message) error { var b Builder; _, err := b.Add(m); return err }},
		{"Builder.Fill", func(m Message) error { var b Builder; _, _, err := b.Fill([]Message{m}, nil); return err }},
		{"Packet.AppendBinary", func(m Message) error { _, err := (&Packet{Messages: []Message{m}}).AppendBinary(nil); return err }},
		{"Packet.MarshalBinary", func(m Message) error { _, err := (&Packet{Messages: []Message{m}}).MarshalBinary(); return err }},
		{"Server.Send", func(m Message) error { return srv.Send(ID{Identity: 1}, m) }},
		{"Server.Broadcast", func(m Message) error { return srv.Broadcast(m) }},
		{"zero Server.Broadcast", func(m Message) error { var s Server; return s.Broadcast(m) }},
	} {
		for _, m := range []Message{nil, nilChat} {
			if err := tc.call(m); err == nil {
				t.Errorf("%s(%#v) returned no error", tc.name, m)
			}
		}
	}
	if TypeOf(nil) != 0 || TypeOf(nilChat) != 0 {
		t.Error("TypeOf(nil) is not 0")
	}
}

// TestZeroValues: the zero value of every exported session type works or
// refuses with an error; nothing panics.
func TestZeroValues(t *testing.T) {
	pkt := packet(1, 0, reliableMsg(1, "x"))
	now := t0
	t.Run("Client", func(t *testing.T) {
		var c Client
		if err := c.Handle(now, netip.AddrPort{}, pkt); err != nil {
			t.Errorf("Handle before Join: %v", err)
		}
		if _, _, ok := c.Transmit(now, nil); ok || !c.Deadline().IsZero() || c.Done() || c.Channel() != nil {
			t.Error("an idle client sends or wants a Tick")
		}
		c.Tick(now)
		if _, ok := c.Event(); ok || len(c.Players(nil)) != 0 || len(c.Entities(nil)) != 0 || c.State() != ClientIdle {
			t.Error("an idle client has events, players or a state")
		}
		if _, ok := c.Entity(ID{}); ok {
			t.Error("an idle client has an entity")
		}
		for name, err := range map[string]error{
			"Move": c.Move(Controls{}), "Chat": c.Chat([]byte("x")), "Rename": c.Rename([]byte("x")),
			"Select": c.Select(1, [4]uint8{}), "Leave": c.Leave(),
		} {
			var se *session.SequenceError
			if !errors.As(err, &se) || !errors.Is(err, ErrSequence) || se.State != "idle" {
				t.Errorf("%s before Join: %v, want a *session.SequenceError in state idle", name, err)
			}
		}
		// The zero Client is ready: it joins.
		if err := c.Join(now, []byte("zero")); err != nil || c.State() != ClientConnecting {
			t.Fatalf("Join: %v, state %v", err, c.State())
		}
		if _, _, ok := c.Transmit(now, nil); !ok {
			t.Error("a joining client sends no Connect")
		}
		if err := c.Join(now, []byte("again")); !errors.Is(err, ErrSequence) {
			t.Errorf("a second Join: %v", err)
		}
	})
	t.Run("Server", func(t *testing.T) {
		var s Server
		if _, _, ok := s.Transmit(now, nil); ok || !s.Deadline().IsZero() || s.Done() {
			t.Error("an empty server sends or wants a Tick")
		}
		s.Tick(now)
		if _, ok := s.Event(); ok || len(s.Players(nil)) != 0 || s.Channel(ID{Identity: 1}) != nil {
			t.Error("an empty server has events or players")
		}
		if err := s.Send(ID{Identity: 1}, &Chat{}); !errors.Is(err, ErrUnknownPlayer) {
			t.Errorf("Send: %v", err)
		}
		if err := s.RemoveEntity(ID{}); !errors.Is(err, ErrUnknownEntity) {
			t.Errorf("RemoveEntity: %v", err)
		}
		// The zero Server is ready: it admits a client.
		connect, _ := (&Connect{Seqno: 1, Name: []byte("zero")}).AppendBinary(nil)
		if err := s.Handle(now, netip.MustParseAddrPort("127.0.0.1:9"), packet(0, 0, connect)); err != nil || len(s.Players(nil)) != 1 {
			t.Errorf("Handle of a Connect: %v, players %v", err, s.Players(nil))
		}
	})
	t.Run("Channel", func(t *testing.T) {
		var ch Channel
		if _, err := ch.Receive(pkt, now); err != nil {
			t.Errorf("Receive: %v", err)
		}
		ch.Admit(pkt[HeaderSize:])
		if _, err := ch.QueueReliable(&Chat{Msg: []byte("x")}); err != nil {
			t.Errorf("QueueReliable: %v", err)
		}
		if b := ch.AppendPacket(nil, now); len(b) <= HeaderSize || ch.Deadline().IsZero() {
			t.Errorf("AppendPacket: %x", b)
		}
	})
	t.Run("others", func(t *testing.T) {
		var it Iterator
		var b Builder
		var p Packet
		var tr InputTracker
		if it.Next() || it.Message() != nil || it.Bytes() != nil || b.Len() != 0 || p.Size() != HeaderSize {
			t.Error("zero Iterator, Builder or Packet")
		}
		tr.Take(1)
		var q events
		if _, ok := q.pop(); ok {
			t.Error("zero events")
		}
	})
}

// TestClientActions: the actions fill the client's own player id and the
// Input's frame counter and histories, check what they send, and refuse
// what the state does not allow; Lax lets a fuzzer send it all the same.
func TestClientActions(t *testing.T) {
	n, a := connectedAlice(t, ServerConfig{})
	me := a.c.Player()
	for i, held := range []bool{true, false, true} {
		if err := a.c.Move(Controls{Forward: held, Shooting: [4]bool{held}, AimX: int16(i), AimY: -1}); err != nil {
			t.Fatal(err)
		}
		n.step(30 * time.Millisecond)
	}
	ins := eventsOf(n.events, EventInput)
	if len(ins) != 3 {
		t.Fatalf("%d input events, want 3", len(ins))
	}
	for i, want := range []Input{
		{PlayerID: me, FrameNo: 1, Forward: 0b1, Shooting: [4]uint8{0b1}, AimX: 0, AimY: -1},
		{PlayerID: me, FrameNo: 2, Forward: 0b10, Shooting: [4]uint8{0b10}, AimX: 1, AimY: -1},
		{PlayerID: me, FrameNo: 3, Forward: 0b101, Shooting: [4]uint8{0b101}, AimX: 2, AimY: -1},
	} {
		if ins[i].Input != want || ins[i].Mask != 1 {
			t.Errorf("input %d: %+v mask %d, want %+v", i, ins[i].Input, ins[i].Mask, want)
		}
	}
	if err := a.c.Select(EntityTypeShip, [4]uint8{EntityTypeGun, EntityTypePhaser}); err != nil {
		t.Fatal(err)
	}
	if err := a.c.Rename([]byte("alicia")); err != nil {
		t.Fatal(err)
	}
	n.run("selection and name", 10, func() bool { return len(eventsOf(a.got, EventName)) == 1 })
	if p := a.c.Players(nil)[0]; p.ID != me || string(p.Name) != "alicia" || p.Ship != EntityTypeShip || p.Weapons[1] != EntityTypePhaser {
		t.Errorf("alice's own roster entry %+v", p)
	}
	if sel := eventsOf(n.events, EventSelection); len(sel) != 1 || sel[0].Player != me || sel[0].Ship != EntityTypeShip {
		t.Errorf("server selection events %+v", sel)
	}
	// What the spec forbids is refused before it is queued.
	queued := a.c.Channel().LastSeq()
	if err := a.c.Chat([]byte{0xff}); !errors.Is(err, wire.ErrInvalid) {
		t.Errorf("Chat of bad UTF-8: %v", err)
	}
	if err := a.c.Chat(make([]byte, MaxChatMessageLength+1)); err == nil {
		t.Error("Chat of 256 bytes accepted")
	}
	if a.c.Channel().LastSeq() != queued {
		t.Error("a refused message was queued")
	}
	// Lax sends the bad name, and the server refuses it.
	a.c.cfg.Lax = true
	if err := a.c.Rename(make([]byte, MaxPlayerNameLength+1)); err != nil {
		t.Errorf("Lax Rename: %v", err)
	}
	n.step(30 * time.Millisecond)
	if len(n.refused) != 1 || !errors.Is(n.refused[0], wire.ErrTooLong) {
		t.Errorf("the server's refusals %v", n.refused)
	}
	// Leave, then nothing more is allowed.
	a.c.cfg.Lax = false
	if err := a.c.Leave(); err != nil {
		t.Fatal(err)
	}
	for name, err := range map[string]error{"Move": a.c.Move(Controls{}), "Chat": a.c.Chat(nil), "Leave": a.c.Leave()} {
		if !errors.Is(err, ErrSequence) {
			t.Errorf("%s while disconnecting: %v", name, err)
		}
	}
	// The server refuses to send what the session sends itself, and a
	// client's message.
	for _, m := range []Message{&Join{}, &Leave{}, &Synced{}, &Full{}, &Input{}, &Connect{}} {
		if err := n.srv.Broadcast(m); err == nil {
			t.Errorf("Broadcast(%v) accepted", TypeOf(m))
		}
	}
}

// TestClientAbort: Leave while connecting stops the client at once.
func TestClientAbort(t *testing.T) {
	c := NewClient(ClientConfig{})
	if err := c.Join(t0, []byte("x")); err != nil {
		t.Fatal(err)
	}
	if err := c.Leave(); err != nil || c.State() != ClientAborted || !c.Done() {
		t.Errorf("Leave while connecting: %v, state %v", err, c.State())
	}
	if _, _, ok := c.Transmit(t0, nil); ok {
		t.Error("an aborted client sends")
	}
}

// TestTransmitPacing: Transmit returns ok=false once nothing is due, so a
// "call until ok is false" loop ends (the old AppendPacket built a packet
// on every call while connecting, syncing and disconnecting), and
// Deadline says when the next resend is due: InputInterval after the
// last for a client, ServerSendInterval for a server.
func TestTransmitPacing(t *testing.T) {
	c := NewClient(ClientConfig{})
	if err := c.Join(t0, []byte("x")); err != nil {
		t.Fatal(err)
	}
	count := func(now time.Time) int {
		k := 0
		for ; k < 100; k++ {
			if _, _, ok := c.Transmit(now, nil); !ok {
				break
			}
		}
		return k
	}
	if k := count(t0); k != 1 {
		t.Fatalf("connecting: %d packets at one instant, want 1", k)
	}
	if d := c.Deadline(); !d.Equal(t0.Add(InputInterval)) {
		t.Errorf("deadline %v after t0, want InputInterval", d.Sub(t0))
	}
	if k := count(t0.Add(InputInterval / 2)); k != 0 {
		t.Errorf("%d packets before the deadline", k)
	}
	if k := count(t0.Add(InputInterval)); k != 1 {
		t.Errorf("%d packets at the deadline, want the resend", k)
	}
	// A server with a client: its deadline is the client's resend.
	n, a := connectedAlice(t, ServerConfig{})
	if err := n.srv.Send(a.c.Player(), &Chat{Msg: []byte("x")}); err != nil {
		t.Fatal(err)
	}
	k := 0
	for ; k < 100; k++ {
		if _, _, ok := n.srv.Transmit(n.now, nil); !ok {
			break
		}
	}
	if k != 1 || !n.srv.Deadline().Equal(n.now.Add(ServerSendInterval)) {
		t.Errorf("server: %d packets, deadline %v after now", k, n.srv.Deadline().Sub(n.now))
	}
}

// TestClientRoster: Add, the update messages, Stats and Remove keep the
// client's entities and players.
func TestClientRoster(t *testing.T) {
	n, a := connectedAlice(t, ServerConfig{})
	me := a.c.Player()
	ship := Entity{ID: ID{Identity: 7}, Player: me, Type: EntityTypeShip}
	ray := Entity{ID: ID{Identity: 8}, Player: me, Type: EntityTypeRay}
	for _, e := range []Entity{ship, ray} {
		if err := n.srv.AddEntity(e); err != nil {
			t.Fatal(err)
		}
	}
	for _, m := range []Message{
		&Update{Entries: []UpdateEntry{{EntityID: ship.ID, X: 10, Y: -20, Orientation: 90, Health: 50}}},
		&UpdateRay{Entries: []UpdateRayEntry{{EntityID: ray.ID, X: 1, Y: 2, Orientation: 45, Length: 300}}},
		&Stats{Entries: []StatsEntry{{Player: me, Kills: 3, Deaths: 1, Ping: 20}}},
		&Collision{EntityIDs: [2]ID{ship.ID, ray.ID}, X: 5, Y: 6},
	} {
		if err := n.srv.Broadcast(m); err != nil {
			t.Fatal(err)
		}
	}
	n.run("collision", 10, func() bool { return len(eventsOf(a.got, EventCollision)) == 1 })
	if e, _ := a.c.Entity(ship.ID); e.X != 10 || e.Y != -20 || e.Orientation != 90 || e.Health != 50 {
		t.Errorf("ship %+v", e)
	}
	if e, _ := a.c.Entity(ray.ID); e.Length != 300 || e.Orientation != 45 {
		t.Errorf("ray %+v", e)
	}
	if p := a.c.Players(nil)[0]; p.Kills != 3 || p.Ping != 20 {
		t.Errorf("stats %+v", p)
	}
	if c := eventsOf(a.got, EventCollision)[0]; c.Entity != ship.ID || c.Other != ray.ID || c.X != 5 {
		t.Errorf("collision %+v", c)
	}
	if err := n.srv.RemoveEntity(ship.ID); err != nil {
		t.Fatal(err)
	}
	n.run("remove", 10, func() bool { return len(eventsOf(a.got, EventRemove)) == 1 })
	if es := a.c.Entities(nil); len(es) != 1 || es[0].ID != ray.ID {
		t.Errorf("entities %+v", es)
	}
}

// TestClientSteadyStateAllocs: a connected client that moves, sends,
// and takes a packet of entity updates allocates nothing.
func TestClientSteadyStateAllocs(t *testing.T) {
	if codectest.RaceEnabled {
		t.Skip("allocation counts are not meaningful under the race detector")
	}
	n, a := connectedAlice(t, ServerConfig{})
	if err := n.srv.AddEntity(Entity{ID: ID{Identity: 7}, Type: EntityTypeShip}); err != nil {
		t.Fatal(err)
	}
	n.step(30 * time.Millisecond)
	upd := &Update{Entries: []UpdateEntry{{EntityID: ID{Identity: 7}, X: 1}}}
	hdr := Header{}
	pkt, _ := hdr.AppendBinary(nil)
	pkt, _ = upd.AppendBinary(pkt)
	buf := make([]byte, 0, MaxPacketSize)
	now := n.now
	frame := 0
	round := func() {
		now = now.Add(InputInterval)
		frame++
		if err := a.c.Move(Controls{Forward: frame%2 == 0}); err != nil {
			t.Fatal(err)
		}
		for {
			_, b, ok := a.c.Transmit(now, buf[:0])
			if !ok {
				break
			}
			buf = b
		}
		pkt[8], pkt[9], pkt[10], pkt[11] = byte(frame>>24), byte(frame>>16), byte(frame>>8), byte(frame)
		if err := a.c.Handle(now, netip.AddrPort{}, pkt); err != nil {
			t.Fatal(err)
		}
		a.c.Tick(now)
	}
	if allocs := testing.AllocsPerRun(200, round); allocs != 0 {
		t.Errorf("a round allocates %v times", allocs)
	}
	if e, _ := a.c.Entity(ID{Identity: 7}); e.X != 1 {
		t.Errorf("the update was not taken: %+v", e)
	}
}
