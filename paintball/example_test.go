package paintball_test

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/gamewire/gamewire/paintball"
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

// A game in memory: a Server, two Clients, packets handed across as the
// caller's transport would carry them. Bob moves; Alice's mirror shows it.
func Example_game() {
	now := time.Unix(0, 0)
	srv := paintball.NewServer(now)
	alice, _ := paintball.NewClient("alice")
	bob, _ := paintball.NewClient("bob")
	pa, pb := srv.Accept(), srv.Accept()
	deliver := func() { // until nothing is left to send either way
		for moved := true; moved; {
			moved = false
			for _, side := range []struct {
				c *paintball.Client
				p *paintball.Player
			}{{alice, pa}, {bob, pb}} {
				for m := side.c.Next(); m != nil; m = side.c.Next() {
					srv.Handle(side.p, m, now)
					moved = true
				}
				for m := side.p.Next(); m != nil; m = side.p.Next() {
					side.c.Handle(m)
					moved = true
				}
			}
		}
	}
	alice.Login()
	deliver()
	bob.Login()
	deliver()
	fmt.Println("alice knows of", alice.Players)

	bob.Move(10, 0, 0.25)
	deliver()
	me, _ := bob.Self()
	u, _ := alice.Mirror.Object(me)
	fmt.Println("alice sees bob's velocity", u.VelocityX, u.VelocityY, "facing", u.Facing)
	fmt.Println("objects:", alice.Mirror.Live())
	// Output:
	// alice knows of [bob]
	// alice sees bob's velocity 10 0 facing 0.25
	// objects: 2
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
