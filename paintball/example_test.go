package paintball_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"time"

	"github.com/gamewire/gamewire/paintball"
	"github.com/gamewire/gamewire/session"
	"github.com/gamewire/gamewire/wire"
)

// Encoding a packet: AppendBinary writes the whole packet, '*' and type
// included, into the caller's buffer.
func ExampleUpdate_AppendBinary() {
	u := &paintball.Update{ObjectType: paintball.ObjectTypePlayer, ObjectID: 7, PositionX: 100, PositionY: 200, Facing: 0}
	b, err := u.AppendBinary(nil)
	if err != nil {
		panic(err)
	}
	fmt.Printf("% x\n", b)
	// Output:
	// 2a 00 41 00 50 00 00 00 07 00 00 00 64 00 00 00 c8 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00
}

// Reading a stream of packets: the Stream splits it by the type of each
// packet, and stops at the first byte that starts no packet, having
// returned every packet before it.
func ExampleNewStream() {
	var traffic []byte
	login, _ := paintball.MakeUTF("alice")
	traffic, _ = (&paintball.Login{Username: login}).AppendBinary(traffic)
	traffic, _ = (&paintball.PlayerUpdateRequest{VelocityX: 3, VelocityY: -4, Facing: 0.5}).AppendBinary(traffic)
	traffic, _ = (&paintball.ShootUpdateRequest{ShootingState: paintball.ShootingStateAutomatic}).AppendBinary(traffic)
	traffic = append(traffic, "?garbage"...)

	s := paintball.NewStream(bytes.NewReader(traffic), paintball.FromClient)
	for {
		m, err := s.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			fmt.Println("stopped:", err)
			fmt.Printf("left: %q\n", s.Buffered())
			break
		}
		switch m := m.(type) {
		case *paintball.Login:
			fmt.Println("login", m.Name())
		case *paintball.PlayerUpdateRequest:
			fmt.Println("velocity", m.VelocityX, m.VelocityY, "facing", m.Facing)
		case *paintball.ShootUpdateRequest:
			fmt.Println("shooting", m.ShootingState)
		}
	}
	// Output:
	// login alice
	// velocity 3 -4 facing 0.5
	// shooting automatic
	// stopped: paintball: frame: field marker at byte 0: invalid value
	// left: "?garbage"
}

// A whole game over loopback TCP: a Server under a session.Listener, two
// Clients each under a session.Conn, all polled on this goroutine. Alice
// and Bob join, Bob moves and shoots, each sees the other, and they leave.
func Example_game() {
	ln, _ := net.Listen("tcp", "127.0.0.1:0")
	srv := paintball.NewServer(time.Now())
	server, _ := session.NewListener(ln, srv)
	defer server.Close()
	ctx, conns := context.Background(), []*session.Conn{}
	until := func(ok func() bool) { // poll every driver until ok
		for !ok() {
			server.Poll(ctx, time.Millisecond)
			for _, d := range conns {
				d.Poll(ctx, time.Millisecond)
			}
		}
	}
	next := func(event func() (paintball.Event, bool)) (ev paintball.Event) {
		until(func() (ok bool) { ev, ok = event(); return ok })
		return ev
	}
	dial := func(name string) (*paintball.Client, *session.Conn) {
		c, _ := paintball.NewClient(name)
		nc, _ := net.Dial("tcp", ln.Addr().String())
		d, _ := session.NewConn(nc, c)
		conns = append(conns, d)
		c.Join()
		return c, d
	}
	alice, da := dial("alice")
	fmt.Println("server:", next(srv.Event), "| alice:", next(alice.Event))
	bob, db := dial("bob")
	fmt.Println("server:", next(srv.Event), "| bob:", next(bob.Event), "| alice:", next(alice.Event))

	bob.Move(40, 0, 0.5)
	fmt.Println("bob:", next(bob.Event))
	me, _ := bob.Self()
	until(func() bool { u, _ := alice.Mirror().Object(me); return u.VelocityX == 40 })
	fmt.Println("alice sees bob move; bob sees", bob.Mirror().Live(), "players")
	bob.Shoot(paintball.ShootingStateSingle)
	until(func() bool { _, ok := alice.Mirror().Object(3); return ok })
	ball, _ := alice.Mirror().Object(3)
	fmt.Println("alice sees a", ball.ObjectType, "at", ball.VelocityX, ball.VelocityY)

	bob.Leave()
	db.Flush()
	db.Close()
	fmt.Println("server:", next(srv.Event), "| alice:", next(alice.Event))
	alice.Leave()
	da.Flush()
	da.Close()
	fmt.Println("server:", next(srv.Event))
	// Output:
	// server: alice joined as 1 in team 0 | alice: joined
	// server: bob joined as 2 in team 1 | bob: joined | alice: bob joined
	// bob: self is 2
	// alice sees bob move; bob sees 2 players
	// alice sees a paintball at 263 144
	// server: bob left | alice: player 2 left
	// server: alice left
}

// A username travels as Java's writeUTF writes it: NUL as C0 80, a
// character beyond U+FFFF as two surrogates. Decoding refuses what
// readUTF refuses.
func ExampleMakeUTF() {
	u, _ := paintball.MakeUTF("a\x00😀")
	fmt.Printf("% x\n", []byte(u))
	b, _ := (&paintball.Login{Username: u}).AppendBinary(nil)
	fmt.Printf("% x\n", b)

	_, _, err := paintball.Decode([]byte("*\x00F\x00\x01\x00"), paintball.FromServer)
	fmt.Println(err, errors.Is(err, wire.ErrInvalid))
	// Output:
	// 61 c0 80 ed a0 bd ed b8 80
	// 2a 00 46 00 09 61 c0 80 ed a0 bd ed b8 80
	// paintball: Login: field username at byte 3: invalid value true
}
