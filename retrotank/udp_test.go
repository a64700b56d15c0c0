package retrotank_test

import (
	"bytes"
	"errors"
	"net"
	"net/netip"
	"slices"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/gamewire/gamewire/internal/nettest"
	"github.com/gamewire/gamewire/retrotank"
	"github.com/gamewire/gamewire/wire"
)

// capture records the datagrams of a session, by sender.
type capture struct {
	mu                 sync.Mutex
	fromServer, fromCl [][]byte
}

func (c *capture) add(fromServer bool, b []byte) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if fromServer {
		c.fromServer = append(c.fromServer, bytes.Clone(b))
	} else {
		c.fromCl = append(c.fromCl, bytes.Clone(b))
	}
}

// TestUDPLoopback runs a whole game over real UDP sockets on 127.0.0.1
// between a Server and two Clients of this package, with free ports:
// connect, setup download, time sync, game start, player updates relayed
// and spawns answered by scores, game over, disconnect.
func TestUDPLoopback(t *testing.T) {
	game := nettest.ListenUDP(t)
	timePort := nettest.ListenUDP(t)
	bf := &retrotank.Battlefield{Duration: 300000, WinScore: 10, Width: 1024, Height: 768,
		Obstacles: make([]retrotank.Area, 70),
		Spawns:    retrotank.TeamAreas{Red: []retrotank.Area{{X: 1, Y: 2, Width: 3, Height: 4}}, Blue: []retrotank.Area{{X: 900, Y: 700, Width: 30, Height: 30}}},
		Goals:     retrotank.TeamAreas{Red: []retrotank.Area{{X: 10, Y: 10, Width: 5, Height: 5}}},
	}
	for i := range bf.Obstacles {
		bf.Obstacles[i] = retrotank.Area{X: uint16(10 * i), Y: uint16(5 * i), Width: 8, Height: 8}
	}
	const clients = 2
	const updates = 3
	var capt capture
	cfg := retrotank.AckConfig{Resend: 50 * time.Millisecond, SlowResend: 150 * time.Millisecond, Timeout: 5 * time.Second}
	serverStart := time.Now()
	gameClock := func() uint32 { return 1_000_000 + uint32(time.Since(serverStart).Milliseconds()) }

	stop := make(chan struct{})
	var wg sync.WaitGroup
	// the time-sync server: answer every request
	wg.Add(1)
	go func() {
		defer wg.Done()
		buf := make([]byte, 600)
		for {
			select {
			case <-stop:
				return
			default:
			}
			timePort.SetReadDeadline(time.Now().Add(20 * time.Millisecond))
			n, from, err := timePort.ReadFromUDPAddrPort(buf)
			if err != nil {
				continue
			}
			var req retrotank.TimeRequest
			if req.UnmarshalBinary(buf[:n]) != nil {
				continue
			}
			rep := retrotank.Answer(&req, gameClock())
			out, _ := rep.MarshalBinary()
			timePort.WriteToUDPAddrPort(out, from)
		}
	}()

	// the game server
	srvErr := make(chan error, 1)
	wg.Add(1)
	go func() {
		defer wg.Done()
		srvErr <- runServer(game, bf, cfg, clients, updates, gameClock, &capt, stop)
	}()

	// the clients
	cliErr := make(chan error, clients)
	for i := 0; i < clients; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			cliErr <- runClient(t, game.LocalAddr().(*net.UDPAddr).AddrPort(), timePort.LocalAddr().(*net.UDPAddr).AddrPort(), bf, cfg, updates, gameClock)
		}(i)
	}
	deadline := time.After(20 * time.Second)
	for i := 0; i < clients+1; i++ {
		select {
		case err := <-cliErr:
			if err != nil {
				t.Errorf("client: %v", err)
			}
		case err := <-srvErr:
			if err != nil {
				t.Errorf("server: %v", err)
			}
		case <-deadline:
			t.Fatal("session did not end in 20 s")
		}
	}
	close(stop)
	wg.Wait()
	if t.Failed() {
		return
	}
	if *nettest.Update {
		// testdata/retrotank/README.md describes these files.
		nettest.WriteFiles(t, nettest.File{Path: nettest.Capture("retrotank", "loopback-server.hex"), Data: nettest.HexLines(capt.fromServer)},
			nettest.File{Path: nettest.Capture("retrotank", "loopback-client.hex"), Data: nettest.HexLines(capt.fromCl)})
	}
}

func runServer(conn *net.UDPConn, bf *retrotank.Battlefield, cfg retrotank.AckConfig, clients, updates int,
	gameClock func() uint32, capt *capture, stop chan struct{}) error {
	srv := retrotank.NewServer(retrotank.ServerConfig{Ack: cfg, MaxClients: clients})
	buf := make([]byte, 2048)
	out := make([]byte, 0, 512)
	joined, left, spawns := 0, 0, 0
	updatesFrom := map[retrotank.PlayerID]int{}
	started, over := false, false
	for left < clients {
		select {
		case <-stop:
			return errors.New("stopped")
		default:
		}
		now := time.Now()
		conn.SetReadDeadline(now.Add(5 * time.Millisecond))
		if n, from, err := conn.ReadFromUDPAddrPort(buf); err == nil {
			capt.add(false, buf[:n])
			ev, err := srv.Receive(from, buf[:n], time.Now())
			if err != nil && !errors.Is(err, retrotank.ErrUnknownPeer) {
				return err
			}
			if ev.Joined {
				joined++
				pages, err := retrotank.BuildPages(bf)
				if err != nil {
					return err
				}
				if err := srv.SendSetup(ev.Peer, pages, now); err != nil {
					return err
				}
			}
			switch m := ev.Msg.(type) {
			case *retrotank.PlayerUpdate:
				updatesFrom[ev.Peer.ID]++
				for _, p := range srv.Peers(nil) {
					if p != ev.Peer {
						relay := *m
						relay.Flags |= retrotank.UpdateDFS
						srv.Send(p, &relay, now)
					}
				}
			case *retrotank.PlayerSpawn:
				spawns++
				srv.Broadcast(&retrotank.Score{RedScore: uint16(spawns), Scores: []retrotank.PlayerScore{{Killer: m.Player, Killed: m.Player ^ 1, Score: int16(spawns)}}}, now)
			}
			if ev.Left {
				left++
			}
		}
		now = time.Now()
		if !started && joined == clients {
			ready := true
			for _, p := range srv.Peers(nil) {
				if p.Acker().InFlight() > 0 {
					ready = false
				}
			}
			if ready {
				started = true
				srv.Broadcast(&retrotank.GameStart{StartTime: gameClock() + 100}, now)
				// a later start replaces it, by the newer-id-and-later-time rule
				srv.Broadcast(&retrotank.GameStart{StartTime: gameClock() + 200}, now)
			}
		}
		if started && !over && spawns == clients && len(updatesFrom) == clients {
			done := true
			for _, n := range updatesFrom {
				done = done && n == updates
			}
			if done {
				over = true
				srv.Broadcast(&retrotank.GameOver{Winner: retrotank.TeamRed, RedScore: uint16(spawns)}, now)
			}
		}
		for {
			to, b, ok, err := srv.Next(time.Now(), out[:0])
			if err != nil {
				return err
			}
			if !ok {
				break
			}
			capt.add(true, b)
			if _, err := conn.WriteToUDPAddrPort(b, to); err != nil {
				return err
			}
		}
	}
	return nil
}

func runClient(t *testing.T, server, timeServer netip.AddrPort, want *retrotank.Battlefield, cfg retrotank.AckConfig, updates int, gameClock func() uint32) error {
	conn, err := net.DialUDP("udp4", nil, net.UDPAddrFromAddrPort(server))
	if err != nil {
		return err
	}
	defer conn.Close()
	tconn, err := net.DialUDP("udp4", nil, net.UDPAddrFromAddrPort(timeServer))
	if err != nil {
		return err
	}
	defer tconn.Close()
	start := time.Now()
	clock := func() uint32 { return uint32(time.Since(start).Milliseconds()) }

	c := retrotank.NewClient(retrotank.ClientConfig{Ack: cfg, Retry: 50 * time.Millisecond})
	c.Connect(time.Now())
	buf := make([]byte, 2048)
	out := make([]byte, 0, 512)
	sent, spawned, synced, gameOver, scores := 0, false, false, false, 0
	ts := retrotank.TimeSync{}
	for !c.State().Final() {
		now := time.Now()
		conn.SetReadDeadline(now.Add(5 * time.Millisecond))
		if n, err := conn.Read(buf); err == nil {
			m, err := c.Receive(buf[:n], time.Now())
			if err != nil {
				return err
			}
			switch m.(type) {
			case *retrotank.GameOver:
				gameOver = true
				if err := c.Disconnect(time.Now()); err != nil {
					return err
				}
			case *retrotank.Score:
				scores++
			}
		}
		if c.State() == retrotank.ClientReady && !synced {
			// time sync on its own port, three exchanges
			ts.Client = c.ID()
			for i := 0; i < 3; i++ {
				req := ts.Request(clock())
				b, _ := req.MarshalBinary()
				tconn.Write(b)
				tconn.SetReadDeadline(time.Now().Add(time.Second))
				n, err := tconn.Read(buf)
				if err != nil {
					return err
				}
				var rep retrotank.TimeReply
				if err := rep.UnmarshalBinary(buf[:n]); err != nil {
					return err
				}
				if err := ts.Reply(&rep, clock()); err != nil {
					return err
				}
			}
			off, rtt, ok := ts.Estimate()
			truth := int32(gameClock() - clock())
			if !ok || absDiff(off, truth) > int32(rtt)+20 {
				return errors.New("time sync estimate off: " + strconv.Itoa(int(off)) + " vs " + strconv.Itoa(int(truth)))
			}
			synced = true
		}
		if _, ok := c.Start(); ok && c.State() == retrotank.ClientReady && synced {
			if sent < updates {
				sent++
				c.Send(&retrotank.PlayerUpdate{UpdateTime: ts.GameTime(clock()), FirstPlayer: c.ID(), Flags: retrotank.UpdateTank, Data: []byte{byte(sent), 1, 2, 3}}, time.Now())
			} else if !spawned {
				spawned = true
				c.Send(&retrotank.PlayerSpawn{Player: c.ID()}, time.Now())
			}
		}
		for {
			b, ok, err := c.Next(time.Now(), out[:0])
			if err != nil {
				return err
			}
			if !ok {
				break
			}
			if _, err := conn.Write(b); err != nil {
				return err
			}
		}
	}
	if c.State() != retrotank.ClientClosed || !gameOver || scores == 0 {
		return errors.New("client ended " + c.State().String() + " without the whole game")
	}
	got, err := c.Battlefield()
	if err != nil {
		return err
	}
	if !equalBattlefield(got, want) {
		return errors.New("battlefield differs")
	}
	if st, _ := c.Start(); st == 0 {
		return errors.New("no start time")
	}
	return nil
}

func absDiff(a, b int32) int32 {
	if a > b {
		return a - b
	}
	return b - a
}

// TestCaptureRoundTrip decodes the committed loopback capture and
// re-encodes every datagram byte for byte.
func TestCaptureRoundTrip(t *testing.T) {
	for _, c := range []struct {
		file string
		from wire.Direction
	}{{"loopback-server.hex", retrotank.FromServer}, {"loopback-client.hex", retrotank.FromClient}} {
		dec := retrotank.NewDecoder()
		dec.Policy = wire.Strict
		seen := map[string]bool{}
		n := 0
		for _, b := range nettest.ReadHexLines(t, nettest.Capture("retrotank", c.file)) {
			m, _, err := dec.Decode(b, c.from)
			if err != nil {
				t.Fatalf("%s: %x: %v", c.file, b, err)
			}
			seen[m.Form().Name] = true
			out, err := m.AppendBinary(nil)
			if err != nil || !slices.Equal(out, b) {
				t.Fatalf("%s: %x re-encodes to %x, %v", c.file, b, out, err)
			}
			n++
		}
		if n == 0 {
			t.Errorf("%s: empty", c.file)
		}
		t.Logf("%s: %d datagrams, %d message types", c.file, n, len(seen))
	}
}
