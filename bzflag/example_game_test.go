package bzflag_test

import (
	"context"
	"errors"
	"fmt"
	"net"
	"time"

	"github.com/gamewire/gamewire/bzflag"
	"github.com/gamewire/gamewire/bzflag/world"
	"github.com/gamewire/gamewire/session"
)

// tank is a client: a Game on the game connection, driven by a Conn.
type tank struct {
	name string
	g    *bzflag.Game
	d    *session.Conn
	seen []bzflag.Event
}

// dialTank connects to the server at addr (the handshake, then the
// reconnect port) and starts a Game on the game connection.
func dialTank(addr, name string, team bzflag.TeamColor) (*tank, error) {
	nc, h, err := bzflag.Dial(context.Background(), addr, bzflag.ServerVersion)
	if err != nil {
		return nil, err
	}
	g := &bzflag.Game{}
	g.Join.Enter = bzflag.Enter{ID: bzflag.PlayerID{Host: bzflag.IPv4{127, 0, 0, 1}, Port: h.Port},
		Type: bzflag.TankPlayer, Team: team, CallSign: bzflag.NewCallSign(name)}
	d, err := session.NewConn(nc, g)
	if err != nil {
		return nil, err
	}
	return &tank{name: name, g: g, d: d}, g.Start(time.Now())
}

// A whole game over loopback TCP, through the drivers: a bzflag.Server
// behind a session.Listener (and ServeHandshake on the well-known port),
// two tanks that join, see each other, drive, shoot (the 1.7 shot: its
// id, muzzle, speed), get hit (MsgShotEnd, MsgKilled, a win for the
// shooter), chat and leave. One goroutine polls every driver.
func Example_game() {
	w := world.World{Style: world.Style{MaxPlayers: 4, MaxShots: 1, ShakeTimeout: 50, ShakeWins: 2}}
	w.SetOrder()
	db, _ := w.MarshalBinary()
	worlds, _ := bzflag.NewWorldServer(db, 256)
	wks, _ := net.Listen("tcp", "127.0.0.1:0")
	gl, _ := net.Listen("tcp", "127.0.0.1:0")
	defer wks.Close()
	go bzflag.ServeHandshake(wks, uint16(gl.Addr().(*net.TCPAddr).Port))
	srv := &bzflag.Server{Worlds: worlds}
	ln, _ := session.NewListener(gl, srv)
	defer ln.Close()

	red, _ := dialTank(wks.Addr().String(), "red", bzflag.RedTeam)
	blue, _ := dialTank(wks.Addr().String(), "blue", bzflag.BlueTeam)
	until := func(done func() bool) { // poll every driver until done
		for i := 0; i < 5000 && !done(); i++ {
			ln.Poll(context.Background(), time.Millisecond)
			for _, t := range []*tank{red, blue} {
				if err := t.d.Poll(context.Background(), time.Millisecond); errors.Is(err, session.ErrDone) {
					t.d.Close()
				}
				for e, ok := t.g.Event(); ok; e, ok = t.g.Event() {
					t.seen = append(t.seen, e)
				}
			}
		}
	}
	saw := func(t *tank, k bzflag.EventKind) func() bool {
		return func() bool {
			for _, e := range t.seen {
				if e.Kind == k {
					return true
				}
			}
			return false
		}
	}
	until(func() bool { return saw(red, bzflag.EventPlaying)() && saw(blue, bzflag.EventPlaying)() })
	fmt.Println("red is player", red.g.ID().Number, "and blue", blue.g.ID().Number, "of", srv.Players())
	other := red.g.Player(blue.g.ID())
	fmt.Printf("red sees %s (%s)\n", cstring(other.CallSign[:]), other.Team)

	now := time.Now()
	red.g.Alive(bzflag.Vec3{0, 0, 0}, bzflag.Vec3{1, 0, 0}, now)    // facing +x
	blue.g.Alive(bzflag.Vec3{20, 0, 0}, bzflag.Vec3{-1, 0, 0}, now) // facing red
	red.g.Move(0, bzflag.Vec3{2, 0, 0}, bzflag.Vec3{}, 0, 0)        // a step ahead
	until(func() bool { p := blue.g.Player(red.g.ID()); return p != nil && p.Position[0] == 2 })
	fmt.Println("blue sees red at x =", blue.g.Player(red.g.ID()).Position[0])

	shot, _ := red.g.Shoot(time.Now())
	fmt.Printf("red fires shot %#04x from %.2f at %v m/s for %v\n", shot.ID, shot.Position, shot.Velocity[0], shot.Lifetime)
	var hit bzflag.Shot
	until(func() bool { var ok bool; hit, ok = blue.g.Hit(time.Now()); return ok })
	blue.g.HitBy(hit, time.Now())
	until(saw(red, bzflag.EventKilled))
	fmt.Printf("blue is hit by shot %#04x: %s; red has %d win\n", hit.ID, blue.g.Me().Status, red.g.Me().Wins)

	blue.g.Chat(bzflag.PlayerID{}, bzflag.RogueTeam, "gg")
	until(saw(red, bzflag.EventChat))
	for _, e := range red.seen {
		if e.Kind == bzflag.EventChat {
			fmt.Printf("red hears %q\n", cstring(e.Text[:]))
		}
	}
	red.g.Leave()
	blue.g.Leave()
	until(func() bool { return srv.Players() == 0 && red.g.Done() && blue.g.Done() })
	fmt.Println("left; players on the server:", srv.Players())
	// Output:
	// red is player 0 and blue 1 of 2
	// red sees blue (BlueTeam)
	// blue sees red at x = 2
	// red fires shot 0x0100 from [6.42 0.00 1.57] at 100 m/s for 3.5s
	// blue is hit by shot 0x0100: Exploding; red has 1 win
	// red hears "gg"
	// left; players on the server: 0
}
