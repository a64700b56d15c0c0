package retrotank_test

import (
	"errors"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/gamewire/gamewire/retrotank"
	"github.com/gamewire/gamewire/session"
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
	bf := randBattlefield(rng)
	bf.Obstacles = bf.Obstacles[:min(len(bf.Obstacles), 200)]
	srv, err := retrotank.NewServer(retrotank.ServerConfig{Ack: ack, Battlefield: bf})
	if err != nil {
		t.Fatal(err)
	}
	cli := retrotank.NewClient(retrotank.ClientConfig{Ack: ack, Retry: 100 * time.Millisecond})
	const updates = 5
	from := addr(7)
	start := time.Unix(0, 0)
	cli.Join(start)
	sent, spawned, started, over, left := 0, false, false, false, false
	got := map[byte]int{}
	var scores, overs, setups int
	for step := 0; ; step++ {
		now := start.Add(time.Duration(step) * 25 * time.Millisecond)
		for _, b := range up.arrivals(step) {
			err := srv.Handle(now, from, b)
			if err != nil && !errors.Is(err, retrotank.ErrUnknownPeer) {
				t.Fatalf("server: %v", err)
			}
		}
		for e, ok := srv.Event(); ok; e, ok = srv.Event() {
			switch e.Kind {
			case retrotank.EventUpdate:
				got[e.Data[0]]++
			case retrotank.EventSpawn:
				srv.Send(now, e.Player, &retrotank.Score{RedScore: 1})
				srv.Send(now, e.Player, &retrotank.GameOver{Winner: retrotank.TeamRed, RedScore: 1})
			case retrotank.EventSetupComplete:
				setups++
				if !started {
					started = true
					srv.Send(now, e.Player, &retrotank.GameStart{StartTime: 500})
				}
			}
		}
		for _, b := range down.arrivals(step) {
			if err := cli.Handle(now, gameAddr, b); err != nil && !errors.Is(err, retrotank.ErrSequence) {
				t.Fatalf("client: %v", err)
			}
		}
		for e, ok := cli.Event(); ok; e, ok = cli.Event() {
			switch e.Kind {
			case retrotank.EventScore:
				scores++
			case retrotank.EventGameOver:
				overs++
				over = true
			}
		}
		if _, ok := cli.Start(); ok && cli.State() == retrotank.ClientReady {
			if sent < updates {
				sent++
				if _, err := cli.Move(now, []byte{byte(sent)}); err != nil {
					t.Fatal(err)
				}
			} else if !spawned {
				spawned = true
				cli.Spawn(now)
			} else if over && scores > 0 && !left {
				left = true
				if err := cli.Leave(now); err != nil {
					t.Fatal(err)
				}
			}
		}
		for _, s := range []session.Session{cli, srv} {
			if d := s.Deadline(); !d.IsZero() && !now.Before(d) {
				s.Tick(now)
			}
		}
		for to, b, ok := cli.Transmit(now, nil); ok; to, b, ok = cli.Transmit(now, nil) {
			if to.IsValid() {
				t.Fatalf("client sent to %v", to)
			}
			up.send(step, b)
		}
		for to, b, ok := srv.Transmit(now, nil); ok; to, b, ok = srv.Transmit(now, nil) {
			if to != from {
				t.Fatalf("server sent to %v", to)
			}
			down.send(step, b)
		}
		if cli.State() == retrotank.ClientDropped {
			t.Fatalf("seed %d step %d: client dropped", seed, step)
		}
		if _, ok := srv.Peer(0); cli.Done() && !ok && len(up.inflight) == 0 && len(down.inflight) == 0 {
			break
		}
		if step > 200000 {
			_, ok := srv.Peer(0)
			t.Fatalf("seed %d: stuck: client %v, peer %v (loss %.2f)", seed, cli.State(), ok, loss)
		}
	}
	for i := 1; i <= updates; i++ {
		if got[byte(i)] != 1 {
			t.Errorf("update %d delivered %d times", i, got[byte(i)])
		}
	}
	if scores != 1 || overs != 1 || setups != 1 {
		t.Errorf("%d scores, %d game overs, %d setups delivered", scores, overs, setups)
	}
	if b, err := cli.Battlefield(); err != nil || !equalBattlefield(b, bf) {
		t.Errorf("battlefield: %v", err)
	}
}
