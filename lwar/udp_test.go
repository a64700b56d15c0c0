package lwar

import (
	"errors"
	"net"
	"net/netip"
	"strings"
	"testing"
	"time"

	"github.com/gamewire/gamewire/internal/nettest"
)

// capturePath is the capture of the loopback session; nettest.Update
// (go test ./lwar -run TestUDPSession -update) regenerates it.
var capturePath = nettest.Capture("lwar", "loopback.hex")

// udpPeer is one client of the loopback test.
type udpPeer struct {
	name   string
	conn   *net.UDPConn
	c      *Client
	chats  []string
	leaves []ID
	input  Input
}

// TestUDPSession runs one server and two clients over real UDP sockets on
// 127.0.0.1 through connect, sync, input, chat and disconnect, and
// records every datagram into testdata/lwar/loopback.hex with -update.
func TestUDPSession(t *testing.T) {
	srvConn := nettest.ListenUDP(t)
	srvAddr := srvConn.LocalAddr().(*net.UDPAddr).AddrPort()

	var capture [][]byte
	record := func(pkt []byte) { capture = append(capture, append([]byte(nil), pkt...)) }

	inputs := map[ID][]uint32{} // frame numbers the server took, per player
	var joins, leaves []ID
	srv := NewServer(ServerConfig{
		ServerPlayer: []byte("server"),
		// The server answers a leaving client for this long after its last
		// packet; longer than the default 1 s so that a stalled tick on a
		// loaded machine does not make it forget bob before he has his Leave.
		LeaveLinger: 5 * time.Second,
		Handler: func(ev *ServerEvent) {
			switch ev.Kind {
			case ServerJoin:
				joins = append(joins, ev.Player)
			case ServerLeave:
				leaves = append(leaves, ev.Player)
			case ServerMessage:
				if in, ok := ev.Message.(*Input); ok && ev.InputMask != 0 {
					inputs[ev.Player] = append(inputs[ev.Player], in.FrameNo)
				}
			}
		},
	})

	start := time.Now()
	peers := []*udpPeer{{name: "alice"}, {name: "bob"}}
	for _, p := range peers {
		p.conn = nettest.ListenUDP(t)
		var err error
		p.c, err = NewClient([]byte(p.name), ChannelConfig{}, start, func(m Message) {
			switch m := m.(type) {
			case *Chat:
				p.chats = append(p.chats, string(m.Msg))
			case *Leave:
				p.leaves = append(p.leaves, m.PlayerID)
			}
		})
		if err != nil {
			t.Fatal(err)
		}
	}

	buf := make([]byte, MaxPacketSize)
	out := make([]byte, 0, MaxPacketSize)
	// drain reads every datagram waiting on conn, for up to wait.
	drain := func(conn *net.UDPConn, wait time.Duration, take func(from netip.AddrPort, pkt []byte)) {
		for {
			if err := conn.SetReadDeadline(time.Now().Add(wait)); err != nil {
				t.Fatal(err)
			}
			n, from, err := conn.ReadFromUDPAddrPort(buf)
			if err != nil {
				var ne net.Error
				if errors.As(err, &ne) && ne.Timeout() {
					return
				}
				t.Fatal(err)
			}
			take(netip.AddrPortFrom(from.Addr().Unmap(), from.Port()), buf[:n])
			wait = time.Millisecond
		}
	}
	// tick: clients send, the server reads and answers, clients read.
	tick := func() {
		now := time.Now()
		for _, p := range peers {
			if p.c.State() == ClientConnected {
				p.input.PlayerID = p.c.Player()
				p.input.FrameNo++
				p.input.Forward = PushInput(p.input.Forward, p.input.FrameNo%3 == 0)
				if err := p.c.Channel().QueueUnreliable(&p.input); err != nil {
					t.Fatal(err)
				}
			}
			if pkt, ok := p.c.AppendPacket(out[:0], now); ok {
				record(pkt)
				if _, err := p.conn.WriteToUDPAddrPort(pkt, srvAddr); err != nil {
					t.Fatal(err)
				}
			}
		}
		drain(srvConn, 5*time.Millisecond, func(from netip.AddrPort, pkt []byte) {
			if err := srv.Receive(from, pkt, time.Now()); err != nil {
				t.Errorf("server: %v", err)
			}
		})
		now = time.Now()
		for {
			to, pkt, ok := srv.AppendPacket(out[:0], now)
			if !ok {
				break
			}
			record(pkt)
			if _, err := srvConn.WriteToUDPAddrPort(pkt, to); err != nil {
				t.Fatal(err)
			}
		}
		for _, p := range peers {
			drain(p.conn, 2*time.Millisecond, func(from netip.AddrPort, pkt []byte) {
				if from != srvAddr {
					t.Errorf("datagram from %v", from)
					return
				}
				if err := p.c.Receive(pkt, time.Now()); err != nil {
					t.Errorf("%s: %v", p.name, err)
				}
			})
		}
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
	if len(joins) != 2 || alice.c.Player() == bob.c.Player() {
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
	if _, err := alice.c.Channel().QueueReliable(&Chat{PlayerID: alice.c.Player(), Msg: []byte("hello from alice")}); err != nil {
		t.Fatal(err)
	}
	if _, err := bob.c.Channel().QueueReliable(&Chat{PlayerID: bob.c.Player(), Msg: []byte("hi, bob here")}); err != nil {
		t.Fatal(err)
	}
	until("chat", func() bool { return len(alice.chats) == 2 && len(bob.chats) == 2 })
	for _, p := range peers {
		if !contains(p.chats, "hello from alice") || !contains(p.chats, "hi, bob here") {
			t.Errorf("%s got chats %q", p.name, p.chats)
		}
	}
	if err := bob.c.Disconnect(time.Now()); err != nil {
		t.Fatal(err)
	}
	until("bob leaves", func() bool {
		return bob.c.State() == ClientClosed && len(alice.leaves) == 1
	})
	if alice.leaves[0] != bob.c.Player() {
		t.Errorf("alice told that %v left, want %v", alice.leaves[0], bob.c.Player())
	}
	if err := alice.c.Disconnect(time.Now()); err != nil {
		t.Fatal(err)
	}
	until("alice leaves", func() bool { return alice.c.State() == ClientClosed })
	if len(leaves) != 2 || len(srv.Players(nil)) != 0 {
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
	c, err := NewClient([]byte("alice"), ChannelConfig{}, t0, func(m Message) {
		switch m := m.(type) {
		case *Join:
			got = append(got, "join "+m.PlayerID.String()+" "+string(m.Name))
		case *Chat:
			got = append(got, "chat "+m.PlayerID.String()+" "+string(m.Msg))
		case *Leave:
			got = append(got, "leave "+m.PlayerID.String())
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	now := t0
	var states []ClientState
	for i, pkt := range nettest.ReadHexLines(t, nettest.Capture("lwar", "original-server-to-alice.hex")) {
		now = now.Add(30 * time.Millisecond)
		if err := c.Receive(pkt, now); err != nil {
			t.Fatalf("datagram %d: %v", i, err)
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
