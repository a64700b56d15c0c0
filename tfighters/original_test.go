package tfighters_test

import (
	"context"
	"errors"
	"net"
	"os"
	"testing"
	"time"

	"github.com/gamewire/gamewire/session"
	"github.com/gamewire/gamewire/tfighters"
)

// originalPlayer is a Client joined to the original server through a
// session.Conn.
type originalPlayer struct {
	c      *tfighters.Client
	d      *session.Conn
	kicked string // the reason of an EventKicked
}

// poll polls the player's driver for at most max and reads its events.
func (p *originalPlayer) poll(t *testing.T, max time.Duration) {
	t.Helper()
	var r *session.Refused
	if err := p.d.Poll(context.Background(), max); err != nil && !errors.As(err, &r) {
		t.Fatalf("%s: Poll: %v", p.c.Nick(), err)
	}
	for e, ok := p.c.Event(); ok; e, ok = p.c.Event() {
		switch e.Kind {
		case tfighters.EventSpawnReady:
			p.c.Spawn()
		case tfighters.EventKicked:
			p.kicked = e.Text
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
	p := &originalPlayer{c: tfighters.NewClient(nick)}
	if p.d, err = session.NewConn(nc, p.c); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { p.d.Close() })
	for end := time.Now().Add(15 * time.Second); p.c.State() != tfighters.ClientPlaying; {
		if time.Now().After(end) {
			t.Fatalf("%s: not spawned in 15 s (state %v)", nick, p.c.State())
		}
		p.poll(t, 10*time.Millisecond)
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
	b := joinOriginal(t, "gw-target")
	refused := 0
	deadline := time.Now().Add(2 * tfighters.BulletTTL)
	for time.Now().Before(deadline) {
		me := a.c.Object(a.c.ID())
		if err := a.c.Shoot(time.Now(), me.X, me.Y, me.Deg); err != nil {
			refused++
		}
		for end := time.Now().Add(100 * time.Millisecond); time.Now().Before(end); {
			a.poll(t, 10*time.Millisecond)
			b.poll(t, 0)
		}
		if a.kicked != "" {
			t.Fatalf("kicked: %q", a.kicked)
		}
	}
	if refused == 0 {
		t.Error("no shot was held back")
	}
	t.Logf("%d shots held back", refused)
}
