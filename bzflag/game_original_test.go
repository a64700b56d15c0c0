package bzflag_test

import (
	"math"
	"testing"
	"time"

	"github.com/gamewire/gamewire/bzflag"
)

// TestOriginalServerGame plays two Games against a running original
// BZFlag 1.7 server (bzfs), when BZFS_ADDR names one on the loopback
// interface, started with UDP (without -noudp), for example as
// `bzfs -i 127.0.0.1 -p 5155 -pr 5156 -c -s 3 -j`; it is skipped
// otherwise. Both join through the drivers, get the relay and the UDP
// link, and come alive; they drive circles for two seconds (MsgPlayerUpdate
// over UDP at the client's rate), and each must receive the other's
// updates over UDP; the first teleports, blows itself up, and both
// leave. Every frame from bzfs must be taken without error.
func TestOriginalServerGame(t *testing.T) {
	addr := bzfsAddr(t)
	var ps [2]*driven
	for i := range ps {
		p := dialGame(t, addr, "gopher"+string(rune('A'+i)), true)
		ps[i] = p
		poll := func() { p.poll(t) }
		until(t, "the game", func() bool { return p.g.State() == bzflag.GamePlaying }, poll)
		until(t, "the UDP link (is bzfs running with -noudp?)", p.g.UDPUp, poll)
		t.Logf("player %d joined as %v; %d other players, %d flags", i, p.g.ID(), len(p.g.Players()), len(p.g.Flags()))
		if err := p.g.Alive(bzflag.Vec3{float32(10 * i), 0, 0}, bzflag.Vec3{1, 0, 0}, time.Now()); err != nil {
			t.Fatal(err)
		}
	}
	pollAll := func() { ps[0].poll(t); ps[1].poll(t) }
	start := time.Now()
	until(t, "two seconds of circles", func() bool { return time.Since(start) > 2*time.Second }, func() {
		for i, p := range ps {
			a := 0.5 * time.Since(start).Seconds()
			x0 := float64(10 * i)
			p.g.Move(0, bzflag.Vec3{float32(x0 + 10*math.Sin(a)), float32(10 - 10*math.Cos(a)), 0},
				bzflag.Vec3{float32(5 * math.Cos(a)), float32(5 * math.Sin(a)), 0}, float32(a), 0.5)
		}
		pollAll()
	})
	for i, p := range ps {
		if o := p.g.Player(ps[1-i].g.ID()); o == nil || o.Updated.IsZero() || p.link.n == 0 {
			t.Errorf("player %d: the other's updates did not come over UDP (%v; %d datagrams)", i, o, p.link.n)
		}
	}
	g := ps[0].g
	if err := g.Teleport(0, 1, time.Now()); err != nil {
		t.Fatal(err)
	}
	if err := g.Killed(g.ID(), -1, time.Now()); err != nil {
		t.Fatal(err)
	}
	until(t, "MsgKilled back", func() bool {
		for _, e := range ps[0].events {
			if e.Kind == bzflag.EventKilled {
				return true
			}
		}
		return false
	}, pollAll)
	if g.Me().Losses != 1 || g.Me().Status&bzflag.StatusExploding == 0 {
		t.Errorf("after blowing up: %+v", g.Me())
	}
	for _, p := range ps {
		if err := p.g.Leave(); err != nil {
			t.Fatal(err)
		}
	}
	until(t, "MsgExit out", func() bool { return ps[0].g.Done() && ps[1].g.Done() }, pollAll)
}
