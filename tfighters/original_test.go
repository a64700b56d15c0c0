package tfighters_test

import (
	"net"
	"os"
	"sync"
	"testing"
	"time"

	"github.com/gamewire/gamewire/tfighters"
	"github.com/gamewire/gamewire/wire"
)

// originalPlayer is a Client joined to the original server, read by a
// goroutine; mu guards the Client.
type originalPlayer struct {
	mu     sync.Mutex
	c      *tfighters.Client
	conn   *wire.Conn
	kicked chan string
}

// flush sends what the Client queued; mu must be held.
func (p *originalPlayer) flush(t *testing.T) {
	for m := p.c.Next(); m != nil; m = p.c.Next() {
		if err := p.conn.WriteMessage(m); err != nil {
			t.Errorf("write %T: %v", m, err)
			return
		}
	}
}

// joinOriginal connects to the original server at FIGHTERZ_ADDR as nick and
// returns once the player is spawned; it skips the test without
// FIGHTERZ_ADDR (loopback addresses only).
func joinOriginal(t *testing.T, nick string) *originalPlayer {
	t.Helper()
	addr := os.Getenv("FIGHTERZ_ADDR")
	if addr == "" {
		t.Skip("FIGHTERZ_ADDR not set")
	}
	if host, _, err := net.SplitHostPort(addr); err != nil || !net.ParseIP(host).IsLoopback() {
		t.Fatalf("FIGHTERZ_ADDR %q: loopback addresses only", addr)
	}
	nc, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { nc.Close() })
	p := &originalPlayer{c: tfighters.NewClient(nick), conn: tfighters.NewConn(nc, tfighters.FromServer), kicked: make(chan string, 1)}
	spawned := make(chan struct{})
	go func() {
		for {
			m, err := p.conn.Next()
			if err != nil {
				return
			}
			p.mu.Lock()
			before := p.c.State()
			p.c.Handle(m)
			if k, ok := m.(*tfighters.Kick); ok && k.ID == p.c.ID {
				p.kicked <- string(k.Text)
			}
			if _, ok := m.(*tfighters.SpawnReady); ok && p.c.State() == tfighters.ClientSpawnReady {
				p.c.Spawn()
			}
			if before != tfighters.ClientPlaying && p.c.State() == tfighters.ClientPlaying {
				close(spawned)
			}
			p.flush(t)
			p.mu.Unlock()
		}
	}()
	select {
	case <-spawned:
	case <-time.After(15 * time.Second):
		t.Fatalf("%s: not spawned in 15 s (state %v)", nick, p.c.State())
	}
	return p
}

// TestOriginalServerBullets fires bullets at the original server
// (rayburgemeestre/fighterz 8812983, when FIGHTERZ_ADDR names it on the
// loopback interface), with a second player in the game, and checks that
// the Client never gets the player kicked for them (errata 28): it holds
// a shot while MaxBullets-1 of its bullets may still be alive on the
// server (ErrBulletLimit), so the server's count never reaches BULLET_MAX.
func TestOriginalServerBullets(t *testing.T) {
	a := joinOriginal(t, "gw-shooter")
	joinOriginal(t, "gw-target")
	refused := 0
	deadline := time.Now().Add(2 * tfighters.BulletTTL)
	for time.Now().Before(deadline) {
		a.mu.Lock()
		me := a.c.Objects[a.c.ID]
		if err := a.c.Shoot(me.X, me.Y, me.Deg); err != nil {
			refused++
		}
		a.flush(t)
		a.mu.Unlock()
		select {
		case why := <-a.kicked:
			t.Fatalf("kicked: %q", why)
		case <-time.After(100 * time.Millisecond):
		}
	}
	if refused == 0 {
		t.Error("no shot was held back")
	}
	t.Logf("%d shots held back", refused)
}
