package retrotank_test

import (
	"errors"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/gamewire/gamewire/retrotank"
)

// TestSessionLossy runs whole client/server sessions in memory over a link
// that loses (up to 40%), duplicates and reorders datagrams: the client
// connects, downloads a setup, receives the game start, sends updates and
// a spawn request, gets the scores and the game over, and disconnects.
// Every session ends with the client closed, the server without the
// connection, every update delivered to the server exactly once, and the
// battlefield intact.
func TestSessionLossy(t *testing.T) {
	n := 300
	if raceEnabled || testing.Short() {
		n = 60
	}
	for seed := 0; seed < n; seed++ {
		runLossySession(t, uint64(seed))
		if t.Failed() {
			t.Fatalf("seed %d", seed)
		}
	}
}

func runLossySession(t *testing.T, seed uint64) {
	rng := rand.New(rand.NewPCG(seed, 99))
	loss, dup, delay := rng.Float64()*0.4, rng.Float64()*0.3, rng.IntN(4)
	up := &link{rng: rng, loss: loss, dup: dup, maxDelay: delay}
	down := &link{rng: rng, loss: loss, dup: dup, maxDelay: delay}
	ack := retrotank.AckConfig{Resend: 100 * time.Millisecond, SlowResend: 300 * time.Millisecond, Timeout: time.Hour}
	srv := retrotank.NewServer(retrotank.ServerConfig{Ack: ack})
	cli := retrotank.NewClient(retrotank.ClientConfig{Ack: ack, Retry: 100 * time.Millisecond})
	bf := randBattlefield(rng)
	bf.Obstacles = bf.Obstacles[:min(len(bf.Obstacles), 200)]
	const updates = 5
	from := addr(7)
	start := time.Unix(0, 0)
	cli.Connect(start)
	sent, spawned, started, over := 0, false, false, false
	got := map[byte]int{}
	var scores, overs int
	for step := 0; ; step++ {
		now := start.Add(time.Duration(step) * 25 * time.Millisecond)
		for _, b := range up.arrivals(step) {
			ev, err := srv.Receive(from, b, now)
			if err != nil && !errors.Is(err, retrotank.ErrUnknownPeer) {
				t.Fatalf("server: %v", err)
			}
			if ev.Joined {
				pages, _ := retrotank.BuildPages(bf)
				srv.SendSetup(ev.Peer, pages, now)
			}
			switch m := ev.Msg.(type) {
			case *retrotank.PlayerUpdate:
				got[m.Data[0]]++
			case *retrotank.PlayerSpawn:
				srv.Send(ev.Peer, &retrotank.Score{RedScore: 1}, now)
				srv.Send(ev.Peer, &retrotank.GameOver{Winner: retrotank.TeamRed, RedScore: 1}, now)
			}
		}
		if p := srv.Peer(0); p != nil && !started && p.Acker().InFlight() == 0 {
			started = true
			srv.Send(p, &retrotank.GameStart{StartTime: 500}, now)
		}
		for _, b := range down.arrivals(step) {
			m, err := cli.Receive(b, now)
			if err != nil && !errors.Is(err, retrotank.ErrNotConnected) {
				t.Fatalf("client: %v", err)
			}
			switch m.(type) {
			case *retrotank.Score:
				scores++
			case *retrotank.GameOver:
				overs++
				over = true
			}
		}
		if _, ok := cli.Start(); ok && cli.State() == retrotank.ClientReady {
			if sent < updates {
				sent++
				cli.Send(&retrotank.PlayerUpdate{Data: []byte{byte(sent)}}, now)
			} else if !spawned {
				spawned = true
				cli.Send(&retrotank.PlayerSpawn{}, now)
			} else if over && scores > 0 && cli.Acker().InFlight() == 0 {
				cli.Disconnect(now)
			}
		}
		for b, ok, err := cli.Next(now, nil); ok || err != nil; b, ok, err = cli.Next(now, nil) {
			if err != nil {
				t.Fatalf("seed %d step %d: client Next: %v (state %v, peer %v)", seed, step, err, cli.State(), srv.Peer(0) != nil)
			}
			up.send(step, b)
		}
		for to, b, ok, err := srv.Next(now, nil); ok || err != nil; to, b, ok, err = srv.Next(now, nil) {
			if err != nil || to != from {
				t.Fatalf("server Next: %v to %v", err, to)
			}
			down.send(step, b)
		}
		if cli.State() == retrotank.ClientClosed && srv.Peer(0) == nil && len(up.inflight) == 0 && len(down.inflight) == 0 {
			break
		}
		if step > 200000 {
			t.Fatalf("seed %d: stuck: client %v, peer %v (loss %.2f)", seed, cli.State(), srv.Peer(0) != nil, loss)
		}
	}
	for i := 1; i <= updates; i++ {
		if got[byte(i)] != 1 {
			t.Errorf("update %d delivered %d times", i, got[byte(i)])
		}
	}
	if scores != 1 || overs != 1 {
		t.Errorf("%d scores, %d game overs delivered", scores, overs)
	}
	if b, err := cli.Battlefield(); err != nil || !equalBattlefield(b, bf) {
		t.Errorf("battlefield: %v", err)
	}
}
