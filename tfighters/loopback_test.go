package tfighters_test

import (
	"bytes"
	"context"
	"errors"
	"net"
	"testing"
	"time"

	"github.com/gamewire/gamewire/internal/codectest"
	"github.com/gamewire/gamewire/internal/nettest"
	"github.com/gamewire/gamewire/session"
	"github.com/gamewire/gamewire/tfighters"
	"github.com/gamewire/gamewire/wire"
)

// Captures of the loopback session, as one client (Alice) saw it.
var captureClient, captureServer = nettest.Captures("tfighters")

// game is a loopback game: a Server on a session.Listener and its
// players, each a Client on a session.Conn, all polled by the test's
// goroutine.
type game struct {
	t       *testing.T
	srv     *tfighters.Server
	ln      *session.Listener
	players []*player
}

// player is one Client on a real connection, recorded.
type player struct {
	c      *tfighters.Client
	d      *session.Conn
	rec    *nettest.Recorder
	events []tfighters.Event // every event so far
	seen   int               // events before seen were matched by until
	err    error             // the driver's final error, once there is one
}

func newGame(t *testing.T) *game {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	g := &game{t: t, srv: tfighters.NewServer()}
	if g.ln, err = session.NewListener(l, g.srv); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { g.ln.Close() })
	return g
}

// join connects a player that will ask for nick.
func (g *game) join(nick string) *player {
	g.t.Helper()
	p := &player{c: tfighters.NewClient(nick), rec: nettest.Dial(g.t, g.ln.Addr().String())}
	var err error
	if p.d, err = session.NewConn(p.rec, p.c); err != nil {
		g.t.Fatal(err)
	}
	g.t.Cleanup(func() { p.d.Close() })
	g.players = append(g.players, p)
	return p
}

// poll polls the server and every player once.
func (g *game) poll() {
	g.t.Helper()
	ctx := context.Background()
	var r *session.Refused
	if err := g.ln.Poll(ctx, time.Millisecond); err != nil && !errors.As(err, &r) {
		g.t.Fatalf("server: Poll: %v", err)
	}
	for _, p := range g.players {
		if p.err != nil {
			continue
		}
		if err := p.d.Poll(ctx, time.Millisecond); err != nil && !errors.As(err, &r) {
			p.err = err
		} else if err != nil {
			g.t.Errorf("%s refused a frame: %v", p.c.Nick(), err)
		}
		for e, ok := p.c.Event(); ok; e, ok = p.c.Event() {
			p.events = append(p.events, e)
		}
	}
}

// until polls until cond holds, failing after 5 seconds.
func (g *game) until(what string, cond func() bool) {
	g.t.Helper()
	for end := time.Now().Add(5 * time.Second); !cond(); g.poll() {
		if time.Now().After(end) {
			g.t.Fatalf("timed out waiting for %s", what)
		}
	}
}

// saw waits for p's next event that f accepts.
func (g *game) saw(p *player, what string, f func(e tfighters.Event) bool) {
	g.t.Helper()
	g.until(what, func() bool {
		for ; p.seen < len(p.events); p.seen++ {
			if f(p.events[p.seen]) {
				p.seen++
				return true
			}
		}
		return false
	})
}

// do fails the test on an action's error.
func (g *game) do(err error) {
	g.t.Helper()
	if err != nil {
		g.t.Fatal(err)
	}
}

func kind(k tfighters.EventKind, id uint32) func(tfighters.Event) bool {
	return func(e tfighters.Event) bool { return e.Kind == k && e.ID == id }
}

func TestLoopback(t *testing.T) {
	g := newGame(t)
	a := g.join("Alice")
	g.saw(a, "spawn ready", func(e tfighters.Event) bool { return e.Kind == tfighters.EventSpawnReady })
	g.do(a.c.Spawn())
	g.saw(a, "own spawn", kind(tfighters.EventSpawned, a.c.ID()))

	b := g.join("Bob")
	g.saw(b, "spawn ready", func(e tfighters.Event) bool { return e.Kind == tfighters.EventSpawnReady })
	if o := b.c.Object(a.c.ID()); o == nil || o.Nick != "Alice" {
		t.Fatalf("Bob's user list lacks Alice: %+v", b.c.Objects())
	}
	g.saw(a, "Bob joins", func(e tfighters.Event) bool { return e.Kind == tfighters.EventPlayerJoined && e.Text == "Bob" })
	g.do(b.c.Spawn())
	g.saw(b, "own spawn", kind(tfighters.EventSpawned, b.c.ID()))
	g.saw(a, "Bob spawns", kind(tfighters.EventSpawned, b.c.ID()))

	// Bob moves, turns and shoots; Alice sees it.
	g.do(b.c.Accel(9100, 31000, 1, 20))
	g.until("Bob's accel", func() bool { o := a.c.Object(b.c.ID()); return o.X == 9100 && o.Accel == 1 })
	g.do(b.c.Turn(9120, 31010, 4, 19000))
	g.until("Bob's turn", func() bool { o := a.c.Object(b.c.ID()); return o.Turn == 4 && o.Deg == 19000 })
	g.do(b.c.Shoot(time.Now(), 9120, 31010, 19000))
	g.saw(a, "Bob's bullet", func(e tfighters.Event) bool {
		return e.Kind == tfighters.EventShot && e.ID == b.c.ID() && e.Deg == 19000
	})

	// Alice too; Bob sees it.
	g.do(a.c.Accel(8900, 30900, -1, -15))
	g.until("Alice's accel", func() bool { return b.c.Object(a.c.ID()).Speed == -15 })
	g.do(a.c.Turn(8900, 30900, -2, 17000))
	g.until("Alice's turn", func() bool { return b.c.Object(a.c.ID()).Turn == -2 })
	g.do(a.c.Shoot(time.Now(), 8900, 30900, 17000))
	g.saw(b, "Alice's bullet", func(e tfighters.Event) bool { return e.Kind == tfighters.EventShot && e.ID == a.c.ID() })

	// Messages the original server ignores, and a code it does not know
	// (sent in Lax: Validate refuses undefined codes): the session goes
	// on, and the chat line after them comes back.
	g.do(a.c.Command("addbot"))
	g.do(a.c.TeamSay("team"))
	a.c.Lax = true
	g.do(a.c.Send(raw(0x8f00, []byte("from the future"))))
	a.c.Lax = false
	g.do(a.c.Say("hello Bob"))
	isChat := func(id uint32, text string) func(tfighters.Event) bool {
		return func(e tfighters.Event) bool { return e.Kind == tfighters.EventChat && e.ID == id && e.Text == text }
	}
	g.saw(a, "own chat line", isChat(a.c.ID(), "hello Bob"))
	g.saw(b, "Alice's chat line", isChat(a.c.ID(), "hello Bob"))
	g.do(b.c.Say("hi Alice"))
	g.saw(a, "Bob's chat line", isChat(b.c.ID(), "hi Alice"))

	g.do(a.c.SetNick("Alice2"))
	g.saw(b, "Alice's new nick", func(e tfighters.Event) bool { return e.Kind == tfighters.EventNick && e.Text == "Alice2" })
	g.saw(a, "own new nick", kind(tfighters.EventNick, a.c.ID()))

	// Bob leaves: his Conn ends with ErrDone and is closed; the original
	// announces it as a kick for "Read error".
	g.do(b.c.Leave())
	g.until("Bob's end", func() bool { return b.err != nil })
	if b.err != session.ErrDone {
		t.Fatalf("Bob's Poll: %v, want ErrDone", b.err)
	}
	b.d.Close()
	g.saw(a, "Bob leaves", func(e tfighters.Event) bool {
		return e.Kind == tfighters.EventPlayerLeft && e.ID == b.c.ID() && e.Text == "Read error"
	})
	if a.c.Object(b.c.ID()) != nil {
		t.Error("Alice still sees Bob")
	}
	g.until("Bob's connection closed", func() bool { return g.ln.Peers() == 1 && len(g.srv.Players()) == 1 })
	g.do(a.c.Leave())
	g.until("Alice's end", func() bool { return a.err != nil })
	a.d.Close()
	g.until("nobody left", func() bool { return g.ln.Peers() == 0 && len(g.srv.Players()) == 0 })

	nettest.SaveClient(t, a.rec, 0, captureClient, captureServer)
}

// TestCapture checks that the checked-in capture of the loopback session
// still decodes, frame by frame, strictly, and re-encodes to the same
// bytes; regenerate it with go test -run TestLoopback -update.
func TestCapture(t *testing.T) {
	first := map[wire.Direction]tfighters.Code{tfighters.FromClient: tfighters.CodeVersion, tfighters.FromServer: tfighters.CodeHi}
	must := map[wire.Direction][]tfighters.Code{
		tfighters.FromClient: {tfighters.CodeClientNick, tfighters.CodePong, tfighters.CodeClientSpawn, tfighters.CodeClientAccel,
			tfighters.CodeClientTurn, tfighters.CodeClientNewBullet, tfighters.CodeCmd, tfighters.CodeClientTeamSay,
			tfighters.CodeClientSay},
		tfighters.FromServer: {tfighters.CodeNickReply, tfighters.CodePing, tfighters.CodeLag, tfighters.CodeNewUser, tfighters.CodeInvincible,
			tfighters.CodeSpawnReady, tfighters.CodeServerSpawn, tfighters.CodeServerAccel, tfighters.CodeServerTurn,
			tfighters.CodeServerNewBullet, tfighters.CodeServerSay, tfighters.CodeServerNick, tfighters.CodeKick},
	}
	nettest.EachCapture(t, captureClient, captureServer, func(file string, from wire.Direction, data []byte) {
		c := tfighters.NewConn(rw{bytes.NewReader(data), nil}, from)
		names := codectest.CheckCapture(t, file, data, c.Next, nil)
		if len(names) == 0 || names[0] != first[from].String() {
			t.Errorf("%s starts with %v, want %s", file, names[:min(1, len(names))], first[from])
		}
		var want []string
		for _, c := range must[from] {
			want = append(want, c.String())
		}
		codectest.Holds(t, file, names, want...)
		raws, unknown := 0, wire.NewRaw(tfighters.Table(), 0, from, nil).Form().Name
		for _, name := range names {
			if name == unknown {
				raws++
			}
		}
		if from == tfighters.FromClient && raws != 1 {
			t.Errorf("%s holds %d frames of unknown codes, want 1", file, raws)
		}
	})
}
