package retrotank_test

import (
	"errors"
	"net/netip"
	"slices"
	"testing"
	"time"

	"github.com/gamewire/gamewire/retrotank"
	"github.com/gamewire/gamewire/session"
	"github.com/gamewire/gamewire/wire"
)

// The sessions meet the contract.
var (
	_ session.Session = (*retrotank.Client)(nil)
	_ session.Session = (*retrotank.Server)(nil)
	_ session.Session = (*retrotank.TimeServer)(nil)
)

func addr(port uint16) netip.AddrPort {
	return netip.AddrPortFrom(netip.MustParseAddr("127.0.0.1"), port)
}

var (
	gameAddr = addr(retrotank.ServerPort)
	timeAddr = addr(retrotank.TimeSyncPort)
)

// game runs a Server, its TimeServer and Clients in memory, by hand, with
// injected time: pump moves every unit each session transmits to the
// session it is addressed to; step advances the clock and ticks every
// session whose deadline passed.
type game struct {
	t       *testing.T
	now     time.Time
	srv     *retrotank.Server
	ts      *retrotank.TimeServer
	cs      []*retrotank.Client
	addrs   []netip.AddrPort
	drop    func(b []byte) bool // loses the datagrams it says
	srvErrs []error             // what the server's Handle refused
	cliErrs []error             // what the clients' Handle refused
	srvEv   []retrotank.Event
	cliEv   [][]retrotank.Event
}

func newGame(t *testing.T, cfg retrotank.ServerConfig) *game {
	t.Helper()
	now := time.Unix(1000, 0)
	if cfg.Epoch.IsZero() {
		cfg.Epoch = now.Add(-time.Hour)
	}
	srv, err := retrotank.NewServer(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return &game{t: t, now: now, srv: srv, ts: srv.TimeServer()}
}

// client adds a client with cfg (a fixed random id, and the time server
// when sync is set).
func (g *game) client(cfg retrotank.ClientConfig) *retrotank.Client {
	n := len(g.cs)
	if cfg.RandID == nil {
		cfg.RandID = func() uint32 { return 0x1000 + uint32(n) }
	}
	c := retrotank.NewClient(cfg)
	g.cs = append(g.cs, c)
	g.addrs = append(g.addrs, addr(uint16(40000+n)))
	g.cliEv = append(g.cliEv, nil)
	return c
}

// pump moves units until nothing moves, and collects the events.
func (g *game) pump() {
	g.t.Helper()
	for moved, rounds := true, 0; moved; rounds++ {
		if rounds > 10000 {
			g.t.Fatal("pump: the sessions never stop sending")
		}
		moved = false
		for i, c := range g.cs {
			for to, b, ok := c.Transmit(g.now, nil); ok; to, b, ok = c.Transmit(g.now, nil) {
				moved = true
				if g.drop != nil && g.drop(b) {
					continue
				}
				var err error
				switch to {
				case netip.AddrPort{}:
					err = g.srv.Handle(g.now, g.addrs[i], b)
					if err != nil {
						g.srvErrs = append(g.srvErrs, err)
					}
				case timeAddr:
					if err = g.ts.Handle(g.now, g.addrs[i], b); err != nil {
						g.t.Fatalf("time server: %v", err)
					}
				default:
					g.t.Fatalf("client %d sent to %v", i, to)
				}
			}
		}
		for _, s := range []session.Session{g.srv, g.ts} {
			from := gameAddr
			if s == session.Session(g.ts) {
				from = timeAddr
			}
			for to, b, ok := s.Transmit(g.now, nil); ok; to, b, ok = s.Transmit(g.now, nil) {
				moved = true
				if g.drop != nil && g.drop(b) {
					continue
				}
				if i := slices.Index(g.addrs, to); i >= 0 {
					if err := g.cs[i].Handle(g.now, from, b); err != nil {
						g.cliErrs = append(g.cliErrs, err)
					}
				}
			}
		}
	}
	for e, ok := g.srv.Event(); ok; e, ok = g.srv.Event() {
		g.srvEv = append(g.srvEv, e)
	}
	for i, c := range g.cs {
		for e, ok := c.Event(); ok; e, ok = c.Event() {
			g.cliEv[i] = append(g.cliEv[i], e)
		}
	}
}

// step advances the clock by d, ticks every session whose deadline
// passed, and pumps.
func (g *game) step(d time.Duration) {
	g.t.Helper()
	g.now = g.now.Add(d)
	for _, s := range append([]session.Session{g.srv, g.ts}, sessions(g.cs)...) {
		if dl := s.Deadline(); !dl.IsZero() && !g.now.Before(dl) {
			s.Tick(g.now)
		}
	}
	g.pump()
}

func sessions(cs []*retrotank.Client) []session.Session {
	var out []session.Session
	for _, c := range cs {
		out = append(out, c)
	}
	return out
}

// kinds returns the kinds of evs.
func kinds(evs []retrotank.Event) []retrotank.EventKind {
	var k []retrotank.EventKind
	for _, e := range evs {
		k = append(k, e.Kind)
	}
	return k
}

func has(evs []retrotank.Event, k retrotank.EventKind, player retrotank.PlayerID) bool {
	return slices.ContainsFunc(evs, func(e retrotank.Event) bool { return e.Kind == k && e.Player == player })
}

// TestConnect: CONN_REQ is retried until accepted, across a lost request
// and a lost acceptance; the acceptance is acknowledged; a full server
// denies; the setup arrives; the client leaves: each step an event.
func TestConnect(t *testing.T) {
	bf := &retrotank.Battlefield{Width: 9, Obstacles: make([]retrotank.Area, 100)}
	g := newGame(t, retrotank.ServerConfig{MaxClients: 1, Battlefield: bf})
	c1 := g.client(retrotank.ClientConfig{Bcast: true})
	c2 := g.client(retrotank.ClientConfig{})
	lostReq, lostAccept := false, false
	g.drop = func(b []byte) bool {
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
	if err := c1.Join(g.now); err != nil {
		t.Fatal(err)
	}
	if err := c1.Join(g.now); !errors.Is(err, retrotank.ErrSequence) {
		t.Errorf("a second Join: %v", err)
	}
	for i := 0; i < 20 && c1.State() != retrotank.ClientReady; i++ {
		g.step(retrotank.DefaultResend)
	}
	if !lostReq || !lostAccept {
		t.Fatal("nothing was lost")
	}
	if c1.State() != retrotank.ClientReady || c1.ID() != 0 {
		t.Fatalf("client 1: %v, id %d", c1.State(), c1.ID())
	}
	if got := kinds(g.cliEv[0]); !slices.Equal(got, []retrotank.EventKind{retrotank.EventJoined, retrotank.EventSetupComplete}) {
		t.Errorf("client events %v", got)
	}
	if got := kinds(g.srvEv); !slices.Equal(got, []retrotank.EventKind{retrotank.EventJoined, retrotank.EventSetupComplete}) {
		t.Errorf("server events %v", got)
	}
	p, ok := g.srv.Peer(0)
	if !ok || !p.Bcast || p.RandID != 0x1000 || p.InFlight != 0 || !p.Setup || p.Addr != g.addrs[0] {
		t.Fatalf("peer %+v", p)
	}
	if bf2, err := c1.Battlefield(); err != nil || bf2.Width != 9 || len(bf2.Obstacles) != 100 {
		t.Fatalf("battlefield: %v", err)
	}
	// a second client: the server is full
	c2.Join(g.now)
	g.pump()
	if c2.State() != retrotank.ClientDenied || !c2.Done() || !has(g.cliEv[1], retrotank.EventDenied, 0) {
		t.Fatalf("client 2: %v, events %v", c2.State(), kinds(g.cliEv[1]))
	}
	if !errors.Is(g.cliEv[1][0].Err, retrotank.ErrDenied) {
		t.Errorf("denial's Err %v", g.cliEv[1][0].Err)
	}
	if _, _, ok := c2.Transmit(g.now.Add(time.Hour), nil); ok || !c2.Deadline().IsZero() {
		t.Error("a denied client still sends")
	}
	// the client leaves
	if err := c1.Leave(g.now); err != nil {
		t.Fatal(err)
	}
	if _, err := c1.Spawn(g.now); !errors.Is(err, retrotank.ErrSequence) {
		t.Errorf("Spawn while leaving: %v", err)
	}
	g.pump()
	if !has(g.srvEv, retrotank.EventLeft, 0) || c1.State() != retrotank.ClientClosed || !c1.Done() || len(g.srv.Peers(nil)) != 0 {
		t.Fatalf("after leave: server %v, client %v", kinds(g.srvEv), c1.State())
	}
	if !has(g.cliEv[0], retrotank.EventClosed, 0) {
		t.Errorf("client events %v", kinds(g.cliEv[0]))
	}
	if _, err := c1.Send(g.now, &retrotank.PlayerSpawn{}); !errors.Is(err, retrotank.ErrSequence) {
		t.Errorf("Send after close: %v", err)
	}
	if len(g.srvErrs)+len(g.cliErrs) > 0 {
		t.Errorf("refused: %v %v", g.srvErrs, g.cliErrs)
	}
}

// join connects n clients with the time server to a game with relay and
// a small battlefield, and returns it with every client ready and synced.
// Both sides' acknowledgement systems have ack's configuration.
func join(t *testing.T, n int, ack ...retrotank.AckConfig) *game {
	t.Helper()
	var cfg retrotank.AckConfig
	if len(ack) > 0 {
		cfg = ack[0]
	}
	g := newGame(t, retrotank.ServerConfig{Ack: cfg, Relay: true, Battlefield: &retrotank.Battlefield{Width: 64, Height: 48, Obstacles: make([]retrotank.Area, 3)}})
	for range n {
		c := g.client(retrotank.ClientConfig{Ack: cfg, TimeServer: timeAddr})
		c.Join(g.now)
		g.pump() // one at a time: client i gets id i
	}
	for range 10 {
		g.step(retrotank.DefaultSyncEvery)
	}
	for i, c := range g.cs {
		if c.State() != retrotank.ClientReady || !has(g.cliEv[i], retrotank.EventSynced, c.ID()) {
			t.Fatalf("client %d: %v, events %v", i, c.State(), kinds(g.cliEv[i]))
		}
	}
	return g
}

// TestGame: two clients see each other's moves and shots through the
// relay, the start time and its wrap-safe Started, the spawn request,
// the scores and the game over.
func TestGame(t *testing.T) {
	g := join(t, 2)
	a, b := g.cs[0], g.cs[1]
	// the clocks: the game time is an hour of milliseconds, the clients'
	// own clocks a few hundred
	if off, rtt, ok := a.Sync(); !ok || rtt != 0 || off < 3_000_000 {
		t.Errorf("sync: %d %d %v", off, rtt, ok)
	}
	if got, want := a.GameTime(g.now), g.srv.GameTime(g.now); got != want {
		t.Errorf("client's game time %d, server's %d", got, want)
	}
	if a.Started(g.now) {
		t.Error("started before any GAME_START")
	}
	start, err := g.srv.StartGame(g.now, time.Second)
	if err != nil {
		t.Fatal(err)
	}
	g.pump()
	if !has(g.cliEv[1], retrotank.EventGameStart, 0) || g.cliEv[1][len(g.cliEv[1])-1].Start != start {
		t.Fatalf("client events %v", g.cliEv[1])
	}
	if a.Started(g.now) || !a.Started(g.now.Add(time.Second)) {
		t.Error("Started is wrong either side of the start")
	}
	if _, err := a.Move(g.now, []byte{1, 2, 3, 4}); err != nil {
		t.Fatal(err)
	}
	if _, err := b.Shoot(g.now, []byte{9}); err != nil {
		t.Fatal(err)
	}
	g.pump()
	last := func(i int) retrotank.Event { return g.cliEv[i][len(g.cliEv[i])-1] }
	if e := last(1); e.Kind != retrotank.EventUpdate || e.Player != 0 || e.Flags != retrotank.UpdateTank || string(e.Data) != "\x01\x02\x03\x04" || e.Time != g.srv.GameTime(g.now) {
		t.Errorf("b saw %+v", e)
	}
	if e := last(0); e.Kind != retrotank.EventUpdate || e.Player != 1 || e.Flags != retrotank.UpdateShell || string(e.Data) != "\x09" {
		t.Errorf("a saw %+v", e)
	}
	if !has(g.cliEv[0], retrotank.EventPlayerJoined, 1) || !has(g.cliEv[1], retrotank.EventPlayerJoined, 0) || has(g.cliEv[0], retrotank.EventPlayerJoined, 0) {
		t.Errorf("players heard of: %v, %v", kinds(g.cliEv[0]), kinds(g.cliEv[1]))
	}
	if e := g.srvEv[len(g.srvEv)-1]; e.Kind != retrotank.EventUpdate || e.Player != 1 || e.Peer != g.addrs[1] {
		t.Errorf("server saw %+v", e)
	}
	if _, err := b.Spawn(g.now); err != nil {
		t.Fatal(err)
	}
	g.pump()
	if !has(g.srvEv, retrotank.EventSpawn, 1) {
		t.Fatalf("server events %v", kinds(g.srvEv))
	}
	g.srv.Broadcast(g.now, &retrotank.Score{RedScore: 1, Scores: []retrotank.PlayerScore{{Killer: 1, Killed: 0, Score: -4}}})
	g.srv.Broadcast(g.now, &retrotank.GameOver{Winner: retrotank.TeamBlue, BlueScore: 1})
	g.pump()
	if e := last(0); e.Kind != retrotank.EventGameOver || e.Winner != retrotank.TeamBlue || e.BlueScore != 1 {
		t.Errorf("game over: %+v", e)
	}
	if e := g.cliEv[0][len(g.cliEv[0])-2]; e.Kind != retrotank.EventScore || e.RedScore != 1 || len(e.Scores) != 1 || e.Scores[0].Score != -4 {
		t.Errorf("score: %+v", e)
	}
	if len(g.srvErrs)+len(g.cliErrs) > 0 {
		t.Errorf("refused: %v %v", g.srvErrs, g.cliErrs)
	}
}

// TestStartedWraps: the start time and the game time compare across the
// wrap of the 32-bit clock.
func TestStartedWraps(t *testing.T) {
	for _, c := range []struct {
		start, now uint32
		started    bool
	}{
		{1000, 999, false}, {1000, 1000, true}, {1000, 5000, true},
		{0xffffff00, 0x10, true}, {0x10, 0xffffff00, false}, {0xfffffff0, 0xffffffef, false},
		{0, 1 << 31, false}, {0, 1<<31 - 1, true},
	} {
		var s retrotank.StartTracker
		if s.Started(c.now) {
			t.Error("started without a GAME_START")
		}
		s.Observe(&retrotank.GameStart{StartTime: c.start})
		if got := s.Started(c.now); got != c.started {
			t.Errorf("start %#x, now %#x: %v, want %v", c.start, c.now, got, c.started)
		}
	}
	// and through a Client: the game clock wraps between the GAME_START
	// and the start (the client syncs for 2 s, so the server's game time is
	// 2^32 - 300 when it starts the game in 1 s, at 700)
	now := time.Unix(1000, 0)
	g := newGame(t, retrotank.ServerConfig{Epoch: now.Add(2300*time.Millisecond - (1<<32)*time.Millisecond)})
	c := g.client(retrotank.ClientConfig{TimeServer: timeAddr})
	c.Join(g.now)
	for range 10 {
		g.step(retrotank.DefaultSyncEvery)
	}
	start, _ := g.srv.StartGame(g.now, time.Second)
	g.pump()
	if start != 700 || c.Started(g.now) || !c.Started(g.now.Add(time.Second)) {
		t.Errorf("start %d: started %v, %v", start, c.Started(g.now), c.Started(g.now.Add(time.Second)))
	}
}

// TestLeaveWaitsForAcks: Leave sends CONN_DISCONN only once every message
// the client sent is acknowledged, then is Done.
func TestLeaveWaitsForAcks(t *testing.T) {
	g := join(t, 1)
	c := g.cs[0]
	lost := 0
	g.drop = func(b []byte) bool {
		if b[0] == byte(retrotank.MsgTypePlayerSpawn) && lost < 2 {
			lost++
			return true
		}
		return false
	}
	c.Spawn(g.now)
	if err := c.Leave(g.now); err != nil {
		t.Fatal(err)
	}
	g.pump()
	if c.State() != retrotank.ClientLeaving || c.Done() {
		t.Fatalf("after a lost spawn: %v", c.State())
	}
	if _, ok := g.srv.Peer(0); !ok {
		t.Fatal("the server dropped the client before its CONN_DISCONN")
	}
	g.step(retrotank.DefaultResend) // lost again
	if c.State() != retrotank.ClientLeaving {
		t.Fatalf("after the second loss: %v", c.State())
	}
	g.step(retrotank.DefaultResend)
	if c.State() != retrotank.ClientClosed || !c.Done() || !has(g.srvEv, retrotank.EventSpawn, 0) || !has(g.srvEv, retrotank.EventLeft, 0) {
		t.Fatalf("client %v, server events %v", c.State(), kinds(g.srvEv))
	}
	if i := slices.IndexFunc(g.srvEv, func(e retrotank.Event) bool { return e.Kind == retrotank.EventSpawn }); g.srvEv[i+1].Kind != retrotank.EventLeft {
		t.Errorf("server events %v: the spawn is not just before the leave", kinds(g.srvEv))
	}
	if !c.Deadline().IsZero() {
		t.Errorf("a closed client has a deadline %v", c.Deadline())
	}
}

// TestKick: the server's CONN_DISCONN closes the client (EventLeft, Done),
// and the connection is dropped once it is acknowledged.
func TestKick(t *testing.T) {
	g := join(t, 1)
	if err := g.srv.Kick(g.now, 0); err != nil {
		t.Fatal(err)
	}
	if err := g.srv.Kick(g.now, 3); !errors.Is(err, retrotank.ErrNoPlayer) {
		t.Errorf("Kick of nobody: %v", err)
	}
	g.pump()
	c := g.cs[0]
	if c.State() != retrotank.ClientClosed || !c.Done() || !has(g.cliEv[0], retrotank.EventLeft, 0) {
		t.Fatalf("client %v, events %v", c.State(), kinds(g.cliEv[0]))
	}
	if len(g.srv.Peers(nil)) != 0 || !has(g.srvEv, retrotank.EventLeft, 0) {
		t.Fatalf("server: %d peers, events %v", len(g.srv.Peers(nil)), kinds(g.srvEv))
	}
}

// TestClientTimeout: a server that never answers makes the client give
// up after the Ack Timeout, and not before; Transmit stops at once when
// nothing is due, and the Deadline says when the next CONN_REQ is.
func TestClientTimeout(t *testing.T) {
	now := time.Unix(0, 0)
	c := retrotank.NewClient(retrotank.ClientConfig{Ack: retrotank.AckConfig{Timeout: time.Second}, Retry: 100 * time.Millisecond})
	if !c.Deadline().IsZero() {
		t.Error("an idle client has a deadline")
	}
	c.Join(now)
	sent := 0
	for range 10 {
		if d := c.Deadline(); !d.Equal(now) {
			t.Fatalf("deadline %v at %v", d, now)
		}
		c.Tick(now)
		for _, _, ok := c.Transmit(now, nil); ok; _, _, ok = c.Transmit(now, nil) {
			sent++
		}
		now = now.Add(100 * time.Millisecond)
	}
	if sent != 10 || c.Done() {
		t.Errorf("%d CONN_REQ in 1 s, want 10; done %v", sent, c.Done())
	}
	c.Tick(now)
	e, _ := c.Event()
	if c.State() != retrotank.ClientDropped || !c.Done() || e.Kind != retrotank.EventTimeout || !errors.Is(e.Err, retrotank.ErrPeerTimeout) {
		t.Errorf("after 1 s: %v, %+v", c.State(), e)
	}
}

// TestServerDropsSilentClient: a client that stops acknowledging is
// dropped by Tick at its deadline, with EventTimeout naming it.
func TestServerDropsSilentClient(t *testing.T) {
	now := time.Unix(0, 0)
	s, _ := retrotank.NewServer(retrotank.ServerConfig{Ack: retrotank.AckConfig{Timeout: time.Second}})
	req, _ := (&retrotank.ConnReq{RandID: 5}).MarshalBinary()
	if err := s.Handle(now, addr(3), req); err != nil {
		t.Fatal(err)
	}
	if e, _ := s.Event(); e.Kind != retrotank.EventJoined || e.Peer != addr(3) {
		t.Fatalf("event %+v", e)
	}
	for i := 0; i <= 20; i++ {
		for _, _, ok := s.Transmit(now, nil); ok; _, _, ok = s.Transmit(now, nil) {
		}
		d := s.Deadline()
		if d.IsZero() || d.Before(now) {
			t.Fatalf("step %d: deadline %v at %v", i, d, now)
		}
		now = d
		s.Tick(now)
		if e, ok := s.Event(); ok {
			if e.Kind != retrotank.EventTimeout || e.Peer != addr(3) || !errors.Is(e.Err, retrotank.ErrPeerTimeout) || now.Sub(time.Unix(0, 0)) != time.Second {
				t.Fatalf("at %v: %+v", now, e)
			}
			if len(s.Peers(nil)) != 0 || !s.Deadline().IsZero() {
				t.Fatal("peer kept")
			}
			return
		}
	}
	t.Fatal("never dropped")
}

// TestAcceptIgnoresOtherRandID: an acceptance or denial for another
// request is not ours.
func TestAcceptIgnoresOtherRandID(t *testing.T) {
	now := time.Unix(0, 0)
	c := retrotank.NewClient(retrotank.ClientConfig{RandID: func() uint32 { return 1 }})
	c.Join(now)
	for _, m := range []retrotank.Message{&retrotank.ConnAccept{Client: 4, RandID: 2}, &retrotank.ConnDeny{RandID: 2}} {
		b, _ := m.MarshalBinary()
		if err := c.Handle(now, gameAddr, b); err != nil || c.State() != retrotank.ClientConnecting {
			t.Errorf("%s for another id: %v, %v", m.Form().Name, err, c.State())
		}
	}
	if e, ok := c.Event(); ok {
		t.Errorf("event %+v", e)
	}
}

// TestClientRestart: a CONN_REQ with a new random id from the address of
// a connection ends it and opens a new one.
func TestClientRestart(t *testing.T) {
	now := time.Unix(0, 0)
	var s retrotank.Server
	req := func(id uint32) []byte { b, _ := (&retrotank.ConnReq{RandID: id}).MarshalBinary(); return b }
	if err := s.Handle(now, addr(4), req(1)); err != nil {
		t.Fatal(err)
	}
	s.Handle(now, addr(4), req(1)) // repeated: nothing new
	s.Handle(now, addr(4), req(2))
	var got []retrotank.EventKind
	for e, ok := s.Event(); ok; e, ok = s.Event() {
		got = append(got, e.Kind)
	}
	want := []retrotank.EventKind{retrotank.EventJoined, retrotank.EventLeft, retrotank.EventJoined}
	if !slices.Equal(got, want) || len(s.Peers(nil)) != 1 {
		t.Errorf("events %v, want %v; %d peers", got, want, len(s.Peers(nil)))
	}
	if p, _ := s.Peer(0); p.RandID != 2 {
		t.Errorf("peer %+v", p)
	}
}

// TestSendChecks: every send is checked, by wire.CheckSend and by the
// session's state and rules; Lax lets rule-breaking messages out, and the
// server refuses what a client may not send, and stays up.
func TestSendChecks(t *testing.T) {
	g := join(t, 2)
	c, srv := g.cs[1], g.srv
	for _, tc := range []struct {
		name string
		err  error
		want error
	}{
		{"client: unknown flag", second(c.Send(g.now, &retrotank.PlayerUpdate{FirstPlayer: 1, Flags: 0x100})), wire.ErrInvalid},
		{"client: a server's message", second(c.Send(g.now, &retrotank.GameOver{})), wire.ErrInvalid},
		{"client: nil", second(c.Send(g.now, nil)), wire.ErrInvalid},
		{"client: nil pointer", second(c.Send(g.now, (*retrotank.PlayerSpawn)(nil))), wire.ErrInvalid},
		{"client: DFS", second(c.Send(g.now, &retrotank.PlayerUpdate{FirstPlayer: 1, Flags: retrotank.UpdateDFS})), retrotank.ErrClientDFS},
		{"client: another player's update", second(c.Send(g.now, &retrotank.PlayerUpdate{FirstPlayer: 7})), retrotank.ErrPlayerID},
		{"client: another player's spawn", second(c.Send(g.now, &retrotank.PlayerSpawn{Player: 9})), retrotank.ErrPlayerID},
		{"client: CONN_DISCONN", second(c.Send(g.now, &retrotank.ConnDisconn{Client: 1})), retrotank.ErrSequence},
		{"server: bad winner", second(srv.Send(g.now, 1, &retrotank.GameOver{Winner: 5})), wire.ErrInvalid},
		{"server: a client's message", second(srv.Send(g.now, 1, &retrotank.PlayerSpawn{})), wire.ErrInvalid},
		{"server: nil", second(srv.Send(g.now, 1, nil)), wire.ErrInvalid},
		{"server: nobody", second(srv.Send(g.now, 9, &retrotank.GameStart{})), retrotank.ErrNoPlayer},
		{"server: CONN_ACCEPT", second(srv.Send(g.now, 1, &retrotank.ConnAccept{})), retrotank.ErrSequence},
		{"server: broadcast nil", srv.Broadcast(g.now, nil), wire.ErrInvalid},
		{"server: broadcast a client's message", srv.Broadcast(g.now, &retrotank.PlayerUpdate{}), nil},
		{"server: broadcast bad winner", srv.Broadcast(g.now, &retrotank.GameOver{Winner: 5}), wire.ErrInvalid},
	} {
		if tc.want == nil {
			if tc.err != nil {
				t.Errorf("%s: %v", tc.name, tc.err)
			}
			continue
		}
		if !errors.Is(tc.err, tc.want) {
			t.Errorf("%s: %v, want %v", tc.name, tc.err, tc.want)
		}
	}
	var seq *session.SequenceError
	if _, err := c.Send(g.now, &retrotank.ConnDisconn{Client: 1}); !errors.As(err, &seq) || seq.Protocol != "retrotank" {
		t.Errorf("CONN_DISCONN: %v", err)
	}
	g.pump()
	if len(g.srvErrs) != 0 {
		t.Fatalf("the server refused %v", g.srvErrs)
	}
	// a lax client sends them anyway; the server refuses each, clearly
	lax := retrotank.NewClient(retrotank.ClientConfig{Lax: true})
	g.cs[1] = lax
	lax.Join(g.now)
	g.pump()
	g.srvErrs = nil
	for _, m := range []retrotank.Acked{
		&retrotank.PlayerUpdate{FirstPlayer: 7},
		&retrotank.PlayerSpawn{Player: 9},
		&retrotank.PlayerUpdate{FirstPlayer: lax.ID(), Flags: retrotank.UpdateDFS},
		&retrotank.PlayerUpdate{FirstPlayer: lax.ID(), Flags: 0x100},
	} {
		if _, err := lax.Send(g.now, m); err != nil {
			t.Fatalf("lax send %s: %v", m.Form().Name, err)
		}
	}
	g.pump()
	want := []error{retrotank.ErrPlayerID, retrotank.ErrPlayerID, retrotank.ErrClientDFS, wire.ErrInvalid}
	if len(g.srvErrs) != len(want) {
		t.Fatalf("server refused %v", g.srvErrs)
	}
	for i, err := range g.srvErrs {
		if !errors.Is(err, want[i]) {
			t.Errorf("refusal %d: %v, want %v", i, err, want[i])
		}
	}
	if lax.InFlight() != 0 {
		t.Error("the refused messages are not acknowledged")
	}
	// a server's message from a client, and after a CONN_DISCONN
	over, _ := (&retrotank.GameOver{ID: 900}).MarshalBinary()
	if err := srv.Handle(g.now, g.addrs[1], over); !errors.Is(err, retrotank.ErrServerOnly) {
		t.Errorf("GAME_OVER from a client: %v", err)
	}
	id := lax.ID()
	disc, _ := (&retrotank.ConnDisconn{ID: 1000, Client: id}).MarshalBinary()
	spawn, _ := (&retrotank.PlayerSpawn{ID: 1001, Player: id}).MarshalBinary()
	if err := srv.Handle(g.now, g.addrs[1], disc); err != nil {
		t.Fatal(err)
	}
	if err := srv.Handle(g.now, g.addrs[1], spawn); !errors.Is(err, retrotank.ErrSequence) {
		t.Errorf("PLAYER_SPAWN after CONN_DISCONN: %v", err)
	}
	// the server is up: the other client still plays
	g.srvErrs = nil
	g.cs[0].Move(g.now, []byte{1})
	g.pump()
	if e := g.srvEv[len(g.srvEv)-1]; e.Kind != retrotank.EventUpdate || e.Player != 0 || len(g.srvErrs) != 0 {
		t.Errorf("after the refusals: %+v, %v", e, g.srvErrs)
	}
}

func second[T any](_ T, err error) error { return err }

// TestNilAndZero: no exported function or method panics on nil, and the
// zero value of every session type either works or returns errors.
func TestNilAndZero(t *testing.T) {
	now := time.Unix(0, 0)
	var a retrotank.Acker
	var asm retrotank.Assembler
	var st retrotank.StartTracker
	var ts retrotank.TimeSync
	for _, tc := range []struct {
		name string
		err  error
	}{
		{"BuildPages(nil)", second(retrotank.BuildPages(nil))},
		{"Assembler.Add(nil)", asm.Add(nil)},
		{"Assembler.Add(nil pointer)", asm.Add((*retrotank.Option)(nil))},
		{"Acker.Queue(nil)", second(a.Queue(nil, now))},
		{"Acker.Queue(nil pointer)", second(a.Queue((*retrotank.GameStart)(nil), now))},
		{"StartTracker.Observe(nil)", second(st.Observe(nil))},
		{"TimeSync.Reply(nil)", ts.Reply(nil, 0)},
		{"Answer(nil)", second(retrotank.Answer(nil, 0))},
	} {
		if !errors.Is(tc.err, retrotank.ErrNil) {
			t.Errorf("%s: %v, want ErrNil", tc.name, tc.err)
		}
	}
	if a.Receive(nil, now) || a.Receive((*retrotank.Ack)(nil), now) {
		t.Error("Acker delivered nil")
	}
	// the zero Acker works, with the defaults
	if _, err := a.Queue(&retrotank.GameStart{}, now); err != nil || a.Config().Window != retrotank.DefaultWindow || a.InFlight() != 1 {
		t.Errorf("zero Acker: %v, %+v", err, a.Config())
	}
	// zero sessions: every method, then a whole connection
	var c retrotank.Client
	var s retrotank.Server
	var tsrv retrotank.TimeServer
	for _, x := range []session.Session{&c, &s, &tsrv} {
		if err := x.Handle(now, netip.AddrPort{}, nil); err == nil {
			t.Errorf("%T: Handle(nil) returned nil", x)
		}
		if _, _, ok := x.Transmit(now, nil); ok {
			t.Errorf("%T: Transmit of a zero session", x)
		}
		x.Tick(now)
		if !x.Deadline().IsZero() || x.Done() {
			t.Errorf("%T: zero session has a deadline or is done", x)
		}
	}
	if _, ok := c.Event(); ok {
		t.Error("zero Client has an event")
	}
	if _, err := c.Move(now, nil); !errors.Is(err, retrotank.ErrSequence) {
		t.Errorf("zero Client Move: %v", err)
	}
	if err := c.Leave(now); !errors.Is(err, retrotank.ErrSequence) {
		t.Errorf("zero Client Leave: %v", err)
	}
	if _, err := c.Battlefield(); !errors.Is(err, retrotank.ErrIncomplete) {
		t.Errorf("zero Client Battlefield: %v", err)
	}
	if _, err := s.Send(now, 0, &retrotank.GameStart{}); !errors.Is(err, retrotank.ErrNoPlayer) {
		t.Errorf("zero Server Send: %v", err)
	}
	if err := s.Kick(now, 0); !errors.Is(err, retrotank.ErrNoPlayer) {
		t.Errorf("zero Server Kick: %v", err)
	}
	if err := s.Broadcast(now, &retrotank.GameStart{}); err != nil {
		t.Errorf("zero Server Broadcast to nobody: %v", err)
	}
	if _, ok := s.Peer(0); ok || len(s.Peers(nil)) != 0 {
		t.Error("zero Server has peers")
	}
	// a zero Client joins a zero Server
	if err := c.Join(now); err != nil {
		t.Fatal(err)
	}
	for range 3 {
		for _, b, ok := c.Transmit(now, nil); ok; _, b, ok = c.Transmit(now, nil) {
			s.Handle(now, addr(1), b)
		}
		for _, b, ok := s.Transmit(now, nil); ok; _, b, ok = s.Transmit(now, nil) {
			c.Handle(now, gameAddr, b)
		}
	}
	if c.State() != retrotank.ClientSetup || len(s.Peers(nil)) != 1 {
		t.Errorf("zero sessions: client %v, %d peers", c.State(), len(s.Peers(nil)))
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
			rep, _ := retrotank.Answer(&req, at+up+5000)
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

// TestStartTracker: the GAME_START rule.
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

// TestSessionSteadyStateAllocs: a move from one client, through the
// server's relay, to the other client, events read, allocates nothing.
func TestSessionSteadyStateAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector allocates")
	}
	g := join(t, 2, retrotank.AckConfig{Window: 16}) // every slot warm after 16 messages
	a, b, srv := g.cs[0], g.cs[1], g.srv
	buf := make([]byte, 0, retrotank.MaxDatagram)
	data := []byte{1, 2, 3, 4, 5, 6, 7, 8}
	seen := 0
	round := func() {
		a.Move(g.now, data)
		for moved := true; moved; {
			moved = false
			for i, c := range []*retrotank.Client{a, b} {
				for _, u, ok := c.Transmit(g.now, buf[:0]); ok; _, u, ok = c.Transmit(g.now, buf[:0]) {
					moved = true
					srv.Handle(g.now, g.addrs[i], u)
				}
			}
			for to, u, ok := srv.Transmit(g.now, buf[:0]); ok; to, u, ok = srv.Transmit(g.now, buf[:0]) {
				moved = true
				if to == g.addrs[0] {
					a.Handle(g.now, gameAddr, u)
				} else {
					b.Handle(g.now, gameAddr, u)
				}
			}
		}
		for _, x := range []interface {
			Event() (retrotank.Event, bool)
		}{a, b, srv} {
			for e, ok := x.Event(); ok; e, ok = x.Event() {
				if e.Kind == retrotank.EventUpdate && len(e.Data) == 8 {
					seen++
				}
			}
		}
		g.now = g.now.Add(time.Millisecond)
	}
	for range 20 {
		round()
	}
	if n := testing.AllocsPerRun(100, round); n != 0 {
		t.Errorf("a move's round trip allocates %v times", n)
	}
	if seen < 2*120 || a.InFlight() != 0 {
		t.Errorf("%d updates seen, %d in flight", seen, a.InFlight())
	}
}
