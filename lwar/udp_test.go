package lwar

import (
	"context"
	"net"
	"net/netip"
	"strings"
	"testing"
	"time"

	"github.com/gamewire/gamewire/internal/nettest"
	"github.com/gamewire/gamewire/session"
)

// capturePath is the capture of the loopback session; nettest.Update
// (go test ./lwar -run TestUDPSession -update) regenerates it.
var capturePath = nettest.Capture("lwar", "loopback.hex")

// recordConn is a UDP socket that records every datagram written to it.
// The drivers write on the goroutine that polls them: the test's.
type recordConn struct {
	*net.UDPConn
	capture *[][]byte
}

func (c recordConn) WriteToUDPAddrPort(b []byte, to netip.AddrPort) (int, error) {
	*c.capture = append(*c.capture, append([]byte(nil), b...))
	return c.UDPConn.WriteToUDPAddrPort(b, to)
}

// udpPeer is one client of the loopback test.
type udpPeer struct {
	name   string
	c      *Client
	d      *session.Packet
	chats  []string
	leaves []ID
	closed bool
}

// events reads the client's events.
func (p *udpPeer) events() {
	for e, ok := p.c.Event(); ok; e, ok = p.c.Event() {
		switch e.Kind {
		case EventChat:
			p.chats = append(p.chats, string(e.Text))
		case EventLeft:
			p.leaves = append(p.leaves, e.Player)
		case EventClosed:
			p.closed = true
		}
	}
}

// TestUDPSession runs one server and two clients over real UDP sockets on
// 127.0.0.1, each session under a session.Packet driver, through connect,
// sync, input, chat and leave, and records every datagram into
// testdata/lwar/loopback.hex with -update.
func TestUDPSession(t *testing.T) {
	var capture [][]byte
	srvConn := nettest.ListenUDP(t)
	srvAddr := srvConn.LocalAddr().(*net.UDPAddr).AddrPort()
	srv := NewServer(ServerConfig{
		ServerPlayer: []byte("server"),
		// The server answers a leaving client for this long after its last
		// packet; longer than the default 1 s so that a stalled tick on a
		// loaded machine does not make it forget bob before he has his Leave.
		LeaveLinger: 5 * time.Second,
	})
	ds, err := session.NewPacket(recordConn{srvConn, &capture}, srv, netip.AddrPort{})
	if err != nil {
		t.Fatal(err)
	}
	defer ds.Close()

	inputs := map[ID][]uint32{} // frame numbers the server took, per player
	var joins, leaves []ID
	serverEvents := func() {
		for e, ok := srv.Event(); ok; e, ok = srv.Event() {
			switch e.Kind {
			case EventJoined:
				joins = append(joins, e.Player)
			case EventLeft:
				leaves = append(leaves, e.Player)
			case EventInput:
				if e.Mask != 0 {
					inputs[e.Player] = append(inputs[e.Player], e.Input.FrameNo)
				}
			}
		}
	}

	start := time.Now()
	peers := []*udpPeer{{name: "alice"}, {name: "bob"}}
	for _, p := range peers {
		p.c = NewClient(ClientConfig{})
		if err := p.c.Join(time.Now(), []byte(p.name)); err != nil {
			t.Fatal(err)
		}
		if p.d, err = session.NewPacket(recordConn{nettest.ListenUDP(t), &capture}, p.c, srvAddr); err != nil {
			t.Fatal(err)
		}
		defer p.d.Close()
	}
	ctx := context.Background()
	// tick: every client moves (once connected) and polls, the server
	// polls, and the events are read.
	frame := 0
	tick := func() {
		frame++
		for _, p := range peers {
			if p.c.State() == ClientConnected {
				if err := p.c.Move(Controls{Forward: frame%3 == 0}); err != nil {
					t.Fatal(err)
				}
			}
			if err := p.d.Poll(ctx, time.Millisecond); err != nil && err != session.ErrDone {
				t.Errorf("%s: %v", p.name, err)
			}
			p.events()
		}
		if err := ds.Poll(ctx, 5*time.Millisecond); err != nil {
			t.Errorf("server: %v", err)
		}
		serverEvents()
	}
	until := func(what string, cond func() bool) {
		t.Helper()
		// Generous: each phase takes a few ticks of milliseconds, but the
		// test must not fail on a loaded machine or under -race.
		deadline := time.Now().Add(10 * time.Second)
		for !cond() {
			if time.Now().After(deadline) {
				t.Fatalf("%s: not reached in 10 s (alice %v, bob %v)", what, peers[0].c.State(), peers[1].c.State())
			}
			tick()
		}
	}

	alice, bob := peers[0], peers[1]
	until("connect and sync", func() bool {
		return alice.c.State() == ClientConnected && bob.c.State() == ClientConnected
	})
	until("joins", func() bool { return len(joins) == 2 })
	if alice.c.Player() == bob.c.Player() {
		t.Fatalf("joins %v, players %v %v", joins, alice.c.Player(), bob.c.Player())
	}
	until("input", func() bool {
		return len(inputs[alice.c.Player()]) >= 5 && len(inputs[bob.c.Player()]) >= 5
	})
	for player, frames := range inputs {
		for i := 1; i < len(frames); i++ {
			if frames[i] <= frames[i-1] {
				t.Errorf("player %v: input frames out of order: %v", player, frames)
			}
		}
	}
	if err := alice.c.Chat([]byte("hello from alice")); err != nil {
		t.Fatal(err)
	}
	if err := bob.c.Chat([]byte("hi, bob here")); err != nil {
		t.Fatal(err)
	}
	until("chat", func() bool { return len(alice.chats) == 2 && len(bob.chats) == 2 })
	for _, p := range peers {
		if !contains(p.chats, "hello from alice") || !contains(p.chats, "hi, bob here") {
			t.Errorf("%s got chats %q", p.name, p.chats)
		}
	}
	if err := bob.c.Leave(); err != nil {
		t.Fatal(err)
	}
	until("bob leaves", func() bool { return bob.closed && len(alice.leaves) == 1 })
	if alice.leaves[0] != bob.c.Player() || bob.c.State() != ClientClosed {
		t.Errorf("alice told that %v left, want %v; bob %v", alice.leaves[0], bob.c.Player(), bob.c.State())
	}
	if err := bob.d.Poll(ctx, 0); err != session.ErrDone {
		t.Errorf("bob's driver after the end: %v, want session.ErrDone", err)
	}
	if err := alice.c.Leave(); err != nil {
		t.Fatal(err)
	}
	until("alice leaves", func() bool { return alice.closed })
	until("the server sees both leave", func() bool { return len(leaves) == 2 })
	if len(srv.Players(nil)) != 0 {
		t.Errorf("server leave events %v, players %v", leaves, srv.Players(nil))
	}
	t.Logf("session: %d datagrams in %v", len(capture), time.Since(start).Round(time.Millisecond))

	if *nettest.Update {
		nettest.WriteFiles(t, nettest.File{Path: capturePath, Data: nettest.HexLines(capture)})
	}
	checkCapture(t, capturePath, TypeConnect, TypeJoin, TypeSynced, TypeInput, TypeChat, TypeDisconnect, TypeLeave)
}

// TestOriginalServerCapture checks the datagrams of a session between
// this package's Client (two of them) and the original lwar server (C,
// commit 2796ebc, built from source and run on 127.0.0.1): connect,
// synchronization with Add and Update messages, input, chat, and a
// Disconnect answered by Leave. Every datagram parses and re-encodes
// byte for byte. See docs/errata/lwar.md, part 2.
func TestOriginalServerCapture(t *testing.T) {
	checkCapture(t, nettest.Capture("lwar", "original-server.hex"),
		TypeConnect, TypeJoin, TypeAdd, TypeSynced, TypeUpdate, TypeInput, TypeChat, TypeDisconnect, TypeLeave)
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// checkCapture checks that every line of a shipped capture is one lwar
// datagram whose messages all decode and re-encode to the same bytes, and
// that the capture holds messages of every type in want.
func checkCapture(t *testing.T, capturePath string, want ...Type) {
	t.Helper()
	seen := map[Type]int{}
	pkts := nettest.ReadHexLines(t, capturePath)
	for i, pkt := range pkts {
		if len(pkt) > MaxPacketSize {
			t.Errorf("%s: datagram %d of %d bytes", capturePath, i, len(pkt))
		}
		var it Iterator
		if err := it.Reset(pkt); err != nil {
			t.Fatalf("%s: datagram %d: %v", capturePath, i, err)
		}
		re, _ := it.Header.AppendBinary(nil)
		for it.Next() {
			var err error
			seen[TypeOf(it.Message())]++
			re, err = it.Message().AppendBinary(re)
			if err != nil {
				t.Fatalf("%s: datagram %d: re-encode: %v", capturePath, i, err)
			}
		}
		if err := it.Err(); err != nil {
			t.Fatalf("%s: datagram %d: %v", capturePath, i, err)
		}
		if string(re) != string(pkt) {
			t.Errorf("%s: datagram %d: re-encoding differs", capturePath, i)
		}
	}
	for _, w := range want {
		if seen[w] == 0 {
			t.Errorf("%s holds no %v message", capturePath, w)
		}
	}
	if len(pkts) == 0 {
		t.Error("capture is empty")
	}
}

// TestOriginalServerReplay feeds the datagrams the original server sent
// to the client "alice" in that session (testdata/lwar/
// original-server-to-alice.hex) to a fresh Client: it is synchronized as
// player 0/1 (generation 0, identity 1), hears of bob (0/2), gets alice's chat back from the server,
// and sees bob leave.
func TestOriginalServerReplay(t *testing.T) {
	var got []string
	c := NewClient(ClientConfig{})
	if err := c.Join(t0, []byte("alice")); err != nil {
		t.Fatal(err)
	}
	now := t0
	var states []ClientState
	for i, pkt := range nettest.ReadHexLines(t, nettest.Capture("lwar", "original-server-to-alice.hex")) {
		now = now.Add(30 * time.Millisecond)
		if err := c.Handle(now, netip.AddrPort{}, pkt); err != nil {
			t.Fatalf("datagram %d: %v", i, err)
		}
		for e, ok := c.Event(); ok; e, ok = c.Event() {
			switch e.Kind {
			case EventAccepted, EventJoined:
				got = append(got, "join "+e.Player.String()+" "+string(e.Name))
			case EventChat:
				got = append(got, "chat "+e.Player.String()+" "+string(e.Text))
			case EventLeft:
				got = append(got, "leave "+e.Player.String())
			}
		}
		if len(states) == 0 || states[len(states)-1] != c.State() {
			states = append(states, c.State())
		}
	}
	if c.State() != ClientConnected || c.Player() != (ID{Identity: 1}) {
		t.Errorf("state %v, player %v", c.State(), c.Player())
	}
	if len(states) != 1 || states[0] != ClientConnected {
		// The first datagram holds Join (seqno 1) through Synced.
		t.Errorf("states %v", states)
	}
	want := []string{"join 0/1 alice", "join 0/0 server", "join 0/2 bob", "chat 0/1 hello from alice", "leave 0/2"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("messages\n got %q\nwant %q", got, want)
	}
	if st := c.Channel().Stats(); st.Delivered != 8 || st.Early != 0 {
		t.Errorf("stats %+v", st)
	}
}
