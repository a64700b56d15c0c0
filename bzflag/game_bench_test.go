package bzflag_test

import (
	"testing"
	"time"

	"github.com/gamewire/gamewire/bzflag"
)

// BenchmarkGameFrame is one frame of a game loop: one message in, the
// player's motion, Tick (an update out about every third frame).
func BenchmarkGameFrame(b *testing.B) {
	g := joinedGame(b, &sink{}, true)
	if err := g.Alive(bzflag.Vec3{}, bzflag.Vec3{1, 0, 0}, 0); err != nil {
		b.Fatal(err)
	}
	in := &bzflag.PlayerUpdate{ID: otherID, Status: bzflag.StatusAlive}
	now := time.Duration(0)
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		now += 10 * time.Millisecond
		if err := g.Handle(in, now); err != nil {
			b.Fatal(err)
		}
		g.Move(0, bzflag.Vec3{float32(i % 5), 0, 0}, bzflag.Vec3{}, 0, 0)
		if err := g.Tick(now); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkUDPLink sends one MsgPlayerUpdate over the loopback UDP link
// and reads it on the other side.
func BenchmarkUDPLink(b *testing.B) {
	client, server := udpPair(b)
	up := &bzflag.PlayerUpdate{ID: realID, Status: bzflag.StatusAlive}
	server.Conn().SetReadDeadline(time.Now().Add(time.Minute))
	b.ReportAllocs()
	for b.Loop() {
		if err := client.WriteMessage(up); err != nil {
			b.Fatal(err)
		}
		if _, err := server.Next(); err != nil {
			b.Fatal(err)
		}
	}
}
