package tfighters_test

import (
	"context"
	"fmt"
	"net"
	"time"

	"github.com/gamewire/gamewire/session"
	"github.com/gamewire/gamewire/tfighters"
)

// A whole game over loopback TCP: the package's Server on a
// session.Listener, and Alice and Bob, each a Client on a session.Conn,
// polled by one goroutine. They join, spawn, move, shoot, chat, see each
// other through their events and objects, and leave.
func Example_game() {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		panic(err)
	}
	ln, _ := session.NewListener(l, tfighters.NewServer())
	g := &exampleGame{ln: ln}
	defer g.close()

	alice := g.join("Alice")
	g.await(alice, tfighters.EventJoined)
	g.await(alice, tfighters.EventSpawnReady)
	alice.Spawn()
	g.await(alice, tfighters.EventSpawned)

	bob := g.join("Bob")
	g.await(bob, tfighters.EventPlayerJoined) // Alice, in the user list
	g.await(bob, tfighters.EventSpawnReady)
	bob.Spawn()
	g.await(alice, tfighters.EventPlayerJoined)
	g.await(alice, tfighters.EventSpawned) // Bob's

	bob.Accel(9100, 31000, 1, 25) // Bob moves...
	for alice.Object(bob.ID()).X != 9100 {
		g.poll()
	}
	fmt.Printf("Alice sees Bob at (%s, %s)\n", alice.Object(bob.ID()).X, alice.Object(bob.ID()).Y)
	alice.Shoot(time.Now(), 9000, 31000, 18000) // ...Alice shoots...
	g.await(bob, tfighters.EventShot)
	bob.Say("missed!") // ...and Bob says so.
	g.await(alice, tfighters.EventChat)

	bob.Leave() // Bob's Conn ends once all is sent; the server tells Alice.
	for bob.conn.Poll(context.Background(), time.Millisecond) != session.ErrDone {
	}
	bob.conn.Close()
	g.await(alice, tfighters.EventPlayerLeft)
	alice.Leave()
	// Output:
	// Alice: joined 1 "Alice"
	// Alice: spawn-ready
	// Alice: spawned 1 at (90.00, 310.00)
	// Bob: player-joined 1 "Alice"
	// Bob: spawn-ready
	// Alice: player-joined 2 "Bob"
	// Alice: spawned 2 at (90.00, 310.00)
	// Alice sees Bob at (91.00, 310.00)
	// Bob: shot 1 bullet 3 at (90.00, 310.00) heading 180.00
	// Alice: chat 2 "missed!"
	// Alice: player-left 2 "Read error"
}

// exampleGame is the server's driver and the players of Example_game.
type exampleGame struct {
	ln      *session.Listener
	players []*examplePlayer
}

// examplePlayer is a Client and its driver.
type examplePlayer struct {
	*tfighters.Client
	conn *session.Conn
}

// join dials the server with a Client that asks for nick.
func (g *exampleGame) join(nick string) *examplePlayer {
	nc, err := net.Dial("tcp", g.ln.Addr().String())
	if err != nil {
		panic(err)
	}
	p := &examplePlayer{Client: tfighters.NewClient(nick)}
	p.conn, _ = session.NewConn(nc, p.Client)
	g.players = append(g.players, p)
	return p
}

// close closes every connection and the listener.
func (g *exampleGame) close() {
	for _, p := range g.players {
		p.conn.Close()
	}
	g.ln.Close()
}

// poll polls the server and the players once; a unit one refused, or a
// connection that ended, is not this example's concern.
func (g *exampleGame) poll() {
	g.ln.Poll(context.Background(), time.Millisecond)
	for _, p := range g.players {
		p.conn.Poll(context.Background(), time.Millisecond)
	}
}

// await polls until p has an event of kind k, and prints it; p's events
// before it are skipped.
func (g *exampleGame) await(p *examplePlayer, k tfighters.EventKind) {
	for {
		for e, ok := p.Event(); ok; e, ok = p.Event() {
			if e.Kind == k {
				fmt.Printf("%s: %v\n", p.Nick(), e)
				return
			}
		}
		g.poll()
	}
}
