package bzflag_test

import (
	"bytes"
	"math"
	"testing"
	"time"

	"github.com/gamewire/gamewire/bzflag"
)

// TestOriginalServerGame plays two Games against a running original
// BZFlag 1.7 server (bzfs), when BZFS_ADDR names one on the loopback
// interface, started with UDP (without -noudp), for example as
// `bzfs -i 127.0.0.1 -p 5155 -pr 5156 -c -s 3 -j`; it is skipped
// otherwise. Both join, get the relay and the UDP link, and come alive;
// they drive circles for two seconds of frames (MsgPlayerUpdate over UDP
// at the client's rate), and each must receive the other's updates over
// UDP; the first waits for bzfs's MsgLagPing (every 10 s, over UDP) and
// echoes it, teleports, blows itself up, and both leave. Every message
// from bzfs must be handled without error. Run against bzfs built from
// v1.7g2: bzfs logged "UDP link requested", "UDP confirmed" and "uread()
// exact udp up" for both players.
func TestOriginalServerGame(t *testing.T) {
	addr := bzfsAddr(t)
	var ps [2]*player
	for i := range ps {
		var log bytes.Buffer
		p, err := dialPlayer(addr, true, &log, nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		defer p.Close()
		ps[i] = p
		g := p.g
		g.Join.Enter.CallSign = bzflag.NewCallSign("gopher" + string(rune('A'+i)))
		if err := g.Start(p.now); err != nil {
			t.Fatal(err)
		}
		if err := p.until("the game", func() bool { return g.State() == bzflag.GamePlaying }); err != nil {
			t.Fatal(err)
		}
		for j := 0; j < 100 && !g.UDPUp(); j++ {
			if err := p.frame(); err != nil {
				t.Fatal(err)
			}
		}
		if !g.UDPUp() {
			t.Fatal("no UDP link (is bzfs running with -noudp?)")
		}
		t.Logf("player %d joined as %v; %d other players, %d flags", i, g.ID(), len(g.Players()), len(g.Flags()))
		if err := g.Alive(bzflag.Vec3{float32(10 * i), 0, 0}, bzflag.Vec3{1, 0, 0}, p.now); err != nil {
			t.Fatal(err)
		}
		if err := p.until("MsgAlive back", func() bool { return p.seen[bzflag.CodeAlive] > 0 }); err != nil {
			t.Fatal(err)
		}
	}
	// Circles of radius 10 at 5 m/s, both players, frame by frame.
	for k := 0; k < 200; k++ {
		for i, p := range ps {
			a := 0.5 * (p.now).Seconds()
			x0 := float64(10 * i)
			p.g.Move(0, bzflag.Vec3{float32(x0 + 10*math.Sin(a)), float32(10 - 10*math.Cos(a)), 0},
				bzflag.Vec3{float32(5 * math.Cos(a)), float32(5 * math.Sin(a)), 0}, float32(a), 0.5)
			if err := p.frame(); err != nil {
				t.Fatal(err)
			}
		}
	}
	for i, p := range ps {
		other := ps[1-i].g.ID()
		if o := p.g.Player(other); o == nil || o.Updated == 0 || p.viaUDP[bzflag.CodePlayerUpdate] == 0 {
			t.Errorf("player %d: the other's updates did not come over UDP (%v; over UDP %v)", i, o, p.viaUDP)
		}
	}
	p, g := ps[0], ps[0].g
	// bzfs pings every 10 s a player that is alive; keep both alive.
	deadline := time.Now().Add(15 * time.Second)
	for p.seen[bzflag.CodeLagPing] == 0 && time.Now().Before(deadline) {
		for _, q := range ps {
			if err := q.frame(); err != nil {
				t.Fatal(err)
			}
		}
	}
	if p.seen[bzflag.CodeLagPing] == 0 || p.viaUDP[bzflag.CodeLagPing] == 0 {
		t.Errorf("no MsgLagPing over UDP in 15 s (%v)", p.viaUDP)
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
	t.Logf("received: %v; over UDP: %v", p.seen, p.viaUDP)
	for _, q := range ps {
		if err := q.g.Exit(); err != nil {
			t.Fatal(err)
		}
	}
}
