package lwar

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"net/netip"
	"testing"
	"time"

	"github.com/gamewire/gamewire/wire"
)

// memNet connects one Server and several Clients in memory, driving them
// by hand with injected time. drop, if set, decides whether a datagram is
// lost.
type memNet struct {
	t       *testing.T
	now     time.Time
	srv     *Server
	clients []*memClient
	events  []Event // the server's events, copied
	refused []error // what the server's Handle returned
	drop    func(fromServer bool, to netip.AddrPort, pkt []byte) bool
	buf     []byte
}

type memClient struct {
	addr netip.AddrPort
	c    *Client
	got  []Event  // copies of the client's events
	sent [][]byte // datagrams the client sent
	recv [][]byte // datagrams that reached the client
}

func newMemNet(t *testing.T, cfg ServerConfig) *memNet {
	return &memNet{t: t, now: t0, buf: make([]byte, 0, MaxPacketSize), srv: NewServer(cfg)}
}

// copyEvent returns e with its own Name and Text.
func copyEvent(e Event) Event {
	e.Name = append([]byte(nil), e.Name...)
	e.Text = append([]byte(nil), e.Text...)
	return e
}

// copyMessage returns a copy of m that does not share storage.
func copyMessage(t *testing.T, m Message) Message {
	b, err := m.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	c, _, err := Decode(b, 0)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// memResend is the clients' resend interval in the memNet: one step, so
// that a client sends every step while it has something unacknowledged,
// as the server does (ServerSendInterval).
const memResend = 30 * time.Millisecond

func (n *memNet) addClient(name string) *memClient {
	mc := &memClient{addr: netip.AddrPortFrom(netip.MustParseAddr("127.0.0.1"), uint16(40000+len(n.clients)))}
	mc.c = NewClient(ClientConfig{Channel: ChannelConfig{ResendInterval: memResend}})
	if err := mc.c.Join(n.now, []byte(name)); err != nil {
		n.t.Fatal(err)
	}
	n.clients = append(n.clients, mc)
	return mc
}

// step advances the clock by d and exchanges one round of datagrams:
// every session is ticked, every client sends what it has, the server
// receives and answers, and the events are collected.
func (n *memNet) step(d time.Duration) {
	n.t.Helper()
	n.now = n.now.Add(d)
	n.srv.Tick(n.now)
	for _, mc := range n.clients {
		mc.c.Tick(n.now)
		for k := 0; ; k++ {
			if k > 100 {
				n.t.Fatal("client keeps sending within one tick")
			}
			_, pkt, ok := mc.c.Transmit(n.now, n.buf[:0])
			if !ok {
				break
			}
			mc.sent = append(mc.sent, append([]byte(nil), pkt...))
			if n.drop != nil && n.drop(false, mc.addr, pkt) {
				continue
			}
			if err := n.srv.Handle(n.now, mc.addr, pkt); err != nil {
				n.refused = append(n.refused, err)
			}
		}
	}
	for k := 0; ; k++ {
		if k > 100 {
			n.t.Fatal("server keeps sending within one tick")
		}
		to, pkt, ok := n.srv.Transmit(n.now, n.buf[:0])
		if !ok {
			break
		}
		if n.drop != nil && n.drop(true, to, pkt) {
			continue
		}
		for _, mc := range n.clients {
			if mc.addr == to {
				mc.recv = append(mc.recv, append([]byte(nil), pkt...))
				if err := mc.c.Handle(n.now, netip.AddrPort{}, pkt); err != nil {
					n.t.Fatalf("client Handle: %v", err)
				}
			}
		}
	}
	for e, ok := n.srv.Event(); ok; e, ok = n.srv.Event() {
		n.events = append(n.events, copyEvent(e))
	}
	for _, mc := range n.clients {
		for e, ok := mc.c.Event(); ok; e, ok = mc.c.Event() {
			mc.got = append(mc.got, copyEvent(e))
		}
	}
}

// connectedAlice returns a network with a server of cfg and one client,
// alice, connected within 10 ticks.
func connectedAlice(t *testing.T, cfg ServerConfig) (*memNet, *memClient) {
	t.Helper()
	n := newMemNet(t, cfg)
	a := n.addClient("alice")
	n.run("connected", 10, func() bool { return a.c.State() == ClientConnected })
	return n, a
}

// connectedPair is connectedAlice with a second client, bob.
func connectedPair(t *testing.T, cfg ServerConfig) (*memNet, *memClient, *memClient) {
	t.Helper()
	n, a := connectedAlice(t, cfg)
	b := n.addClient("bob")
	n.run("connected", 10, func() bool { return b.c.State() == ClientConnected })
	return n, a, b
}

// run steps until cond holds, failing after max steps.
func (n *memNet) run(what string, max int, cond func() bool) {
	n.t.Helper()
	for i := 0; i < max; i++ {
		if cond() {
			return
		}
		n.step(30 * time.Millisecond)
	}
	n.t.Fatalf("%s: not reached after %d steps", what, max)
}

// eventsOf returns the events of kind among evs.
func eventsOf(evs []Event, kind EventKind) []Event {
	var out []Event
	for _, e := range evs {
		if e.Kind == kind {
			out = append(out, e)
		}
	}
	return out
}

// heard reports whether evs hold an event of kind about player.
func heard(evs []Event, kind EventKind, player ID) bool {
	for _, e := range eventsOf(evs, kind) {
		if e.Player == player {
			return true
		}
	}
	return false
}

// msgsOf returns the messages of a datagram.
func msgsOf(t *testing.T, pkt []byte) []Message {
	var it Iterator
	if err := it.Reset(pkt); err != nil {
		t.Fatal(err)
	}
	var out []Message
	for it.Next() {
		out = append(out, copyMessage(t, it.Message()))
	}
	if it.Err() != nil {
		t.Fatal(it.Err())
	}
	return out
}

func headerOf(pkt []byte) Header {
	var h Header
	_, _ = h.Decode(pkt)
	return h
}

func countChats(evs []Event, text string) int {
	k := 0
	for _, e := range eventsOf(evs, EventChat) {
		if string(e.Text) == text {
			k++
		}
	}
	return k
}

// seqnoOf returns the sequence number m encodes (0 for an unreliable
// message).
func seqnoOf(m Message) uint32 {
	b, _ := m.MarshalBinary()
	if len(b) < ReliableHeaderSize || !Type(b[0]).Reliable() {
		return 0
	}
	return be.U32(b[1:])
}

func TestLifecycleSession(t *testing.T) {
	n := newMemNet(t, ServerConfig{ServerPlayer: []byte("server")})
	ship := Entity{ID: ID{Generation: 1, Identity: 9}, Player: ServerPlayerID, Type: EntityTypePlanet}
	if err := n.srv.AddEntity(ship); err != nil {
		t.Fatal(err)
	}
	a := n.addClient("alice")
	if a.c.State() != ClientConnecting {
		t.Fatalf("new client in state %v", a.c.State())
	}
	n.run("alice connected", 10, func() bool { return a.c.State() == ClientConnected })

	// The first datagram to alice acknowledges her Connect and starts
	// with the Join of sequence number 1 for her own player.
	first := a.recv[0]
	if h := headerOf(first); h.Ack != 1 {
		t.Errorf("first server packet acks %d, want 1 (the Connect)", h.Ack)
	}
	ms0 := msgsOf(t, first)
	j, ok := ms0[0].(*Join)
	if !ok || j.Seqno != 1 || !bytes.Equal(j.Name, []byte("alice")) || j.PlayerID != a.c.Player() {
		t.Fatalf("first message to alice = %#v", ms0[0])
	}
	// Then the server player's Join, the game state and Synced, in order.
	wantTypes := []Type{TypeJoin, TypeJoin, TypeAdd, TypeSynced}
	for i, m := range ms0 {
		if i >= len(wantTypes) || TypeOf(m) != wantTypes[i] {
			t.Fatalf("sync messages = %v, want types %v", ms0, wantTypes)
		}
		if s := seqnoOf(m); s != uint32(i+1) {
			t.Errorf("message %d has seqno %d", i, s)
		}
	}
	// Her events say so, in order, and her roster has the server's
	// player and the entity.
	var kinds []EventKind
	for _, e := range a.got {
		kinds = append(kinds, e.Kind)
	}
	if want := []EventKind{EventAccepted, EventJoined, EventAdd, EventSynced}; !equalKinds(kinds, want) {
		t.Errorf("alice's events %v, want %v", kinds, want)
	}
	if ps := a.c.Players(nil); len(ps) != 2 || ps[0].ID != a.c.Player() || string(ps[1].Name) != "server" {
		t.Errorf("alice's players %+v", ps)
	}
	if e, ok := a.c.Entity(ship.ID); !ok || e != ship {
		t.Errorf("alice's entity %+v, %v; want %+v", e, ok, ship)
	}
	// Alice's first datagram carried the Connect with seqno 1.
	if c, ok := msgsOf(t, a.sent[0])[0].(*Connect); !ok || c.Seqno != 1 || string(c.Name) != "alice" {
		t.Fatalf("first client message = %#v", msgsOf(t, a.sent[0]))
	}

	b := n.addClient("bob")
	n.run("bob connected", 10, func() bool { return b.c.State() == ClientConnected })
	if a.c.Player() == b.c.Player() {
		t.Fatal("both clients got the same player id")
	}
	n.run("alice hears of bob", 10, func() bool { return heard(a.got, EventJoined, b.c.Player()) })

	// Chat from Bob reaches both, through the server.
	if err := b.c.Chat([]byte("hi")); err != nil {
		t.Fatal(err)
	}
	// Input from Alice reaches the server with its mask.
	if err := a.c.Move(Controls{Forward: true, AimX: 5}); err != nil {
		t.Fatal(err)
	}
	n.run("chat delivered", 10, func() bool { return countChats(a.got, "hi") == 1 && countChats(b.got, "hi") == 1 })
	var sawInput bool
	for _, e := range eventsOf(n.events, EventInput) {
		if e.Player == a.c.Player() && e.Input.PlayerID == a.c.Player() && e.Input.FrameNo == 1 && e.Input.Forward == 1 && e.Input.AimX == 5 && e.Mask == 1 {
			sawInput = true
		}
	}
	if !sawInput {
		t.Errorf("no Input event for alice: %+v", n.events)
	}
	if chats := eventsOf(n.events, EventChat); len(chats) != 1 || chats[0].Player != b.c.Player() || chats[0].Addr != b.addr {
		t.Errorf("server chat events %+v", chats)
	}

	// Bob leaves: the server answers with Leave; Alice is told.
	if err := b.c.Leave(); err != nil {
		t.Fatal(err)
	}
	if b.c.State() != ClientDisconnecting {
		t.Fatalf("state %v", b.c.State())
	}
	n.run("bob closed", 10, func() bool { return b.c.State() == ClientClosed })
	if cl := eventsOf(b.got, EventClosed); len(cl) != 1 || cl[0].Cause != LeaveDisconnect || !b.c.Done() {
		t.Errorf("bob's close events %+v, done %v", cl, b.c.Done())
	}
	n.run("alice hears bob left", 10, func() bool { return heard(a.got, EventLeft, b.c.Player()) })
	if len(a.c.Players(nil)) != 2 {
		t.Errorf("alice's roster after bob left: %+v", a.c.Players(nil))
	}
	leaves := eventsOf(n.events, EventLeft)
	if len(leaves) != 1 || leaves[0].Player != b.c.Player() || leaves[0].Cause != LeaveDisconnect {
		t.Errorf("leave events %+v", leaves)
	}
	if got := n.srv.Players(nil); len(got) != 1 || got[0] != a.c.Player() {
		t.Errorf("players %v", got)
	}
	// Bob is silent now; after the linger his slot is free again, with a
	// new generation.
	n.step(2 * time.Second)
	c := n.addClient("carol")
	n.run("carol connected", 10, func() bool { return c.c.State() == ClientConnected })
	if c.c.Player().Identity != b.c.Player().Identity || c.c.Player().Generation != b.c.Player().Generation+1 {
		t.Errorf("carol got %v after bob's %v", c.c.Player(), b.c.Player())
	}
	if len(n.refused) != 0 {
		t.Errorf("the server refused %v", n.refused)
	}
}

func equalKinds(a, b []EventKind) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func TestLifecycleConnectResent(t *testing.T) {
	n := newMemNet(t, ServerConfig{})
	lost := 0
	n.drop = func(fromServer bool, to netip.AddrPort, pkt []byte) bool {
		if !fromServer && lost < 5 {
			lost++
			return true
		}
		return false
	}
	a := n.addClient("alice")
	n.run("connected", 20, func() bool { return a.c.State() == ClientConnected })
	// Every datagram up to the server's Join carried the Connect, seqno 1.
	for i := 0; i <= 5; i++ {
		ms := msgsOf(t, a.sent[i])
		if len(ms) != 1 || TypeOf(ms[0]) != TypeConnect || seqnoOf(ms[0]) != 1 {
			t.Fatalf("datagram %d = %v", i, ms)
		}
	}
	n.step(30 * time.Millisecond)
	last := a.sent[len(a.sent)-1]
	if len(msgsOf(t, last)) != 0 || headerOf(last).Ack == 0 {
		t.Errorf("after the Join the client still sends %v (ack %d)", msgsOf(t, last), headerOf(last).Ack)
	}
	if len(eventsOf(n.events, EventJoined)) != 1 {
		t.Errorf("join events %+v", n.events)
	}
}

func TestLifecycleJoinLost(t *testing.T) {
	// The server's first packets are lost: the client goes on resending
	// Connect, which the server discards as a duplicate, and the Join is
	// resent until the client has it.
	n := newMemNet(t, ServerConfig{})
	lost := 0
	n.drop = func(fromServer bool, to netip.AddrPort, pkt []byte) bool {
		if fromServer && lost < 4 {
			lost++
			return true
		}
		return false
	}
	a := n.addClient("alice")
	n.run("connected", 20, func() bool { return a.c.State() == ClientConnected })
	if got := len(eventsOf(n.events, EventJoined)); got != 1 {
		t.Errorf("%d join events, want 1", got)
	}
	if got := len(n.srv.Players(nil)); got != 1 {
		t.Errorf("%d players", got)
	}
}

func TestLifecycleFull(t *testing.T) {
	n := newMemNet(t, ServerConfig{MaxClients: 1})
	a := n.addClient("alice")
	n.run("alice connected", 10, func() bool { return a.c.State() == ClientConnected })
	b := n.addClient("bob")
	n.run("bob full", 10, func() bool { return b.c.State() == ClientFull })
	pkt := b.recv[len(b.recv)-1]
	if h := headerOf(pkt); h.Ack != 1 || h.Timestamp != 0 {
		t.Errorf("Full packet header %+v, want ack 1, timestamp 0", h)
	}
	if ms := msgsOf(t, pkt); len(ms) != 1 || TypeOf(ms[0]) != TypeFull {
		t.Errorf("Full packet holds %v", ms)
	}
	if len(b.got) != 1 || b.got[0].Kind != EventFull || !b.c.Done() {
		t.Errorf("bob's events %+v, done %v; want one EventFull", b.got, b.c.Done())
	}
	// Bob stops; nothing more is sent to him.
	sent := len(b.sent)
	n.step(time.Second)
	if len(b.sent) != sent || !b.c.Deadline().IsZero() {
		t.Error("a full client still sends, or wants a Tick")
	}
}

func TestLifecycleTimeouts(t *testing.T) {
	n, a, b := connectedPair(t, ServerConfig{})
	// Bob's datagrams are lost from now on.
	// (to is the destination for server datagrams, the sender for client ones.)
	n.drop = func(fromServer bool, to netip.AddrPort, pkt []byte) bool { return to == b.addr }
	start := n.now
	for n.now.Sub(start) <= DisconnectTimeout+time.Second {
		n.step(500 * time.Millisecond)
		if err := a.c.Chat([]byte(".")); err != nil { // keep Alice talking
			t.Fatal(err)
		}
	}
	leaves := eventsOf(n.events, EventLeft)
	if len(leaves) != 1 || leaves[0].Player != b.c.Player() || leaves[0].Cause != LeaveTimeout {
		t.Fatalf("leave events %+v", leaves)
	}
	if b.c.State() != ClientDropped {
		t.Errorf("bob in state %v, want dropped", b.c.State())
	}
	if cl := eventsOf(b.got, EventClosed); len(cl) != 1 || cl[0].Cause != LeaveTimeout {
		t.Errorf("bob's close events %+v", cl)
	}
	if a.c.State() != ClientConnected {
		t.Errorf("alice in state %v", a.c.State())
	}
	n.run("alice told", 5, func() bool { return heard(a.got, EventLeft, b.c.Player()) })
}

func TestLifecycleClientTimeoutBoundary(t *testing.T) {
	c := NewClient(ClientConfig{})
	if err := c.Join(t0, []byte("x")); err != nil {
		t.Fatal(err)
	}
	if d := c.Deadline(); d.After(t0.Add(DisconnectTimeout + 1)) {
		t.Errorf("deadline %v after the timeout", d)
	}
	c.Tick(t0.Add(DisconnectTimeout))
	if c.State() != ClientConnecting {
		t.Fatalf("at exactly 15 s: state %v", c.State())
	}
	c.Tick(t0.Add(DisconnectTimeout + time.Millisecond))
	if _, _, ok := c.Transmit(t0.Add(DisconnectTimeout+time.Millisecond), nil); ok || c.State() != ClientDropped || !c.Done() {
		t.Fatalf("after 15 s: state %v", c.State())
	}
}

func TestLifecycleLeaveResentWhileClientSends(t *testing.T) {
	n, a := connectedAlice(t, ServerConfig{})
	if err := a.c.Leave(); err != nil {
		t.Fatal(err)
	}
	// The server's answers are lost six times; the client keeps sending,
	// and each of its packets is answered with the same Leave.
	var answers [][]byte
	n.drop = func(fromServer bool, to netip.AddrPort, pkt []byte) bool {
		if !fromServer {
			return false
		}
		answers = append(answers, append([]byte(nil), pkt...))
		return len(answers) <= 6
	}
	sentBefore := len(a.sent)
	n.run("closed", 20, func() bool { return a.c.State() == ClientClosed })
	if len(answers) != 7 {
		t.Fatalf("%d answers, want 7", len(answers))
	}
	if got := len(a.sent) - sentBefore; got != 7 {
		t.Errorf("client sent %d packets while disconnecting, want 7 (one per answer)", got)
	}
	for i, pkt := range answers {
		ms := msgsOf(t, pkt)
		if len(ms) != 1 || TypeOf(ms[0]) != TypeLeave || ms[0].(*Leave).PlayerID != a.c.Player() {
			t.Fatalf("answer %d = %v", i, ms)
		}
		if !bytes.Equal(pkt[HeaderSize:], answers[0][HeaderSize:]) {
			t.Errorf("answer %d differs from the first", i)
		}
		if i > 0 && headerOf(pkt).Ack < 1 {
			t.Errorf("answer %d does not acknowledge the Disconnect", i)
		}
	}
	// The server counted the Disconnect once.
	if got := len(eventsOf(n.events, EventLeft)); got != 1 {
		t.Errorf("%d leave events", got)
	}
	// Alice is closed and silent.
	sent := len(a.sent)
	n.step(time.Second)
	if len(a.sent) != sent {
		t.Error("closed client still sends")
	}
	n.step(2 * time.Second)
	if len(n.srv.byAddr) != 0 || !n.srv.Deadline().IsZero() {
		t.Error("server kept the leaving client after the linger")
	}
}

func TestLifecycleMisbehavior(t *testing.T) {
	n, a, b := connectedPair(t, ServerConfig{})
	for i := 0; i <= MisbehaviorLimit; i++ {
		// Chats in another player's name, queued past the client's
		// checks, are refused and counted.
		if _, err := a.c.Channel().QueueReliable(&Chat{PlayerID: b.c.Player(), Msg: []byte("spoof")}); err != nil {
			t.Fatal(err)
		}
	}
	n.run("alice removed", 10, func() bool { return a.c.State() == ClientClosed })
	if countChats(b.got, "spoof") != 0 {
		t.Error("spoofed chat forwarded")
	}
	if cl := eventsOf(a.got, EventClosed); len(cl) != 1 || cl[0].Cause != LeaveRemoved {
		t.Errorf("alice's close events %+v, want one with LeaveRemoved", cl)
	}
	leaves := eventsOf(n.events, EventLeft)
	if len(leaves) != 1 || leaves[0].Cause != LeaveMisbehavior {
		t.Errorf("leave events %+v", leaves)
	}
	if len(n.refused) == 0 || !errors.Is(n.refused[0], ErrWrongPlayer) {
		t.Errorf("Handle returned %v, want ErrWrongPlayer", n.refused)
	}
}

func TestLifecycleStrangers(t *testing.T) {
	srv := NewServer(ServerConfig{})
	addr := netip.MustParseAddrPort("127.0.0.1:5000")
	// A chat from an unknown address is refused, out of sequence; a
	// non-lwar datagram is not a packet.
	if err := srv.Handle(t0, addr, packet(0, 0, reliableMsg(1, "x"))); !errors.Is(err, ErrSequence) {
		t.Errorf("a stranger's Chat: %v, want ErrSequence", err)
	}
	if err := srv.Handle(t0, addr, []byte("hello")); err == nil {
		t.Error("non-lwar datagram accepted")
	}
	if _, _, ok := srv.Transmit(t0, nil); ok {
		t.Error("server answers a stranger that did not Connect")
	}
	if len(srv.Players(nil)) != 0 {
		t.Error("stranger became a player")
	}
}

func TestClientStateString(t *testing.T) {
	for s := ClientIdle; s <= ClientAborted; s++ {
		if s.String() == "" || s.String() == "0" || s.String() == strconvItoa(int(s)) {
			t.Errorf("state %d has no name", s)
		}
	}
	for k := EventAccepted; k <= EventInput; k++ {
		if k.String() == strconvItoa(int(k)) {
			t.Errorf("event kind %d has no name", k)
		}
	}
	if ClientState(99).String() != "99" || LeaveCause(99).String() != "99" || LeaveTimeout.String() != "timeout" || EventKind(99).String() != "99" {
		t.Error("String fallbacks")
	}
}

func strconvItoa(i int) string {
	if i < 10 {
		return string(rune('0' + i))
	}
	return strconvItoa(i/10) + string(rune('0'+i%10))
}

func TestLifecycleIdleKeepAlive(t *testing.T) {
	// Nobody has anything to say for a minute: the keep-alive packets
	// keep both sides from timing out.
	n, a := connectedAlice(t, ServerConfig{})
	sent := len(a.sent)
	for i := 0; i < 600; i++ {
		n.step(100 * time.Millisecond)
	}
	if a.c.State() != ClientConnected || len(n.srv.Players(nil)) != 1 {
		t.Fatalf("after a quiet minute: client %v, players %v", a.c.State(), n.srv.Players(nil))
	}
	if got := len(a.sent) - sent; got < 50 || got > 70 {
		t.Errorf("client sent %d keep-alive packets in 60 s, want about 60", got)
	}
}

func TestLifecycleOverflow(t *testing.T) {
	// A client that stops acknowledging fills its bounded queue and is
	// removed; the server does not grow.
	n, a, b := connectedPair(t, ServerConfig{Channel: ChannelConfig{MaxPending: 4}})
	n.drop = func(fromServer bool, to netip.AddrPort, pkt []byte) bool { return !fromServer && to == b.addr }
	var err error
	for i := 0; i < 10 && err == nil; i++ {
		err = n.srv.Broadcast(&Chat{PlayerID: ServerPlayerID, Msg: []byte("news")})
		n.step(30 * time.Millisecond)
	}
	if !errors.Is(err, ErrQueueFull) {
		t.Fatalf("Broadcast: %v, want ErrQueueFull", err)
	}
	leaves := eventsOf(n.events, EventLeft)
	if len(leaves) != 1 || leaves[0].Player != b.c.Player() || leaves[0].Cause != LeaveOverflow {
		t.Fatalf("leave events %+v", leaves)
	}
	if got := n.srv.Players(nil); len(got) != 1 || got[0] != a.c.Player() {
		t.Errorf("players %v", got)
	}
	if err := n.srv.Send(b.c.Player(), &Chat{}); !errors.Is(err, ErrUnknownPlayer) {
		t.Errorf("Send to removed player: %v", err)
	}
}

func TestLifecycleLossy(t *testing.T) {
	// The whole life cycle over a link losing half the datagrams in each
	// direction: both clients connect, every chat reaches every client
	// exactly once and in its sender's order, and both leave.
	for seed := uint64(1); seed <= 5; seed++ {
		n := newMemNet(t, ServerConfig{})
		rng := rand.New(rand.NewPCG(seed, 99))
		n.drop = func(fromServer bool, to netip.AddrPort, pkt []byte) bool { return rng.Float64() < 0.5 }
		a := n.addClient("alice")
		b := n.addClient("bob")
		n.run("connected", 400, func() bool { return a.c.State() == ClientConnected && b.c.State() == ClientConnected })
		const chats = 40
		for i := 0; i < chats; i++ {
			for _, mc := range []*memClient{a, b} {
				if err := mc.c.Chat([]byte{'0' + byte(i%10), 'a' + byte(i/10)}); err != nil {
					t.Fatal(err)
				}
			}
		}
		n.run("chats delivered", 2000, func() bool {
			return len(eventsOf(a.got, EventChat)) == 2*chats && len(eventsOf(b.got, EventChat)) == 2*chats
		})
		for _, mc := range []*memClient{a, b} {
			next := map[ID]int{}
			for _, e := range eventsOf(mc.got, EventChat) {
				i := next[e.Player]
				if want := []byte{'0' + byte(i%10), 'a' + byte(i/10)}; !bytes.Equal(e.Text, want) {
					t.Fatalf("seed %d: chat %q from %v, expected %q", seed, e.Text, e.Player, want)
				}
				next[e.Player]++
			}
		}
		if err := a.c.Leave(); err != nil {
			t.Fatal(err)
		}
		if err := b.c.Leave(); err != nil {
			t.Fatal(err)
		}
		n.run("closed", 2000, func() bool { return a.c.State() == ClientClosed && b.c.State() == ClientClosed })
		if got := len(eventsOf(n.events, EventLeft)); got != 2 {
			t.Errorf("seed %d: %d leave events", seed, got)
		}
	}
}

// TestLifecycleJoinWhileAnotherOverflows: the Join announcing a new client
// overflows an older client that stopped acknowledging. The older one is
// removed; the new one is still admitted, and its first message (seqno 1)
// is its own Join, not the Leave for the removed client.
func TestLifecycleJoinWhileAnotherOverflows(t *testing.T) {
	n := newMemNet(t, ServerConfig{Channel: ChannelConfig{MaxPending: 4}})
	a := n.addClient("alice")
	n.run("alice connected", 10, func() bool { return a.c.State() == ClientConnected })
	n.run("alice's queue acknowledged", 10, func() bool { return n.srv.Channel(a.c.Player()).Unacked() == 0 })
	n.drop = func(fromServer bool, to netip.AddrPort, pkt []byte) bool { return !fromServer && to == a.addr }
	for i := 0; i < 4; i++ {
		if err := n.srv.Send(a.c.Player(), &Chat{PlayerID: ServerPlayerID, Msg: []byte("news")}); err != nil {
			t.Fatal(err)
		}
	}
	b := n.addClient("bob")
	n.run("bob connected", 10, func() bool { return b.c.State() == ClientConnected })
	if leaves := eventsOf(n.events, EventLeft); len(leaves) != 1 || leaves[0].Player != a.c.Player() || leaves[0].Cause != LeaveOverflow {
		t.Errorf("leave events %+v", leaves)
	}
	if joins := eventsOf(n.events, EventJoined); len(joins) != 2 || joins[1].Player != b.c.Player() {
		t.Errorf("join events %+v", joins)
	}
	first := msgsOf(t, b.recv[0])[0]
	if j, ok := first.(*Join); !ok || j.Seqno != 1 || j.PlayerID != b.c.Player() {
		t.Errorf("bob's first message %#v, want his own Join with seqno 1", first)
	}
}

// TestLifecycleInvalidMessages: the server validates what clients send
// (DESIGN: the session layer validates by default). A Name longer than
// MaxPlayerNameLength or a Chat that is not UTF-8 is refused (Handle's
// error), neither reported nor forwarded, and does not change the
// player's name; a Connect with such a name admits nobody.
func TestLifecycleInvalidMessages(t *testing.T) {
	n, a, b := connectedPair(t, ServerConfig{})
	long := bytes.Repeat([]byte("x"), MaxPlayerNameLength+1)
	// The client's own actions refuse them.
	if err := a.c.Rename(long); !errors.Is(err, wire.ErrTooLong) {
		t.Errorf("Rename of %d bytes: %v", len(long), err)
	}
	for _, m := range []Message{
		&Name{PlayerID: a.c.Player(), Name: long},
		&Chat{PlayerID: a.c.Player(), Msg: []byte{'o', 0xff}},
		&Chat{PlayerID: a.c.Player(), Msg: []byte("ok")},
	} {
		if _, err := a.c.Channel().QueueReliable(m); err != nil {
			t.Fatal(err)
		}
	}
	n.run("valid chat forwarded", 10, func() bool { return countChats(b.got, "ok") == 1 })
	if len(eventsOf(b.got, EventName)) != 0 || countChats(b.got, "o\xff") != 0 {
		t.Errorf("invalid messages forwarded: %v", b.got)
	}
	if got := eventsOf(n.events, EventChat); len(got) != 1 || string(got[0].Text) != "ok" || len(eventsOf(n.events, EventName)) != 0 {
		t.Errorf("server reported %+v, want the valid chat only", n.events)
	}
	// The three travel in one packet: Handle returns the first refusal,
	// and counts both.
	if len(n.refused) != 1 || !errors.Is(n.refused[0], wire.ErrTooLong) || n.srv.peer(a.c.Player()).faults != 2 {
		t.Errorf("the server's Handle returned %v, want the too-long name; 2 faults", n.refused)
	}
	// A new client is told alice's name as she connected with it.
	c := n.addClient("carol")
	n.run("carol connected", 10, func() bool { return c.c.State() == ClientConnected })
	for _, e := range eventsOf(c.got, EventJoined) {
		if e.Player == a.c.Player() && string(e.Name) != "alice" {
			t.Errorf("carol hears of alice as %q", e.Name)
		}
	}

	stranger := netip.MustParseAddrPort("127.0.0.1:5000")
	connect, _ := (&Connect{Seqno: 1, Name: long}).AppendBinary(nil)
	if err := n.srv.Handle(n.now, stranger, packet(0, 0, connect)); !errors.Is(err, wire.ErrTooLong) {
		t.Errorf("a Connect with a %d-byte name: %v", len(long), err)
	}
	if len(n.srv.Players(nil)) != 3 || len(eventsOf(n.events, EventJoined)) != 3 {
		t.Errorf("a Connect with a %d-byte name was admitted", len(long))
	}
}

// TestClientEventsOfItsEnd: the client reports the messages that end its
// own connection, Full and the Leave for its own player, as events, once,
// with the state already final.
func TestClientEventsOfItsEnd(t *testing.T) {
	n := newMemNet(t, ServerConfig{MaxClients: 1})
	a := n.addClient("alice")
	n.run("alice connected", 10, func() bool { return a.c.State() == ClientConnected })
	b := n.addClient("bob")
	n.run("bob full", 10, func() bool { return b.c.State() == ClientFull })
	if len(b.got) != 1 || b.got[0].Kind != EventFull {
		t.Errorf("bob's events %v, want the Full", b.got)
	}
	if err := a.c.Leave(); err != nil {
		t.Fatal(err)
	}
	n.run("alice closed", 10, func() bool { return a.c.State() == ClientClosed })
	n.step(time.Second)
	if cl := eventsOf(a.got, EventClosed); len(cl) != 1 || cl[0].Player != a.c.Player() || cl[0].Cause != LeaveDisconnect {
		t.Errorf("alice's close events %+v, want one", cl)
	}
	if heard(a.got, EventLeft, a.c.Player()) {
		t.Error("alice's own Leave reported as another player's")
	}
}
