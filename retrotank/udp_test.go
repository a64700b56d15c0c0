package retrotank_test

import (
	"bytes"
	"context"
	"errors"
	"net"
	"net/netip"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/gamewire/gamewire/internal/nettest"
	"github.com/gamewire/gamewire/retrotank"
	"github.com/gamewire/gamewire/session"
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

// recording is the server's game-port socket, recording the datagrams it
// reads (the clients') and writes (the server's), and keeping the
// driver's allocation-free path (ReadFromUDPAddrPort, WriteToUDPAddrPort).
type recording struct {
	*net.UDPConn
	capt *capture
}

func (r *recording) ReadFromUDPAddrPort(b []byte) (int, netip.AddrPort, error) {
	n, from, err := r.UDPConn.ReadFromUDPAddrPort(b)
	if err == nil {
		r.capt.add(false, b[:n])
	}
	return n, from, err
}

func (r *recording) WriteToUDPAddrPort(b []byte, to netip.AddrPort) (int, error) {
	r.capt.add(true, b)
	return r.UDPConn.WriteToUDPAddrPort(b, to)
}

// TestUDPLoopback runs a whole game over real UDP sockets on 127.0.0.1,
// through session.Packet drivers: a Server and its TimeServer, each on a
// socket of its own, and two Clients, with free ports: connect, setup
// download, time sync, game start, moves and shots relayed, spawns
// answered by scores, game over, leave. The server's datagrams are
// recorded (with -update, into testdata/retrotank).
func TestUDPLoopback(t *testing.T) {
	bf := &retrotank.Battlefield{Duration: 300000, WinScore: 10, Width: 1024, Height: 768,
		Obstacles: make([]retrotank.Area, 70),
		Spawns:    retrotank.TeamAreas{Red: []retrotank.Area{{X: 1, Y: 2, Width: 3, Height: 4}}, Blue: []retrotank.Area{{X: 900, Y: 700, Width: 30, Height: 30}}},
		Goals:     retrotank.TeamAreas{Red: []retrotank.Area{{X: 10, Y: 10, Width: 5, Height: 5}}},
	}
	for i := range bf.Obstacles {
		bf.Obstacles[i] = retrotank.Area{X: uint16(10 * i), Y: uint16(5 * i), Width: 8, Height: 8}
	}
	const clients, updates = 2, 3
	var capt capture
	cfg := retrotank.AckConfig{Resend: 50 * time.Millisecond, SlowResend: 150 * time.Millisecond, Timeout: 5 * time.Second}
	srv, err := retrotank.NewServer(retrotank.ServerConfig{Ack: cfg, MaxClients: clients, Battlefield: bf, Relay: true, Epoch: time.Now().Add(-time.Hour)})
	if err != nil {
		t.Fatal(err)
	}
	packet := func(pc net.PacketConn, s session.Session, remote netip.AddrPort) *session.Packet {
		d, err := session.NewPacket(pc, s, remote)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { d.Close() })
		return d
	}
	game, timePort := nettest.ListenUDP(t), nettest.ListenUDP(t)
	gameAt, timeAt := game.LocalAddr().(*net.UDPAddr).AddrPort(), timePort.LocalAddr().(*net.UDPAddr).AddrPort()
	drivers := []*session.Packet{packet(&recording{UDPConn: game, capt: &capt}, srv, netip.AddrPort{}),
		packet(timePort, srv.TimeServer(), netip.AddrPort{})}
	var cs []*retrotank.Client
	for range clients {
		c := retrotank.NewClient(retrotank.ClientConfig{Ack: cfg, Retry: 50 * time.Millisecond, TimeServer: timeAt})
		cs = append(cs, c)
		drivers = append(drivers, packet(nettest.ListenUDP(t), c, gameAt))
		c.Join(time.Now())
	}
	sent := make([]int, clients)
	spawned := make([]bool, clients)
	updatesFrom, spawns, scores, overs, left := map[retrotank.PlayerID]int{}, 0, 0, 0, 0
	started, over := false, false
	ctx := context.Background()
	for end := time.Now().Add(20 * time.Second); left < clients; {
		if time.Now().After(end) {
			t.Fatalf("the game did not end in 20 s: %d left, %d spawns, updates %v", left, spawns, updatesFrom)
		}
		for i, d := range drivers {
			var r *session.Refused
			if err := d.Poll(ctx, time.Millisecond); errors.As(err, &r) {
				t.Fatalf("driver %d refused: %v", i, err)
			}
		}
		now := time.Now()
		for e, ok := srv.Event(); ok; e, ok = srv.Event() {
			switch e.Kind {
			case retrotank.EventUpdate:
				updatesFrom[e.Player]++
			case retrotank.EventSpawn:
				spawns++
				srv.Broadcast(now, &retrotank.Score{RedScore: uint16(spawns), Scores: []retrotank.PlayerScore{{Killer: e.Player, Killed: e.Player ^ 1, Score: int16(spawns)}}})
			case retrotank.EventLeft:
				left++
			case retrotank.EventTimeout:
				t.Fatalf("server: %+v", e)
			}
		}
		ready := 0
		for _, p := range srv.Peers(nil) {
			if p.Setup {
				ready++
			}
		}
		if !started && ready == clients {
			started = true
			srv.StartGame(now, 100*time.Millisecond)
			// a later start replaces it, by the newer-id-and-later-time rule
			srv.StartGame(now, 200*time.Millisecond)
		}
		if started && !over && spawns == clients && len(updatesFrom) == clients && updatesFrom[0] == 2*updates && updatesFrom[1] == 2*updates {
			over = true
			srv.Broadcast(now, &retrotank.GameOver{Winner: retrotank.TeamRed, RedScore: uint16(spawns)})
		}
		for i, c := range cs {
			for e, ok := c.Event(); ok; e, ok = c.Event() {
				switch e.Kind {
				case retrotank.EventScore:
					scores++
				case retrotank.EventGameOver:
					overs++
					if err := c.Leave(now); err != nil {
						t.Fatal(err)
					}
				case retrotank.EventTimeout, retrotank.EventLeft:
					t.Fatalf("client %d: %+v", i, e)
				}
			}
			if _, _, synced := c.Sync(); !synced || !c.Started(now) || c.State() != retrotank.ClientReady {
				continue
			}
			if sent[i] < updates {
				sent[i]++
				if _, err := c.Move(now, []byte{byte(sent[i]), 1, 2, 3}); err != nil {
					t.Fatal(err)
				}
				if _, err := c.Shoot(now, []byte{byte(sent[i])}); err != nil {
					t.Fatal(err)
				}
			} else if !spawned[i] {
				spawned[i] = true
				c.Spawn(now)
			}
		}
	}
	for i, c := range cs {
		got, err := c.Battlefield()
		if err != nil || !equalBattlefield(got, bf) {
			t.Errorf("client %d: battlefield %v", i, err)
		}
		off, rtt, ok := c.Sync()
		now := time.Now()
		truth := int32(srv.GameTime(now) - c.GameTime(now) + uint32(off))
		if !ok || absDiff(off, truth) > int32(rtt)+20 {
			t.Errorf("client %d: time sync estimate %d off the truth %d", i, off, truth)
		}
		if st, _ := c.Start(); st == 0 {
			t.Errorf("client %d: no start time", i)
		}
	}
	if overs != clients || scores != clients*clients {
		t.Errorf("%d game overs, %d scores seen", overs, scores)
	}
	pollDone := time.Now().Add(5 * time.Second)
	for !(cs[0].Done() && cs[1].Done()) && time.Now().Before(pollDone) {
		for _, d := range drivers {
			d.Poll(ctx, time.Millisecond)
		}
	}
	if !cs[0].Done() || !cs[1].Done() {
		t.Errorf("clients %v, %v", cs[0].State(), cs[1].State())
	}
	if t.Failed() {
		return
	}
	if *nettest.Update {
		// testdata/retrotank/README.md describes these files.
		capt.mu.Lock()
		defer capt.mu.Unlock()
		nettest.WriteFiles(t, nettest.File{Path: nettest.Capture("retrotank", "loopback-server.hex"), Data: nettest.HexLines(capt.fromServer)},
			nettest.File{Path: nettest.Capture("retrotank", "loopback-client.hex"), Data: nettest.HexLines(capt.fromCl)})
	}
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
