package retrotank_test

import (
	"errors"
	"net/netip"
	"testing"
	"time"

	"github.com/gamewire/gamewire/retrotank"
)

// drain sends every datagram next has due at now (a Client's or an
// Acker's Next) to each, failing t on an error, and returns how many.
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

// pipe moves every due datagram from a client to the server and back,
// dropping those drop says to, until nothing moves.
func pipe(t *testing.T, s *retrotank.Server, cs []*retrotank.Client, addrs []netip.AddrPort, now time.Time, drop func(b []byte) bool) (events []retrotank.Event) {
	t.Helper()
	for moved := true; moved; {
		moved = false
		for i, c := range cs {
			drain(t, c.Next, now, func(b []byte) {
				moved = true
				if drop != nil && drop(b) {
					return
				}
				ev, err := s.Receive(addrs[i], b, now)
				if err != nil && !errors.Is(err, retrotank.ErrUnknownPeer) {
					t.Fatalf("server: %v", err)
				}
				events = append(events, ev)
			})
		}
		for {
			to, b, ok, err := s.Next(now, nil)
			if err != nil {
				t.Fatalf("server Next: %v", err)
			}
			if !ok {
				break
			}
			moved = true
			if drop != nil && drop(b) {
				continue
			}
			for i := range addrs {
				if addrs[i] == to {
					if _, err := cs[i].Receive(b, now); err != nil && !errors.Is(err, retrotank.ErrDenied) && !errors.Is(err, retrotank.ErrNotConnected) {
						t.Fatalf("client %d: %v", i, err)
					}
				}
			}
		}
	}
	return events
}

func addr(port uint16) netip.AddrPort {
	return netip.AddrPortFrom(netip.MustParseAddr("127.0.0.1"), port)
}

// TestConnect: CONN_REQ is retried until accepted, across a lost request
// and a lost acceptance; the acceptance is acknowledged; a full server
// denies; the setup arrives; disconnect from either side.
func TestConnect(t *testing.T) {
	now := time.Unix(100, 0)
	s := retrotank.NewServer(retrotank.ServerConfig{MaxClients: 1})
	rid := uint32(0x11111111)
	c1 := retrotank.NewClient(retrotank.ClientConfig{RandID: func() uint32 { return rid }, Bcast: true})
	c2 := retrotank.NewClient(retrotank.ClientConfig{RandID: func() uint32 { return 0x22222222 }})
	cs := []*retrotank.Client{c1, c2}
	addrs := []netip.AddrPort{addr(1), addr(2)}
	c1.Connect(now)
	// the first CONN_REQ is lost, then the first acceptance
	lostReq, lostAccept := false, false
	drop := func(b []byte) bool {
		switch {
		case b[0] == byte(retrotank.MsgTypeConnReq) && !lostReq:
			lostReq = true
			return true
		case b[0] == byte(retrotank.MsgTypeConnAccept) && !lostAccept:
			lostAccept = true
			return true
		}
		return false
	}
	var joined int
	for i := 0; i < 10 && c1.State() == retrotank.ClientConnecting; i++ {
		for _, ev := range pipe(t, s, cs, addrs, now, drop) {
			if ev.Joined {
				joined++
				if !ev.Peer.Bcast || ev.Peer.RandID != rid {
					t.Errorf("peer %+v", ev.Peer)
				}
			}
		}
		now = now.Add(retrotank.DefaultResend)
	}
	if c1.State() != retrotank.ClientSetup || joined != 1 || c1.ID() != 0 {
		t.Fatalf("client 1: %v, id %d, joined %d", c1.State(), c1.ID(), joined)
	}
	pipe(t, s, cs, addrs, now, nil)
	p := s.Peer(0)
	if p == nil || p.Acker().InFlight() != 0 {
		t.Fatal("the acceptance is not acknowledged")
	}
	// a second client: the server is full
	c2.Connect(now)
	pipe(t, s, cs, addrs, now, nil)
	if c2.State() != retrotank.ClientDenied {
		t.Fatalf("client 2: %v, want denied", c2.State())
	}
	if _, ok, _ := c2.Next(now.Add(time.Hour), nil); ok {
		t.Error("a denied client still sends")
	}
	// setup
	pages, _ := retrotank.BuildPages(&retrotank.Battlefield{Width: 9, Obstacles: make([]retrotank.Area, 100)})
	if err := s.SendSetup(p, pages, now); err != nil {
		t.Fatal(err)
	}
	pipe(t, s, cs, addrs, now, nil)
	if c1.State() != retrotank.ClientReady {
		t.Fatalf("after setup: %v", c1.State())
	}
	if bf, err := c1.Battlefield(); err != nil || bf.Width != 9 || len(bf.Obstacles) != 100 {
		t.Fatalf("battlefield: %v", err)
	}
	// a client's DFS update is refused
	c1.Send(&retrotank.PlayerUpdate{Flags: retrotank.UpdateDFS}, now)
	b, _, _ := c1.Next(now, nil)
	if _, err := s.Receive(addrs[0], b, now); !errors.Is(err, retrotank.ErrClientDFS) {
		t.Errorf("DFS from a client: %v", err)
	}
	// the client leaves
	if err := c1.Disconnect(now); err != nil {
		t.Fatal(err)
	}
	left := false
	for _, ev := range pipe(t, s, cs, addrs, now, nil) {
		left = left || ev.Left
	}
	if !left || c1.State() != retrotank.ClientClosed || s.Peer(0) != nil {
		t.Fatalf("after disconnect: left %v, client %v, peer %v", left, c1.State(), s.Peer(0))
	}
	if _, err := c1.Send(&retrotank.PlayerSpawn{}, now); !errors.Is(err, retrotank.ErrNotConnected) {
		t.Errorf("Send after close: %v", err)
	}
}

// TestServerDisconnects: the server's CONN_DISCONN closes the client, and
// the connection is dropped once it is acknowledged.
func TestServerDisconnects(t *testing.T) {
	now := time.Unix(0, 0)
	s := retrotank.NewServer(retrotank.ServerConfig{})
	c := retrotank.NewClient(retrotank.ClientConfig{})
	c.Connect(now)
	cs, addrs := []*retrotank.Client{c}, []netip.AddrPort{addr(9)}
	pipe(t, s, cs, addrs, now, nil)
	p := s.Peers(nil)[0]
	if err := s.Disconnect(p, now); err != nil {
		t.Fatal(err)
	}
	pipe(t, s, cs, addrs, now, nil)
	if c.State() != retrotank.ClientClosed || len(s.Peers(nil)) != 0 {
		t.Fatalf("client %v, %d peers", c.State(), len(s.Peers(nil)))
	}
}

// TestClientTimeout: a server that never answers makes the client fail
// with ErrPeerTimeout after the Ack Timeout, and not before.
func TestClientTimeout(t *testing.T) {
	now := time.Unix(0, 0)
	c := retrotank.NewClient(retrotank.ClientConfig{Ack: retrotank.AckConfig{Timeout: time.Second}, Retry: 100 * time.Millisecond})
	c.Connect(now)
	sent := 0
	for range 10 {
		sent += drain(t, c.Next, now, func([]byte) {})
		now = now.Add(100 * time.Millisecond)
	}
	if sent != 10 {
		t.Errorf("%d CONN_REQ in 1 s, want 10", sent)
	}
	if _, _, err := c.Next(now, nil); !errors.Is(err, retrotank.ErrPeerTimeout) || c.State() != retrotank.ClientDropped {
		t.Errorf("after 1 s: %v, %v", err, c.State())
	}
}

// TestServerDropsSilentClient: a client that stops acknowledging is
// dropped with ErrPeerTimeout naming its address.
func TestServerDropsSilentClient(t *testing.T) {
	now := time.Unix(0, 0)
	s := retrotank.NewServer(retrotank.ServerConfig{Ack: retrotank.AckConfig{Timeout: time.Second}})
	req, _ := (&retrotank.ConnReq{RandID: 5}).MarshalBinary()
	if ev, err := s.Receive(addr(3), req, now); err != nil || !ev.Joined {
		t.Fatal(ev, err)
	}
	for i := 0; i <= 20; i++ {
		to, _, _, err := s.Next(now, nil)
		if err != nil {
			if !errors.Is(err, retrotank.ErrPeerTimeout) || to != addr(3) || i < 10 {
				t.Fatalf("step %d: %v to %v", i, err, to)
			}
			if len(s.Peers(nil)) != 0 {
				t.Fatal("peer kept")
			}
			return
		}
		now = now.Add(100 * time.Millisecond)
	}
	t.Fatal("never dropped")
}

// TestAcceptIgnoresOtherRandID: an acceptance or denial for another
// request is not ours.
func TestAcceptIgnoresOtherRandID(t *testing.T) {
	now := time.Unix(0, 0)
	c := retrotank.NewClient(retrotank.ClientConfig{RandID: func() uint32 { return 1 }})
	c.Connect(now)
	for _, m := range []retrotank.Message{&retrotank.ConnAccept{Client: 4, RandID: 2}, &retrotank.ConnDeny{RandID: 2}} {
		b, _ := m.MarshalBinary()
		if got, err := c.Receive(b, now); got != nil || err != nil || c.State() != retrotank.ClientConnecting {
			t.Errorf("%s for another id: %v, %v, %v", m.Form().Name, got, err, c.State())
		}
	}
}

func TestStartTracker(t *testing.T) {
	cases := []struct {
		name    string
		id      retrotank.MessageID
		time    uint32
		changed bool
		err     error
	}{
		{"first", 10, 1000, true, nil},
		{"same again", 10, 1000, false, nil},
		{"newer id, later time", 11, 2000, true, nil},
		{"older id, earlier time (stale)", 10, 1000, false, nil},
		{"newer id, earlier time", 12, 1500, false, retrotank.ErrStartContradiction},
		{"older id, later time", 9, 3000, false, retrotank.ErrStartContradiction},
		{"same id, other time", 11, 2500, false, retrotank.ErrStartContradiction},
		{"newer id across the wrap", 11 + 0x7fff, 4000, true, nil},
		{"later time across the wrap", 11 + 0x7fff + 1, 4000 + 0x7fffffff, true, nil},
	}
	var s retrotank.StartTracker
	for _, c := range cases {
		changed, err := s.Observe(&retrotank.GameStart{ID: c.id, StartTime: c.time})
		if changed != c.changed || !errors.Is(err, c.err) {
			t.Errorf("%s: %v, %v; want %v, %v", c.name, changed, err, c.changed, c.err)
		}
	}
	if st, ok := s.Start(); !ok || st != 4000+0x7fffffff {
		t.Errorf("Start = %d, %v", st, ok)
	}
}

// TestTimeSync: over a simulated link with an injected clock (the
// server's game time runs 5000 ms ahead of the client's clock; the path
// to the server takes 30 ms, the way back 10 ms, then 5 ms both ways),
// the estimate takes the best sample, replies that echo nothing are
// ignored, and times wrap.
func TestTimeSync(t *testing.T) {
	for _, base := range []uint32{1000, 0xffffff00} {
		ts := retrotank.TimeSync{Client: 4}
		if _, _, ok := ts.Estimate(); ok {
			t.Fatal("estimate before any reply")
		}
		exchange := func(at, up, down uint32) error {
			req := ts.Request(at)
			rep := retrotank.Answer(&req, at+up+5000)
			return ts.Reply(&rep, at+up+down)
		}
		if err := exchange(base, 30, 10); err != nil {
			t.Fatal(err)
		}
		off, rtt, _ := ts.Estimate()
		if rtt != 40 || off != 5000+30-20 {
			t.Errorf("first sample: offset %d rtt %d, want 5010 and 40", off, rtt)
		}
		if err := exchange(base+100, 5, 5); err != nil {
			t.Fatal(err)
		}
		if off, rtt, _ = ts.Estimate(); rtt != 10 || off != 5000 {
			t.Errorf("best sample: offset %d rtt %d, want 5000 and 10", off, rtt)
		}
		if err := exchange(base+200, 100, 100); err != nil {
			t.Fatal(err)
		}
		if off, rtt, _ = ts.Estimate(); rtt != 10 || off != 5000 {
			t.Errorf("a worse sample replaced the best: %d %d", off, rtt)
		}
		if got := ts.GameTime(base + 1); got != base+5001 {
			t.Errorf("GameTime = %d, want %d", got, base+5001)
		}
		bogus := retrotank.TimeReply{Client: 4, ClientTime: base + 7, ServerTime: 1}
		if err := ts.Reply(&bogus, base+300); !errors.Is(err, retrotank.ErrTimeEcho) {
			t.Errorf("unsolicited reply: %v", err)
		}
		other := retrotank.TimeReply{Client: 5, ClientTime: base + 100}
		if err := ts.Reply(&other, base+300); !errors.Is(err, retrotank.ErrTimeEcho) {
			t.Errorf("another client's reply: %v", err)
		}
	}
}

// TestDisconnectGivesUpInFlight: a client that disconnects while a
// message is unacknowledged closes once its CONN_DISCONN is acknowledged,
// instead of waiting for the rest.
func TestDisconnectGivesUpInFlight(t *testing.T) {
	now := time.Unix(0, 0)
	s := retrotank.NewServer(retrotank.ServerConfig{})
	c := retrotank.NewClient(retrotank.ClientConfig{})
	cs, addrs := []*retrotank.Client{c}, []netip.AddrPort{addr(5)}
	c.Connect(now)
	pipe(t, s, cs, addrs, now, nil)
	c.Send(&retrotank.PlayerSpawn{}, now)
	c.Disconnect(now)
	dropSpawn := func(b []byte) bool { return b[0] == byte(retrotank.MsgTypePlayerSpawn) }
	pipe(t, s, cs, addrs, now, dropSpawn)
	if c.State() != retrotank.ClientClosed || s.Peer(0) != nil {
		t.Fatalf("client %v, peer %v", c.State(), s.Peer(0))
	}
	if _, ok, err := c.Next(now.Add(time.Minute), nil); ok || err != nil {
		t.Errorf("a closed client still sends: %v %v", ok, err)
	}
}

// TestClientRestart: a CONN_REQ with a new random id from the address of
// a connection ends it and opens a new one.
func TestClientRestart(t *testing.T) {
	now := time.Unix(0, 0)
	s := retrotank.NewServer(retrotank.ServerConfig{})
	req := func(id uint32) []byte { b, _ := (&retrotank.ConnReq{RandID: id}).MarshalBinary(); return b }
	ev, err := s.Receive(addr(4), req(1), now)
	if err != nil || !ev.Joined {
		t.Fatal(ev, err)
	}
	first := ev.Peer
	if ev, _ := s.Receive(addr(4), req(1), now); ev.Joined || ev.Peer != first {
		t.Errorf("a repeated request opened a connection: %+v", ev)
	}
	ev, err = s.Receive(addr(4), req(2), now)
	if err != nil || !ev.Joined || ev.Replaced != first || ev.Peer == first || len(s.Peers(nil)) != 1 {
		t.Errorf("restart: %+v, %v, %d peers", ev, err, len(s.Peers(nil)))
	}
}
