package paintball_test

import (
	"errors"
	"math"
	"slices"
	"testing"
	"time"

	"github.com/gamewire/gamewire/fuzz/paintballgen"
	"github.com/gamewire/gamewire/paintball"
	"github.com/gamewire/gamewire/wire"
	"github.com/google/go-cmp/cmp"
	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/prop"
)

// game is a Server and its Clients in memory; every packet goes through
// its bytes (AppendBinary, then Decode), as over a connection.
type game struct {
	t       *testing.T
	now     time.Time
	srv     *paintball.Server
	clients []*paintball.Client
	players []*paintball.Player
}

func newGame(t *testing.T) *game {
	now := time.Unix(1000, 0)
	return &game{t: t, now: now, srv: paintball.NewServer(now)}
}

func (g *game) join(name string) int {
	c, err := paintball.NewClient(name)
	if err != nil {
		g.t.Fatal(err)
	}
	g.clients = append(g.clients, c)
	g.players = append(g.players, g.srv.Accept())
	if err := c.Login(); err != nil {
		g.t.Fatal(err)
	}
	g.pump()
	return len(g.clients) - 1
}

// wireCopy sends m through its bytes.
func wireCopy(t *testing.T, m paintball.Message, from wire.Direction) paintball.Message {
	t.Helper()
	b, err := m.AppendBinary(nil)
	if err != nil {
		t.Fatal(err)
	}
	got, n, err := paintball.Decode(b, from)
	if err != nil || n != len(b) {
		t.Fatalf("%s: %v", m.Form().Name, err)
	}
	return got
}

// pump delivers every queued packet, both ways, until none is left.
func (g *game) pump() {
	for moved := true; moved; {
		moved = false
		for i, c := range g.clients {
			for m := c.Next(); m != nil; m = c.Next() {
				moved = true
				if err := g.srv.Handle(g.players[i], wireCopy(g.t, m, paintball.FromClient), g.now); err != nil {
					g.t.Fatalf("server: %v", err)
				}
			}
			for m := g.players[i].Next(); m != nil; m = g.players[i].Next() {
				moved = true
				if c.State() == paintball.ClientClosed {
					continue
				}
				if err := c.Handle(wireCopy(g.t, m, paintball.FromServer)); err != nil {
					g.t.Fatalf("client %d: %v", i, err)
				}
			}
		}
	}
}

func (g *game) advance(d time.Duration) {
	g.now = g.now.Add(d)
	g.srv.Tick(g.now)
	g.pump()
}

func TestLoginFlow(t *testing.T) {
	g := newGame(t)
	a := g.join("alice")
	g.join("bob")
	g.join("carol")
	// Each is told of those who came after it, never of itself or of those
	// before (docs/errata/paintball.md, 14).
	for i, want := range [][]string{{"bob", "carol"}, {"carol"}, nil} {
		if got := g.clients[i].Players; !slices.Equal(got, want) {
			t.Errorf("client %d Players = %q, want %q", i, got, want)
		}
	}
	// Teams: the smallest, lowest first.
	for i, want := range []int{0, 1, 0} {
		if g.players[i].Team != want {
			t.Errorf("player %d team %d, want %d", i, g.players[i].Team, want)
		}
	}
	// Everyone's mirror has the three players (the new player's Update goes
	// to all; each Login came with a dump request).
	for i := range g.clients {
		if n := g.clients[i].Mirror.Live(); n != 3 {
			t.Errorf("client %d mirror has %d live objects, want 3", i, n)
		}
	}
	if got, want := g.clients[a].Mirror.Objects(), g.srv.State(); !cmp.Equal(got, want) {
		t.Errorf("alice's mirror differs from the server:\n%s", cmp.Diff(want, got))
	}
}

func TestGreetNewcomers(t *testing.T) {
	g := newGame(t)
	g.srv.GreetNewcomers = true
	g.join("alice")
	g.join("bob")
	g.join("carol")
	if got := g.clients[2].Players; !slices.Equal(got, []string{"alice", "bob"}) {
		t.Errorf("carol's Players = %q", got)
	}
}

func TestRequestsApplied(t *testing.T) {
	g := newGame(t)
	a, b := g.join("alice"), g.join("bob")
	if err := g.clients[a].Move(100, 0, 0.5); err != nil {
		t.Fatal(err)
	}
	g.pump()
	id := g.players[a].ID
	u, ok := g.clients[b].Mirror.Object(id)
	if !ok || u.VelocityX != 100 || u.VelocityY != 0 || u.Facing != 0.5 {
		t.Fatalf("bob sees alice as %+v, %v", u, ok)
	}
	// Alice finds herself: exactly one player took what she asked for.
	if self, ok := g.clients[a].Self(); !ok || self != id {
		t.Errorf("alice's Self = %d, %v; want %d", self, ok, id)
	}
	if _, ok := g.clients[b].Self(); ok {
		t.Error("bob knows himself without asking for anything")
	}
	// A single shot: one paintball, along the facing, at the speed.
	if err := g.clients[a].Shoot(paintball.ShootingStateSingle); err != nil {
		t.Fatal(err)
	}
	g.pump()
	balls := func(c *paintball.Client) (n int, last paintball.Update) {
		for _, o := range c.Mirror.Objects() {
			if o.ObjectType == paintball.ObjectTypePaintball && !o.Dead() {
				n, last = n+1, o
			}
		}
		return n, last
	}
	n, ball := balls(g.clients[b])
	if n != 1 || ball.Facing != 0.5 || ball.VelocityX != int32(math.Round(300*math.Cos(0.5))) {
		t.Fatalf("bob sees %d paintballs, %+v", n, ball)
	}
	// Automatic fire, limited to one shot per FireInterval.
	if err := g.clients[a].Shoot(paintball.ShootingStateAutomatic); err != nil {
		t.Fatal(err)
	}
	g.pump() // within 250 ms of the single shot: no shot yet
	for range 4 {
		g.advance(250 * time.Millisecond)
	}
	if n, _ := balls(g.clients[b]); n != 5 {
		t.Errorf("after a second of automatic fire bob sees %d live paintballs, want 5", n)
	}
	if err := g.clients[a].Shoot(paintball.ShootingStateNone); err != nil {
		t.Fatal(err)
	}
	g.pump()
	// Paintballs die at the edge: after 4 s all have left the field and
	// every client has been told.
	for range 16 {
		g.advance(250 * time.Millisecond)
	}
	if n, _ := balls(g.clients[b]); n != 0 {
		t.Errorf("after 4 s bob still sees %d live paintballs", n)
	}
	// Invalid requests are refused by the client before they are sent.
	if err := g.clients[a].Move(0, 0, math.NaN()); !errors.Is(err, wire.ErrInvalid) {
		t.Errorf("Move with a NaN facing: %v", err)
	}
	if err := g.clients[a].Shoot(9); !errors.Is(err, wire.ErrInvalid) {
		t.Errorf("Shoot(9): %v", err)
	}
}

// TestDumpMakesMirrorEqual: whatever a client has missed, one dump makes
// its mirror equal to the server's state.
func TestDumpMakesMirrorEqual(t *testing.T) {
	g := newGame(t)
	a, b := g.join("alice"), g.join("bob")
	g.srv.AddObstacle(10, 20)
	g.clients[a].Move(30, -40, 2)
	g.clients[b].Move(-10, 0, 1)
	g.clients[a].Shoot(paintball.ShootingStateAutomatic)
	g.pump()
	for range 7 {
		g.advance(300 * time.Millisecond)
	}
	// A newcomer who asks for nothing and a fresh mirror fed one dump.
	late, err := paintball.NewClient("dave")
	if err != nil {
		t.Fatal(err)
	}
	late.DumpOnLogin = false
	p := g.srv.Accept()
	late.Login()
	for m := late.Next(); m != nil; m = late.Next() {
		g.srv.Handle(p, m, g.now)
	}
	for m := p.Next(); m != nil; m = p.Next() {
		late.Handle(m)
	}
	late.RequestDump()
	for m := late.Next(); m != nil; m = late.Next() {
		g.srv.Handle(p, m, g.now)
	}
	for m := p.Next(); m != nil; m = p.Next() {
		late.Handle(wireCopy(t, m, paintball.FromServer))
	}
	want := g.srv.State()
	if got := late.Mirror.Objects(); !cmp.Equal(got, want) {
		t.Fatalf("after a dump the mirror differs from the server (-server +mirror):\n%s", cmp.Diff(want, got))
	}
	// The others too, after the periodic dump.
	g.pump()
	g.advance(2 * time.Second)
	want = g.srv.State()
	for i, c := range g.clients {
		var live []paintball.Update
		for _, o := range c.Mirror.Objects() {
			if i := slices.IndexFunc(want, func(w paintball.Update) bool { return w.ObjectID == o.ObjectID }); i >= 0 || !o.Dead() {
				live = append(live, o)
			}
		}
		if !cmp.Equal(live, want) {
			t.Errorf("client %d after the periodic dump (-server +mirror):\n%s", i, cmp.Diff(want, live))
		}
	}
}

// TestDumpMakesMirrorEqualProperty: for any game state, the Updates of a
// dump applied to an empty mirror, or to a mirror holding an older
// version of every object, give exactly that state.
func TestDumpMakesMirrorEqualProperty(t *testing.T) {
	params := gopter.DefaultTestParameters()
	params.MinSuccessfulTests = 200
	p := gopter.NewProperties(params)
	p.Property("dump -> mirror == state", prop.ForAll(func(state, old []paintball.Update) bool {
		var mr paintball.Mirror
		for i := range old {
			mr.Apply(&old[i])
		}
		for i := range state {
			u := wireCopy(t, &state[i], paintball.FromServer).(*paintball.Update)
			mr.Apply(u)
		}
		got := mr.Objects()
		// Objects only in the old version stay: a dump never says "gone".
		got = slices.DeleteFunc(got, func(u paintball.Update) bool {
			return !slices.ContainsFunc(state, func(s paintball.Update) bool { return s.ObjectID == u.ObjectID })
		})
		return cmp.Equal(got, state, cmp.Comparer(func(a, b float64) bool { return math.Float64bits(a) == math.Float64bits(b) }))
	}, paintballgen.GameState(), paintballgen.GameState()))
	p.TestingRun(t)
}

func TestLeaving(t *testing.T) {
	g := newGame(t)
	a, b, c := g.join("alice"), g.join("bob"), g.join("carol")
	id := g.players[b].ID
	g.srv.Leave(g.players[b], g.now)
	g.clients[b].Close()
	g.pump()
	for _, i := range []int{a, c} {
		u, ok := g.clients[i].Mirror.Object(id)
		if !ok || !u.Dead() {
			t.Errorf("client %d sees bob as %+v after he left", i, u)
		}
	}
	if len(g.srv.Players()) != 2 {
		t.Errorf("server has %d players", len(g.srv.Players()))
	}
	// Bob's tombstone is in the next KeepDead periodic dumps, then gone.
	for k := 1; k <= 3; k++ {
		g.advance(2 * time.Second)
		_, kept := slices.BinarySearchFunc(g.srv.State(), id, func(u paintball.Update, id int32) int { return int(u.ObjectID - id) })
		if kept != (k < g.srv.KeepDead) {
			t.Errorf("after %d dumps: tombstone kept = %v", k, kept)
		}
	}
}

func TestSequence(t *testing.T) {
	srv := paintball.NewServer(time.Unix(0, 0))
	p := srv.Accept()
	now := time.Unix(1, 0)
	if err := srv.Handle(p, &paintball.GameDumpRequest{}, now); !errors.Is(err, paintball.ErrSequence) {
		t.Errorf("a request before Login: %v", err)
	}
	if err := srv.Handle(p, &paintball.Login{Username: paintball.UTF("x")}, now); err != nil {
		t.Fatal(err)
	}
	if err := srv.Handle(p, &paintball.Login{Username: paintball.UTF("y")}, now); !errors.Is(err, paintball.ErrSequence) {
		t.Errorf("a second Login: %v", err)
	}
	if err := srv.Handle(p, &paintball.Update{}, now); !errors.Is(err, paintball.ErrSequence) {
		t.Errorf("an Update from a client: %v", err)
	}
	if err := srv.Handle(p, &paintball.ShootUpdateRequest{ShootingState: 3}, now); !errors.Is(err, wire.ErrInvalid) {
		t.Errorf("shooting state 3: %v", err)
	}
	srv.Leave(p, now)
	if err := srv.Handle(p, &paintball.GameDumpRequest{}, now); !errors.Is(err, paintball.ErrSequence) {
		t.Errorf("after leaving: %v", err)
	}

	c, _ := paintball.NewClient("z")
	if err := c.Move(1, 1, 0); !errors.Is(err, paintball.ErrSequence) {
		t.Errorf("Move before Login: %v", err)
	}
	if err := c.Handle(&paintball.Update{}); !errors.Is(err, paintball.ErrSequence) {
		t.Errorf("an Update before Login: %v", err)
	}
	c.Login()
	if err := c.Login(); !errors.Is(err, paintball.ErrSequence) {
		t.Errorf("a second Login: %v", err)
	}
	if err := c.Handle(&paintball.GameDumpRequest{}); !errors.Is(err, paintball.ErrSequence) {
		t.Errorf("a request from the server: %v", err)
	}
	if _, err := paintball.NewClient("bad\xff"); !errors.Is(err, wire.ErrInvalid) {
		t.Errorf("NewClient with invalid UTF-8: %v", err)
	}
}
