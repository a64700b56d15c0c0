package bzflag_test

import (
	"bytes"
	"math"
	"testing"

	"github.com/gamewire/gamewire/bzflag"
)

// TestOriginalServerGame plays a Game against a running original BZFlag
// 1.7 server (bzfs), when BZFS_ADDR names one on the loopback interface,
// started with UDP (without -noudp), for example as
// `bzfs -i 127.0.0.1 -p 5155 -pr 5156`; it is skipped otherwise. It
// joins, gets the relay and the UDP link, comes alive, drives a circle
// for two seconds of frames (MsgPlayerUpdate over UDP at the client's
// rate), teleports, blows itself up, and leaves; every message from bzfs
// must be handled without error. (Not run by this branch's author: no
// bzfs 1.7 could be built here.)
func TestOriginalServerGame(t *testing.T) {
	addr := bzfsAddr(t)
	var log bytes.Buffer
	p, err := dialPlayer(addr, true, &log, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	g := p.g
	if err := g.Start(p.now); err != nil {
		t.Fatal(err)
	}
	if err := p.until("the game", func() bool { return g.State() == bzflag.GamePlaying }); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 100 && !g.UDPUp(); i++ {
		if err := p.frame(); err != nil {
			t.Fatal(err)
		}
	}
	if !g.UDPUp() {
		t.Error("no UDP link (is bzfs running with -noudp?)")
	}
	t.Logf("joined as %v; %d other players, %d flags", g.ID(), len(g.Players()), len(g.Flags()))
	if err := g.Alive(bzflag.Vec3{0, 0, 0}, bzflag.Vec3{1, 0, 0}, p.now); err != nil {
		t.Fatal(err)
	}
	if err := p.until("MsgAlive back", func() bool { return p.seen[bzflag.CodeAlive] > 0 }); err != nil {
		t.Fatal(err)
	}
	// A circle of radius 10 at 5 m/s.
	start := p.now
	for p.now-start < 2e9 {
		a := 0.5 * (p.now - start).Seconds()
		g.Move(0, bzflag.Vec3{float32(10 * math.Sin(a)), float32(10 - 10*math.Cos(a)), 0},
			bzflag.Vec3{float32(5 * math.Cos(a)), float32(5 * math.Sin(a)), 0}, float32(a), 0.5)
		if err := p.frame(); err != nil {
			t.Fatal(err)
		}
	}
	if err := g.Teleport(0, 1, p.now); err != nil {
		t.Fatal(err)
	}
	if err := p.until("MsgTeleport back", func() bool { return p.seen[bzflag.CodeTeleport] > 0 }); err != nil {
		t.Fatal(err)
	}
	if err := g.Killed(g.ID(), -1, p.now); err != nil {
		t.Fatal(err)
	}
	if err := p.until("MsgKilled back", func() bool { return p.seen[bzflag.CodeKilled] > 0 }); err != nil {
		t.Fatal(err)
	}
	if g.Me().Losses != 1 || g.Me().Status&bzflag.StatusExploding == 0 {
		t.Errorf("after blowing up: %+v", g.Me())
	}
	t.Logf("received: %v", p.seen)
	if err := g.Exit(); err != nil {
		t.Fatal(err)
	}
}
